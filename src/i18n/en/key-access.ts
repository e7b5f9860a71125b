import { plural } from '../plural'
import type { Locale } from '../types'

/**
 * What the key dialog's sentence is made of: the mode, the access chosen, the
 * resources (the catalog's groups, as the provider names them, already joined
 * as a list in the reader's language) it may read and write, and how many
 * address ranges it is limited to (0: anywhere).
 */
export type Sentence = { mode: string; access: string; reads: string; writes: string; ranges: number }

/**
 * English texts of the key dialog on servers with key restrictions (its own
 * chunk): mode, access with the provider's scopes, the address allowlist and
 * the sentence that says what the key will be able to do.
 */
export const keyAccess = {
  'keyAccess.create.title': 'Create API key',
  'keyAccess.create.submit': 'Create key',
  'keyAccess.name': 'Key name (optional)',
  'keyAccess.mode': 'Mode',
  'keyAccess.mode.live': 'Live',
  'keyAccess.mode.liveHint': 'For real traffic.',
  'keyAccess.mode.test': 'Test',
  'keyAccess.mode.testHint': 'For development and samples: marked as a test key wherever it appears.',
  'keyAccess.mode.fixed': 'A key’s mode is set when it is created.',
  'keyAccess.access': 'Access',
  'keyAccess.access.full': 'Full access',
  'keyAccess.access.fullHint': 'Every scope, including any added later.',
  'keyAccess.access.read': 'Read only',
  'keyAccess.access.readHint': 'Every read scope, no write scope.',
  'keyAccess.access.custom': 'Custom',
  'keyAccess.access.customHint': 'Only the scopes you choose.',
  'keyAccess.scopes': 'Scopes',
  'keyAccess.scopes.none': 'Choose at least one scope.',
  'keyAccess.scopes.dropped': 'No longer offered by this API. The key keeps it until you uncheck it.',
  'keyAccess.roleNote': 'Live keys that can write need an admin or the owner: you can create test keys and read-only live keys.',
  'keyAccess.ips': 'Allowed IP addresses',
  'keyAccess.ips.hint': ({ max }: { max: number }, { lang }: Locale) =>
    `One IPv4 or IPv6 address or CIDR range per line, at most ${max.toLocaleString(lang)}. Empty: any address.`,
  'keyAccess.ips.invalid': ({ entry }: { entry: string }) => `“${entry}” is not an IP address or CIDR range.`,
  'keyAccess.ips.tooMany': ({ max }: { max: number }, { lang }: Locale) => `At most ${max.toLocaleString(lang)} addresses or ranges.`,
  /** "A test key that can read Invoices and Customers, from 2 IP ranges." */
  'keyAccess.sentence': ({ mode, access, reads, writes, ranges }: Sentence, { lang }: Locale) => {
    const can =
      access === 'full'
        ? 'can do everything'
        : access === 'read'
          ? 'can read everything'
          : reads && writes
            ? `can read ${reads} and write ${writes}`
            : reads
              ? `can read ${reads}`
              : writes
                ? `can write ${writes}`
                : 'can do nothing'
    const from = ranges ? plural(lang, ranges, { one: 'from 1 IP range', other: 'from # IP ranges' }) : 'from anywhere'
    return `${mode === 'test' ? 'A test key' : 'A live key'} that ${can}, ${from}.`
  },
  /** The server's refusals the dialog knows, by their code. */
  'keyAccess.error.role': 'Only an admin or the owner can create a live key that can write.',
  'keyAccess.error.scope': 'A scope is no longer offered: reload the page and choose again.',
}
