import { isApiError } from '../../api/errors'
import type { ErrorCode } from '../../../contract/error-codes'
import type { Translate } from '../../i18n'
import type { formDialog } from '../../i18n/en/form-dialog'

/** A message a form dialog shows, and the field it is about (its input's name), if any. */
export type FormMessage = { text: string; field?: string }

type T = Translate<typeof formDialog>

/**
 * The server's refusals the project, key and invite forms know, by their code:
 * each shown in the reader's language, with the field it is about. A limit is
 * the figure the server's message names (the server's setting, not the widget's).
 * One without a text of its own here is said as useErrorText words it. Any
 * other error is shown as the server wrote it.
 */
const KNOWN: Partial<Record<ErrorCode, [string, ((t: T, max: number) => string)?]>> = {
  PROJECT_NAME_REQUIRED: ['name', (t) => t('formDialog.projectName.required')],
  PROJECT_NAME_TOO_LONG: ['name', (t, max) => t('formDialog.projectName.tooLong', { max })],
  PROJECT_NAME_CONTROL_CHARACTERS: ['name', (t) => t('formDialog.projectName.control')],
  PROJECT_NAME_BLANK: ['name', (t) => t('formDialog.projectName.blank')],
  PROJECT_DESCRIPTION_TOO_LONG: ['description', (t, max) => t('formDialog.projectDescription.tooLong', { max })],
  PROJECT_DESCRIPTION_CONTROL_CHARACTERS: ['description'],
  PROJECT_DESCRIPTION_BLANK: ['description'],
  KEY_NAME_REQUIRED: ['name', (t) => t('formDialog.keyName.required')],
  KEY_NAME_TOO_LONG: ['name', (t, max) => t('formDialog.keyName.tooLong', { max })],
  KEY_NAME_CONTROL_CHARACTERS: ['name', (t) => t('formDialog.keyName.control')],
  KEY_NAME_BLANK: ['name', (t) => t('formDialog.keyName.blank')],
  KEY_EXPIRY_PAST: ['expiry', (t) => t('formDialog.keyExpiry.past')],
  EMAIL_INVALID: ['email'],
}

/** What a form shows for a failed call: a known code in the reader's language under its field, else the error's text (useErrorText). */
export function knownMessage(error: unknown, t: T, errorText: (error: unknown) => string): FormMessage {
  const message = errorText(error)
  const known = isApiError(error) && error.code ? KNOWN[error.code as ErrorCode] : undefined
  if (!known) return { text: message }
  const [field, text] = known
  return { text: text?.(t, Number(/\d+/.exec(message)?.[0] ?? 0)) ?? message, field }
}
