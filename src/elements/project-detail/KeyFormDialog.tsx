import { useState, type FormEvent, type MutableRefObject, type ReactNode } from 'react'
import { errorMessage } from '../../api/errors'
import { Alert } from '../../components/Alert'
import { Button } from '../../components/Button'
import { Dialog } from '../../components/dialog/Dialog'
import { DialogActions } from '../../components/dialog/DialogActions'
import { useSingleFlight } from '../../hooks/useSingleFlight'
import { useT } from '../../i18n'
import { formDialog } from '../../i18n/en/form-dialog'
import { FormError } from './FormTextField'
import { knownMessage, type FormMessage } from './known-errors'

/** A dialog's own check that failed: its message (in the reader's language) and the field (input name) it is about. */
export class FieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message)
  }
}

export interface KeyFormDialogProps {
  title: string
  submitLabel: string
  pendingLabel?: string
  danger?: boolean
  returnFocus?: MutableRefObject<HTMLElement | null>
  onClose: () => void
  /** Does the work; a rejection is shown in the dialog, which stays open. */
  onSubmit: (form: HTMLFormElement) => Promise<void>
  children: ReactNode
  /** The names of its FormTextFields: a message about one of them shows under it, not in the banner. */
  fields?: readonly string[]
}

/** A dialog that sends one key action ('Pick Key To Delete', Edit, Roll, a row's Delete): mounted while open, so each opening starts fresh. */
export function KeyFormDialog({ title, submitLabel, pendingLabel, danger, returnFocus, onClose, onSubmit, children, fields = [] }: KeyFormDialogProps) {
  const [error, setError] = useState<FormMessage | null>(null)
  const { pending, run } = useSingleFlight()
  const t = useT(formDialog)
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = e.currentTarget
    void run(async () => {
      setError(null)
      try {
        await onSubmit(form)
      } catch (err) {
        setError(err instanceof FieldError ? { text: err.message, field: err.field } : knownMessage(errorMessage(err), t))
      }
    })
  }
  return (
    <Dialog open onClose={onClose} title={title} returnFocus={returnFocus}>
      <form onSubmit={submit} className="mt-4 space-y-4 text-sm">
        {error && !(error.field && fields.includes(error.field)) && <Alert onDismiss={() => setError(null)}>{error.text}</Alert>}
        <FormError.Provider value={error}>{children}</FormError.Provider>
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            {t('formDialog.cancel')}
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} pending={pending} pendingLabel={pendingLabel}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
