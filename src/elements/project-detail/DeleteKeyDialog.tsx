import { useId, useState, type MutableRefObject } from 'react'
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

// Mounted only while the dialog is open, so every opening starts on the first key.
function PickKey({ keyIds, names = {}, onClose, onConfirm, returnFocus }: Omit<DeleteKeyDialogProps, 'open'>) {
  const [chosen, setChosen] = useState(keyIds[0] ?? '')
  const selectId = useId()
  const value = keyIds.includes(chosen) ? chosen : (keyIds[0] ?? '')

  return (
    <KeyFormDialog
      title="Pick Key To Delete"
      submitLabel="Confirm"
      pendingLabel="Deleting…"
      danger
      returnFocus={returnFocus}
      onClose={onClose}
      onSubmit={async () => {
        if (value) await onConfirm(value)
      }}
    >
      <div>
        <label htmlFor={selectId} className="block text-sm font-medium text-fg">
          API Project ID
        </label>
        <select
          id={selectId}
          value={value}
          onChange={(e) => setChosen(e.target.value)}
          className="mt-2 block w-full rounded-flex border border-border bg-bg px-3 py-2 font-mono text-sm text-fg focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent"
        >
          {keyIds.map((keyId) => (
            <option key={keyId} value={keyId}>
              {names[keyId] ? `${names[keyId]} (${keyId})` : keyId}
            </option>
          ))}
        </select>
      </div>
    </KeyFormDialog>
  )
}

/** 'Pick Key To Delete' (spec §2): a dropdown of the project-ID keys, the first chosen. */
export function DeleteKeyDialog({ open, ...rest }: DeleteKeyDialogProps) {
  return open ? <PickKey {...rest} /> : null
}
