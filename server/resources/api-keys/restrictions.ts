import { KEY_MODES, MAX_ALLOWED_IPS, type KeyMode } from '../../../contract/constants'
import type { ScopeEntry } from '../../../contract/keys'
import { badRequest, HttpError } from '../../http/errors'
import { distinctRanges, parseIpRange, sameRanges } from '../../security/ip-ranges'
import { ALLOWED_IPS_SHAPE, KEYS } from './errors'

/**
 * The restrictions a key carries (issue 50), checked against the server's
 * scope catalog before the body's schema reads the rest, so each refusal is a
 * 400 naming the field and the value, with its code. A value is quoted as
 * JSON, cut short: it may be anything a client sent.
 */

export interface Restrictions {
  mode: KeyMode
  /** null: every scope of the catalog. */
  scopes: string[] | null
  allowedIps: string[]
}

type Body = Record<string, unknown>

/** `mode` of a new key: left out, live. */
export function readMode(body: Body): KeyMode {
  if (body.mode === undefined) return 'live'
  if (!KEY_MODES.includes(body.mode as KeyMode)) throw badRequest(KEYS.KEY_MODE_INVALID(body.mode))
  return body.mode as KeyMode
}

/**
 * `scopes`: undefined when left out, null for every scope, else the catalog's names without repeats, in the
 * catalog's order. A name the catalog does not hold is refused, but for an edit (`dropped`), which may keep
 * one the catalog has since dropped: such names come last, and updateKey refuses any the key does not hold.
 */
export function readScopes(body: Body, catalog: readonly ScopeEntry[] | undefined, dropped?: string[]): string[] | null | undefined {
  const value = body.scopes
  if (value === undefined || value === null) return value
  if (!Array.isArray(value) || value.some((s) => typeof s !== 'string')) throw badRequest(KEYS.SCOPES_INVALID(value))
  if (!catalog) throw badRequest(KEYS.SCOPES_NOT_OFFERED(value))
  const asked = new Set(value as string[])
  for (const name of asked) {
    if (catalog.some((s) => s.name === name)) continue
    if (!dropped) throw badRequest(KEYS.SCOPE_UNKNOWN(name))
    dropped.push(name)
  }
  return [...catalog.filter((s) => asked.has(s.name)).map((s) => s.name), ...(dropped ?? [])]
}

/**
 * `allowedIps`: undefined when left out, else the entries as written (trimmed), without repeats: an entry that
 * lets in the same clients as one before it (another spelling of it, security/ip-ranges.ts) is left out.
 */
export function readAllowedIps(body: Body): string[] | undefined {
  const value = body.allowedIps
  if (value === undefined) return undefined
  if (!Array.isArray(value)) throw badRequest(ALLOWED_IPS_SHAPE.ALLOWED_IP_INVALID)
  if (value.length > MAX_ALLOWED_IPS) throw badRequest(KEYS.ALLOWED_IPS_TOO_MANY(value.length))
  const entries: string[] = []
  for (const entry of value) {
    const text = typeof entry === 'string' ? entry.trim() : undefined
    if (text === undefined || !parseIpRange(text)) throw badRequest(KEYS.ALLOWED_IP_INVALID(entry))
    entries.push(text)
  }
  return distinctRanges(entries)
}

/** The restrictions of a new key: what the body leaves out is the default (live, every scope, anywhere). */
export function newKeyRestrictions(body: Body, catalog: readonly ScopeEntry[] | undefined): Restrictions {
  return { mode: readMode(body), scopes: readScopes(body, catalog) ?? null, allowedIps: readAllowedIps(body) ?? [] }
}

/** What an edit changes of a key's restrictions (mode may not be among them); `dropped`, the names it keeps that the catalog no longer holds. */
export type RestrictionChange = Partial<Omit<Restrictions, 'mode'>> & { dropped?: string[] }

/**
 * The scopes of an edit as the key will hold them: the same names as it holds, in any order, keep the key's
 * order (no change, and no `key.restricted` entry); otherwise the catalog's order, then the dropped names it
 * keeps in the key's own order.
 */
export function inKeyOrder(scopes: string[] | null, dropped: string[] | undefined, held: string[] | null): string[] | null {
  if (!scopes || !held) return scopes
  if (scopes.length === held.length && scopes.every((name) => held.includes(name))) return held
  return dropped?.length ? [...scopes.filter((name) => !dropped.includes(name)), ...held.filter((name) => dropped.includes(name))] : scopes
}

/**
 * The allowlist of an edit as the key will hold it: one that lets in the same clients as the key's, in any
 * order or spelling, keeps the key's (no change, and no `key.restricted` entry), as the key dialog reads
 * two lists; otherwise the entries as sent.
 */
export const inKeyIps = (sent: string[], held: string[]): string[] => (sent.length === held.length && sameRanges(sent, held) ? held : sent)

/** The restrictions an edit changes (mode may not be among them). */
export function changedRestrictions(body: Body, catalog: readonly ScopeEntry[] | undefined): RestrictionChange {
  if (body.mode !== undefined) throw badRequest(KEYS.KEY_MODE_FIXED)
  const dropped: string[] = []
  const scopes = readScopes(body, catalog, dropped)
  const allowedIps = readAllowedIps(body)
  return { ...(scopes !== undefined ? { scopes, dropped } : {}), ...(allowedIps !== undefined ? { allowedIps } : {}) }
}

/**
 * Whether a key is broad: live, and holding a write scope or every scope.
 * Only a server with a catalog restricts keys; without one every key is as
 * before, and who may make one is unchanged. A scope the catalog no longer
 * names (dropped from KEY_SCOPES_FILE, while keys still hold it and the
 * provider's API may still ask for it) counts as a write scope: only what the
 * catalog says is read-only is.
 */
export function isBroad({ mode, scopes }: Pick<Restrictions, 'mode' | 'scopes'>, catalog: readonly ScopeEntry[] | undefined): boolean {
  if (!catalog || mode === 'test') return false
  if (scopes === null) return true
  return scopes.some((name) => catalog.find((s) => s.name === name)?.access !== 'read')
}

/** The 403 of a developer who asks for a broad key (or to make a key broad, or to roll one). */
export const broadKeyRefused = () => new HttpError(403, KEYS.BROAD_KEY_ROLE_NEEDED)

const listed = (list: string[] | null) => (list === null ? null : list.join(', '))

/**
 * The audit log's details of a change of restrictions: each field that
 * differs, old and new (a list as comma-separated text; null scopes for
 * every scope). With no `before`, a new key's restrictions. Never the key.
 */
export function restrictionsChanged(before: Restrictions | undefined, after: Restrictions): Record<string, string | null> {
  const details: Record<string, string | null> = {}
  if (!before) return { mode: after.mode, scopes: listed(after.scopes), allowedIps: listed(after.allowedIps) }
  if (listed(before.scopes) !== listed(after.scopes)) Object.assign(details, { scopesFrom: listed(before.scopes), scopesTo: listed(after.scopes) })
  if (listed(before.allowedIps) !== listed(after.allowedIps)) {
    Object.assign(details, { allowedIpsFrom: listed(before.allowedIps), allowedIpsTo: listed(after.allowedIps) })
  }
  return details
}
