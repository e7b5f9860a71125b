import type { Locale } from '../types'

/**
 * English texts of the form dialogs of the project pages (FormDialog, also
 * used by other screens) and the dashboard's add dialog: Cancel, and the
 * server's validation messages about their fields, which the widget knows and
 * so shows in the reader's language (any other server message stays the API's English).
 */
export const formDialog = {
  'formDialog.cancel': 'Cancel',
  'formDialog.projectName.required': 'Project name is required.',
  'formDialog.projectName.tooLong': ({ max }: { max: number }, { lang }: Locale) => `Project name must be at most ${max.toLocaleString(lang)} characters.`,
  'formDialog.projectDescription.tooLong': ({ max }: { max: number }, { lang }: Locale) =>
    `Project description must be at most ${max.toLocaleString(lang)} characters.`,
  'formDialog.projectName.control': 'Project name must not contain line breaks, tabs or other control characters.',
  'formDialog.projectName.blank': 'Project name must contain a visible character, not only spaces or invisible characters.',
  'formDialog.keyName.required': 'Key name is required.',
  'formDialog.keyName.tooLong': ({ max }: { max: number }, { lang }: Locale) => `Key name must be at most ${max.toLocaleString(lang)} characters.`,
  'formDialog.keyName.control': 'Key name must not contain line breaks, tabs or other control characters.',
  'formDialog.keyName.blank': 'Key name must contain a visible character, not only spaces or invisible characters.',
  'formDialog.keyExpiry.past': 'Key expiry must be in the future.',
}
