import type { KeyInfo } from '../../api/types'
import { FormTextField } from './FormTextField'
import { ChoiceField } from './ChoiceField'
import { KeyFormDialog } from './KeyFormDialog'
import { ROLL_GRACE } from './RollKeyDialog'

export type KeyEdit = { name: string; expiresAt?: string | null }

// Unchanged (not sent), never, or a time from now (seconds).
const EXPIRY = [['Unchanged', ''], ['Never', 'never'], ...ROLL_GRACE.slice(1), ['In 30 days', '2592000'], ['In 90 days', '7776000']] as const

/** Edit: a key's name and expiry. */
export function EditKeyDialog({ info, onClose, onSave }: { info: KeyInfo; onClose: () => void; onSave: (edit: KeyEdit) => Promise<void> }) {
  return (
    <KeyFormDialog
      title="Edit API key"
      submitLabel="Save"
      onClose={onClose}
      fields={['Key name']}
      onSubmit={(form) => {
        const data = new FormData(form)
        const expiry = String(data.get('expiry'))
        const edit: KeyEdit = { name: String(data.get('name')).trim() }
        if (expiry) edit.expiresAt = expiry === 'never' ? null : new Date(Date.now() + Number(expiry) * 1000).toISOString()
        return onSave(edit)
      }}
    >
      <FormTextField label="Key name" name="name" defaultValue={info.name} required maxLength={60} autoComplete="off" />
      <ChoiceField label="Expires" name="expiry" options={EXPIRY} />
    </KeyFormDialog>
  )
}
