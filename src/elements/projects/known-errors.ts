import type { Translate } from '../../i18n'
import type { formDialog } from '../../i18n/en/form-dialog'

/**
 * The server's validation messages about a new project (the API's English, as
 * its contract words them), shown in the reader's language; any other message
 * is the server's own, shown as sent. The project page's dialogs know the same
 * (project-detail/known-errors.ts).
 */
const KNOWN: [RegExp, (t: Translate<typeof formDialog>, max: number) => string][] = [
  [/^Project name is required\.$/, (t) => t('formDialog.projectName.required')],
  [/^Project name must be at most (\d+) characters\.$/, (t, max) => t('formDialog.projectName.tooLong', { max })],
  [/^Project description must be at most (\d+) characters\.$/, (t, max) => t('formDialog.projectDescription.tooLong', { max })],
]

export function knownMessage(message: string, t: Translate<typeof formDialog>): string {
  for (const [pattern, text] of KNOWN) {
    const match = pattern.exec(message)
    if (match) return text(t, Number(match[1] ?? 0))
  }
  return message
}
