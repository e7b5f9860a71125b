import type { KeyInfo } from '../../api/types'
import { TextField } from '../../components/TextField'
import { KeyFormDialog } from './KeyFormDialog'

export type KeyEdit = { name: string; expiresAt?: string | null }

// <input type="datetime-local"> speaks local wall-clock time without an offset.
const toLocalInput = (iso: string | null) => {
  if (!iso) return ''
  const d = new Date(iso)
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}

/** Edit: a key's name and expiry (empty: none). An unchanged expiry is not sent. */
export function EditKeyDialog({ info, onClose, onSave }: { info: KeyInfo; onClose: () => void; onSave: (edit: KeyEdit) => Promise<void> }) {
  const initial = toLocalInput(info.expiresAt)
  return (
    <KeyFormDialog
      title="Edit API key"
      submitLabel="Save"
      onClose={onClose}
      onSubmit={(form) => {
        const data = new FormData(form)
        const expiry = String(data.get('expiresAt') ?? '')
        const edit: KeyEdit = { name: String(data.get('name') ?? '').trim() }
        if (expiry !== initial) edit.expiresAt = expiry ? new Date(expiry).toISOString() : null
        return onSave(edit)
      }}
    >
      <TextField label="Key name" name="name" defaultValue={info.name} required maxLength={60} autoComplete="off" />
      <TextField label="Expires (leave empty for never)" name="expiresAt" type="datetime-local" defaultValue={initial} />
    </KeyFormDialog>
  )
}
