import { createContext, useContext } from 'react'
import { TextField, type TextFieldProps } from '../TextField'
import type { FormMessage } from './known-errors'

/** The message a form dialog's last attempt failed with, and the field it is about. */
export const FormError = createContext<FormMessage | null>(null)

/**
 * A field of a form dialog that shows, right under itself, the message of the
 * last attempt when that message is about it (a known server message naming
 * its field, as "Project name is required." does, or the dialog's own check);
 * FormDialog then keeps it out of its banner. As TextField's error, the field
 * takes focus, so a screen reader reads the message with it.
 */
export function FormTextField(props: TextFieldProps) {
  const error = useContext(FormError)
  return <TextField {...props} error={error?.field !== undefined && error.field === props.name ? error.text : undefined} />
}
