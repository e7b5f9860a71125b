import { MAX_ALLOWED_IPS } from '../../../../contract/constants'
import type { Translate } from '../../../i18n'
import type { keyAccess } from '../../../i18n/en/key-access'

/**
 * The key dialog's reading of an IP allowlist as it is typed. It checks only
 * the form of each entry (an IPv4 address's four numbers, or an IPv6 address's
 * hex and colons, either with a /prefix): the server checks each address and
 * prefix again, and its refusal names the entry, which the dialog then shows.
 */
const FORM = /^(\d{1,3}(\.\d{1,3}){3}|[\da-f.]*:[\da-f.:]*)(\/\d{1,3})?$/i

/** The allowlist's entries: one per line (or comma), blanks dropped, each once. */
export const ipEntries = (text: string): string[] => [...new Set(text.split(/[\n,]/).map((line) => line.trim()))].filter(Boolean)

/** The first entry not in the form of an address or range, if any. */
export const firstInvalid = (entries: readonly string[]): string | undefined => entries.find((e) => !FORM.test(e))

/** What is wrong with the allowlist, said under it as it is typed: an entry not in form, or too many. */
export function ipCheck(entries: readonly string[], t: Translate<typeof keyAccess>): string | undefined {
  const invalid = firstInvalid(entries)
  if (invalid) return t('keyAccess.ips.invalid', { entry: invalid })
  if (entries.length > MAX_ALLOWED_IPS) return t('keyAccess.ips.tooMany', { max: MAX_ALLOWED_IPS })
}
