import { useId, useState, type FormEvent, type MutableRefObject } from 'react'
import { errorMessage } from '../../api/errors'
import { Alert } from '../../components/Alert'
import { Button } from '../../components/Button'
import { Dialog } from '../../components/dialog/Dialog'
import { DialogActions } from '../../components/dialog/DialogActions'
import { useSingleFlight } from '../../hooks/useSingleFlight'

export interface DeleteKeyDialogProps {
  open: boolean
  keyIds: string[]
  onClose: () => void
  /** Deletes the chosen key; a rejection is shown in the dialog, which stays open. */
  onConfirm: (keyId: string) => Promise<void>
  returnFocus?: MutableRefObject<HTMLElement | null>
}

// Mounted only while the dialog is open, so every opening starts on the first key.
function PickKey({ keyIds, onClose, onConfirm }: Omit<DeleteKeyDialogProps, 'open' | 'returnFocus'>) {
  const [chosen, setChosen] = useState(keyIds[0] ?? '')
  const [error, setError] = useState<string | null>(null)
  const { pending, run } = useSingleFlight()
  const selectId = useId()
  const value = keyIds.includes(chosen) ? chosen : (keyIds[0] ?? '')

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!value) return
    void run(async () => {
      setError(null)
      try {
        await onConfirm(value)
      } catch (err) {
        setError(errorMessage(err))
      }
    })
  }

  return (
    <form onSubmit={submit} className="mt-4 space-y-4">
      {error && <Alert onDismiss={() => setError(null)}>{error}</Alert>}
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
              {keyId}
            </option>
          ))}
        </select>
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" pending={pending} pendingLabel="Deleting…">
          Confirm
        </Button>
      </DialogActions>
    </form>
  )
}

/** 'Pick Key To Delete' (spec §2): a dropdown of the project-ID keys, the first chosen. */
export function DeleteKeyDialog({ open, returnFocus, ...rest }: DeleteKeyDialogProps) {
  return (
    <Dialog open={open} onClose={rest.onClose} title="Pick Key To Delete" returnFocus={returnFocus}>
      <PickKey {...rest} />
    </Dialog>
  )
}
