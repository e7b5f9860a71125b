import type { ScopeEntry } from '../../api/api-keys'
import type { KeyInfo } from '../../api/types'
import type { Translate } from '../../i18n'
import type { keys } from '../../i18n/en/keys'

/** How much a key may do: every scope, every read scope and no write one, or a choice of scopes. */
export type Access = 'full' | 'read' | 'custom'

/** The catalog's read scopes: what "Read only" holds. */
export const readScopes = (catalog: readonly ScopeEntry[]): string[] => catalog.filter((s) => s.access === 'read').map((s) => s.name)

/** The same names in any order (null: every scope). */
export const same = (a: readonly string[] | null = null, b: readonly string[] | null = null) => String(a && [...a].sort()) === String(b && [...b].sort())

/** A key's scopes (null: all) as one of the three choices the dialog offers. */
export function accessOf(scopes: readonly string[] | null | undefined, catalog: readonly ScopeEntry[]): Access {
  const read = readScopes(catalog)
  return scopes == null ? 'full' : read.length > 0 && same(scopes, read) ? 'read' : 'custom'
}

/** The groups (the provider's resources) of `scopes` that read, or that write, as a list in the reader's language. */
export const groupsOf = (catalog: readonly ScopeEntry[], scopes: readonly string[] | null, read: boolean, lang: string) =>
  new Intl.ListFormat(lang).format(new Set(catalog.filter((s) => scopes?.includes(s.name) && (s.access === 'read') === read).map((s) => s.group)))

/** A test key (a key without a mode is live). */
export const isTest = (key: KeyInfo): boolean => key.mode === 'test'

/** A key's restrictions in a few words: "Full access", "Read only" or "3 scopes", then "2 IP ranges" when it has an allowlist. */
export function keyAccessText(key: KeyInfo, catalog: readonly ScopeEntry[], t: Translate<typeof keys>): string {
  const access = accessOf(key.scopes, catalog)
  const what =
    access === 'full' ? t('keys.access.full') : access === 'read' ? t('keys.access.readOnly') : t('keys.access.scopes', { count: key.scopes?.length ?? 0 })
  const ips = key.allowedIps?.length ?? 0
  return ips > 0 ? `${what} · ${t('keys.access.ips', { count: ips })}` : what
}
