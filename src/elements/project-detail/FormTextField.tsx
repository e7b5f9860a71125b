import { createContext, useContext, useId } from 'react'
import { TextField, type TextFieldProps } from '../../components/TextField'

/** The message a form dialog's last attempt failed with, for the field it is about. */
export const FormError = createContext<string | null>(null)

/**
 * A field of a form dialog that shows, right under itself, the server's
 * message when that message is about it (it names the field, as "Project name
 * is required." does); KeyFormDialog then keeps it out of its banner.
 */
export function FormTextField(props: TextFieldProps) {
  const error = useContext(FormError)
  const id = useId()
  const mine = error !== null && aboutField(error, props.label)
  return (
    <div>
      <TextField {...props} aria-invalid={mine || undefined} aria-describedby={mine ? id : undefined} />
      {mine && (
        <p id={id} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  )
}

/** Whether `message` is about the field labelled `label` (the server's messages start with the field's name). */
export const aboutField = (message: string, label: string) => message.toLowerCase().startsWith(label.toLowerCase() + ' ')
