import type { KeyInfo } from '../../api/types'
import { useT } from '../../i18n'
import { keys as texts } from '../../i18n/en/keys'
import { FormTextField } from '../../components/form-dialog/FormTextField'
import { ChoiceField } from '../../components/ChoiceField'
import { FormDialog } from '../../components/form-dialog/FormDialog'
import { expiresAt, useExpiryOptions } from './expiry'

export type KeyEdit = { name: string; expiresAt?: string | null }

/** Edit: a key's name and expiry. */
export function EditKeyDialog({ info, onClose, onSave }: { info: KeyInfo; onClose: () => void; onSave: (edit: KeyEdit) => Promise<void> }) {
  const t = useT(texts)
  const expiry = useExpiryOptions(true)
  return (
    <FormDialog
      title={t('keys.edit.title')}
      submitLabel={t('keys.edit.save')}
      onClose={onClose}
      fields={['name']}
      onSubmit={(form) => {
        const data = new FormData(form)
        const edit: KeyEdit = { name: String(data.get('name')).trim() }
        const expires = expiresAt(String(data.get('expiry')))
        if (expires !== undefined) edit.expiresAt = expires
        return onSave(edit)
      }}
    >
      <FormTextField label={t('keys.edit.name')} name="name" defaultValue={info.name} required maxLength={60} autoComplete="off" />
      <ChoiceField label={t('keys.edit.expires')} name="expiry" options={expiry} />
    </FormDialog>
  )
}
