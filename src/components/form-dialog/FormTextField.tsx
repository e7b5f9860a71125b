import { createContext, useContext, useId } from 'react'
import { TextField, type TextFieldProps } from '../TextField'
import type { FormMessage } from './known-errors'

/** The message a form dialog's last attempt failed with, and the field it is about. */
export const FormError = createContext<FormMessage | null>(null)

/**
 * A field of a form dialog that shows, right under itself, the message of the
 * last attempt when that message is about it (a known server message naming
 * its field, as "Project name is required." does, or the dialog's own check);
 * FormDialog then keeps it out of its banner.
 */
export function FormTextField(props: TextFieldProps) {
  const error = useContext(FormError)
  const id = useId()
  const mine = error?.field !== undefined && error.field === props.name
  return (
    <div>
      <TextField
        {...props}
        aria-invalid={mine || undefined}
        aria-describedby={[props['aria-describedby'], mine && id].filter(Boolean).join(' ') || undefined}
      />
      {mine && (
        <p id={id} className="mt-1 text-sm text-danger">
          {error.text}
        </p>
      )}
    </div>
  )
}
