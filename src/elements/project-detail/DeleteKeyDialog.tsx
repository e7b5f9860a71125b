import type { MutableRefObject } from 'react'
import { ChoiceField } from './ChoiceField'
import { KeyFormDialog } from './KeyFormDialog'

export interface DeleteKeyDialogProps {
  open: boolean
  keyIds: string[]
  /** Key names by id, when the server sends them: the options then read "name (id)". */
  names?: Record<string, string>
  onClose: () => void
  /** Deletes the chosen key; a rejection is shown in the dialog, which stays open. */
  onConfirm: (keyId: string) => Promise<void>
  returnFocus?: MutableRefObject<HTMLElement | null>
}

/**
 * 'Pick Key To Delete': a dropdown of the project's API Project IDs, the first
 * chosen. Mounted only while open, so every opening starts on the first key.
 */
export function DeleteKeyDialog({ open, keyIds, names = {}, onConfirm, ...rest }: DeleteKeyDialogProps) {
  if (!open) return null
  return (
    <KeyFormDialog
      title="Pick Key To Delete"
      submitLabel="Confirm"
      pendingLabel="Deleting…"
      danger
      {...rest}
      onSubmit={async (form) => {
        const keyId = String(new FormData(form).get('keyId') ?? '')
        if (keyId) await onConfirm(keyId)
      }}
    >
      <ChoiceField label="API Project ID" name="keyId" options={keyIds.map((id) => [names[id] ? `${names[id]} (${id})` : id, id])} />
    </KeyFormDialog>
  )
}
