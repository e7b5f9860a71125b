import {
  ALLOWED_IP_INVALID,
  ALLOWED_IPS_TOO_MANY,
  BROAD_KEY_ROLE_NEEDED,
  KEY_MODE_FIXED,
  KEY_MODE_INVALID,
  KEY_MODES,
  MAX_ALLOWED_IPS,
  SCOPE_UNKNOWN,
  SCOPES_INVALID,
  SCOPES_NOT_OFFERED,
  type KeyMode,
} from '../../../contract/constants'
import type { ScopeEntry } from '../../../contract/keys'
import { HttpError } from '../../http/errors'
import { parseIpRange } from '../../security/ip-ranges'

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

const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 60 ? `${text.slice(0, 57)}…` : text
}
const refuse = (message: string, code: string) => new HttpError(400, message, {}, code)

export const modeInvalid = (value: unknown) => `mode must be live or test, not ${shown(value)}.`
export const MODE_FIXED = "mode cannot be changed: a key's mode is fixed when it is made. Create a test key instead."
export const scopesInvalid = (value: unknown) => `scopes must be null (every scope) or a list of scope names, not ${shown(value)}.`
export const scopesNotOffered = (value: unknown) =>
  `scopes ${shown(value)} cannot be given: this server has no scope catalog (KEY_SCOPES_FILE), so every key holds every scope.`
export const scopeUnknown = (value: unknown) => `scopes holds ${shown(value)}, which is not a scope of this server's catalog.`
export const allowedIpsTooMany = (count: number) => `allowedIps may hold at most ${MAX_ALLOWED_IPS} addresses or ranges, not ${count}.`
export const ALLOWED_IPS_NOT_A_LIST = 'allowedIps must be a list of IPv4 or IPv6 addresses or CIDR ranges, such as ["203.0.113.7", "2001:db8::/32"].'
export const allowedIpInvalid = (value: unknown) =>
  `allowedIps holds ${shown(value)}, which is not an IPv4 or IPv6 address or CIDR range (such as 203.0.113.0/24 or 2001:db8::/32).`

type Body = Record<string, unknown>

/** `mode` of a new key: left out, live. */
export function readMode(body: Body): KeyMode {
  if (body.mode === undefined) return 'live'
  if (!KEY_MODES.includes(body.mode as KeyMode)) throw refuse(modeInvalid(body.mode), KEY_MODE_INVALID)
  return body.mode as KeyMode
}

/** `scopes`: undefined when left out, null for every scope, else the catalog's names without repeats, in the catalog's order. */
export function readScopes(body: Body, catalog: readonly ScopeEntry[] | undefined): string[] | null | undefined {
  const value = body.scopes
  if (value === undefined || value === null) return value
  if (!Array.isArray(value) || value.some((s) => typeof s !== 'string')) throw refuse(scopesInvalid(value), SCOPES_INVALID)
  if (!catalog) throw refuse(scopesNotOffered(value), SCOPES_NOT_OFFERED)
  const asked = new Set(value as string[])
  for (const name of asked) if (!catalog.some((s) => s.name === name)) throw refuse(scopeUnknown(name), SCOPE_UNKNOWN)
  return catalog.filter((s) => asked.has(s.name)).map((s) => s.name)
}

/** `allowedIps`: undefined when left out, else the entries as written (trimmed), without repeats. */
export function readAllowedIps(body: Body): string[] | undefined {
  const value = body.allowedIps
  if (value === undefined) return undefined
  if (!Array.isArray(value)) throw refuse(ALLOWED_IPS_NOT_A_LIST, ALLOWED_IP_INVALID)
  if (value.length > MAX_ALLOWED_IPS) throw refuse(allowedIpsTooMany(value.length), ALLOWED_IPS_TOO_MANY)
  const entries: string[] = []
  for (const entry of value) {
    const text = typeof entry === 'string' ? entry.trim() : undefined
    if (text === undefined || !parseIpRange(text)) throw refuse(allowedIpInvalid(entry), ALLOWED_IP_INVALID)
    if (!entries.includes(text)) entries.push(text)
  }
  return entries
}

/** The restrictions of a new key: what the body leaves out is the default (live, every scope, anywhere). */
export function newKeyRestrictions(body: Body, catalog: readonly ScopeEntry[] | undefined): Restrictions {
  return { mode: readMode(body), scopes: readScopes(body, catalog) ?? null, allowedIps: readAllowedIps(body) ?? [] }
}

/** The restrictions an edit changes (mode may not be among them). */
export function changedRestrictions(body: Body, catalog: readonly ScopeEntry[] | undefined): Partial<Omit<Restrictions, 'mode'>> {
  if (body.mode !== undefined) throw refuse(MODE_FIXED, KEY_MODE_FIXED)
  const scopes = readScopes(body, catalog)
  const allowedIps = readAllowedIps(body)
  return { ...(scopes !== undefined ? { scopes } : {}), ...(allowedIps !== undefined ? { allowedIps } : {}) }
}

/**
 * Whether a key is broad: live, and holding a write scope or every scope.
 * Only a server with a catalog restricts keys; without one every key is as
 * before, and who may make one is unchanged.
 */
export function isBroad({ mode, scopes }: Pick<Restrictions, 'mode' | 'scopes'>, catalog: readonly ScopeEntry[] | undefined): boolean {
  if (!catalog || mode === 'test') return false
  if (scopes === null) return true
  return scopes.some((name) => catalog.find((s) => s.name === name)?.access === 'write')
}

/** The 403 of a developer who asks for a broad key (or to make a key broad, or to roll one). */
export const BROAD_KEY_NEEDS_ADMIN =
  'A live key with a write scope or every scope needs the admin role (or the owner). A developer may make test keys and read-only live keys.'
export const broadKeyRefused = () => new HttpError(403, BROAD_KEY_NEEDS_ADMIN, {}, BROAD_KEY_ROLE_NEEDED)

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
