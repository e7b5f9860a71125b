import type { KeyInfo } from '../../api/types'
import { useT } from '../../i18n'
import { keys as texts } from '../../i18n/en/keys'
import { FormTextField } from '../../components/form-dialog/FormTextField'
import { ChoiceField } from '../../components/ChoiceField'
import { FormDialog } from '../../components/form-dialog/FormDialog'
import { useGraceOptions } from '../../hooks/useGraceOptions'

export type KeyEdit = { name: string; expiresAt?: string | null }

/** Edit: a key's name and expiry. */
export function EditKeyDialog({ info, onClose, onSave }: { info: KeyInfo; onClose: () => void; onSave: (edit: KeyEdit) => Promise<void> }) {
  const t = useT(texts)
  const grace = useGraceOptions()
  // Unchanged (not sent), never, or a time from now (seconds).
  const expiry: (readonly [string, string])[] = [
    [t('keys.expiry.unchanged'), ''],
    [t('keys.expiry.never'), 'never'],
    ...grace.slice(1),
    [t('keys.expiry.in30Days'), '2592000'],
    [t('keys.expiry.in90Days'), '7776000'],
  ]
  return (
    <FormDialog
      title={t('keys.edit.title')}
      submitLabel={t('keys.edit.save')}
      onClose={onClose}
      fields={['name']}
      onSubmit={(form) => {
        const data = new FormData(form)
        const expiry = String(data.get('expiry'))
        const edit: KeyEdit = { name: String(data.get('name')).trim() }
        if (expiry) edit.expiresAt = expiry === 'never' ? null : new Date(Date.now() + Number(expiry) * 1000).toISOString()
        return onSave(edit)
      }}
    >
      <FormTextField label={t('keys.edit.name')} name="name" defaultValue={info.name} required maxLength={60} autoComplete="off" />
      <ChoiceField label={t('keys.edit.expires')} name="expiry" options={expiry} />
    </FormDialog>
  )
}
