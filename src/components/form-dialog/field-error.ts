/** A dialog's own check that failed: its message (in the reader's language) and the field (input name) it is about. */
export class FieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message)
  }
}
