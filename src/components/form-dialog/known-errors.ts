import type { Translate } from '../../i18n'
import type { formDialog } from '../../i18n/en/form-dialog'

/** A message a form dialog shows, and the field it is about (its input's name), if any. */
export type FormMessage = { text: string; field?: string }

type T = Translate<typeof formDialog>

/**
 * The server's validation messages the project and key forms know (the API's
 * English, as its contract words them): each shown in the reader's language,
 * with the field it is about. Any other message is the server's own, shown as sent.
 */
const KNOWN: [RegExp, string, (t: T, max: number) => string][] = [
  [/^Project name is required\.$/, 'name', (t) => t('formDialog.projectName.required')],
  [/^Project name must be at most (\d+) characters\.$/, 'name', (t, max) => t('formDialog.projectName.tooLong', { max })],
  [/^Project description must be at most (\d+) characters\.$/, 'description', (t, max) => t('formDialog.projectDescription.tooLong', { max })],
  [/^Key name is required\.$/, 'name', (t) => t('formDialog.keyName.required')],
  [/^Key name must be at most (\d+) characters\.$/, 'name', (t, max) => t('formDialog.keyName.tooLong', { max })],
  [/^Key expiry must be in the future\.$/, 'expiry', (t) => t('formDialog.keyExpiry.past')],
]

export function knownMessage(message: string, t: T): FormMessage {
  for (const [pattern, field, text] of KNOWN) {
    const match = pattern.exec(message)
    if (match) return { text: text(t, Number(match[1] ?? 0)), field }
  }
  return { text: message }
}
