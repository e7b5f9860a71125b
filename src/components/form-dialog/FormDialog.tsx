import { useState, type FormEvent, type MutableRefObject, type ReactNode } from 'react'
import { Alert } from '../Alert'
import { Button } from '../Button'
import { Dialog } from '../dialog/Dialog'
import { DialogActions } from '../dialog/DialogActions'
import { useSingleFlight } from '../../hooks/useSingleFlight'
import { useT } from '../../i18n'
import { formDialog } from '../../i18n/en/form-dialog'
import { FieldError } from './field-error'
import { FormError } from './FormTextField'
import { knownMessage, type FormMessage } from './known-errors'
import { useErrorText } from '../../hooks/useErrorText'

export interface FormDialogProps {
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

/** A dialog that sends one action (a key's Edit, Roll or Delete, a webhook's test, deleting the account): mounted while open, so each opening starts fresh. */
export function FormDialog({ title, submitLabel, pendingLabel, danger, returnFocus, onClose, onSubmit, children, fields = [] }: FormDialogProps) {
  const [error, setError] = useState<FormMessage | null>(null)
  const { pending, run } = useSingleFlight()
  const t = useT(formDialog)
  const errorText = useErrorText()
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const form = e.currentTarget
    void run(async () => {
      setError(null)
      try {
        await onSubmit(form)
      } catch (err) {
        setError(err instanceof FieldError ? { text: err.message, field: err.field } : knownMessage(err, t, errorText))
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
