import { useT } from '../i18n'
import { reveal } from '../i18n/en/reveal'

/** The warning every dialog that shows a whole API key carries: the spec's, from 'API Information'. In English (what tests compare with). */
export const ONE_TIME_WARNING = reveal['reveal.oneTimeWarning']

/** The warning in the reader's language: what a dialog shows. */
export function useOneTimeWarning(): string {
  return useT(reveal)('reveal.oneTimeWarning')
}
