import type { ScopeEntry } from '../../api/api-keys'
import type { KeyInfo } from '../../api/types'

/** How much a key may do: every scope, every read scope and no write one, or a choice of scopes. */
export type Access = 'full' | 'read' | 'custom'

/** The catalog's read scopes: what "Read only" holds. */
export const readScopes = (catalog: readonly ScopeEntry[]): string[] => catalog.filter((s) => s.access === 'read').map((s) => s.name)

/** A key's scopes (null: all) as one of the three choices the dialog offers. */
export function accessOf(scopes: readonly string[] | null | undefined, catalog: readonly ScopeEntry[]): Access {
  if (scopes == null) return 'full'
  const read = readScopes(catalog)
  return read.length > 0 && scopes.length === read.length && read.every((s) => scopes.includes(s)) ? 'read' : 'custom'
}

/** A test key (a key without a mode is live). */
export const isTest = (key: KeyInfo): boolean => key.mode === 'test'
