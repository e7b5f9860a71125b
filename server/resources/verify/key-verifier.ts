import { hash } from 'node:crypto'
import { findKeyByHash, touchKey, type VerifiedKey } from '../api-keys'
import { iso } from '../../db/time'
import type { Database } from '../../db/index'
import type { CacheSet } from '../../db/cache'
import type { Log } from '../../http/logger'
import { usageCounter } from '../usage'
import type { Verification } from '../../../contract/responses'
import { clientAddress, ipMatcher, type IpMatcher } from '../../security/ip-ranges'

export type { Verification }

/** What a call asks beyond the key: the client's address, and the scopes the call needs. */
export interface VerifyAsk {
  ip?: string
  scopes?: readonly string[]
}

export interface KeyVerifier {
  /** The answer for a key. Answers are shared between calls (a key's stays the same while it is cached): frozen, never to be changed. */
  verify(key: string, ask?: VerifyAsk): Promise<Verification>
  /** Resolves when the last-used writes started so far, and the usage counted so far, are written (tests). */
  settle(): Promise<void>
  /** settle() as the app closes: nothing is written after it. */
  close(): Promise<void>
}

/** The channel the api_keys table's trigger sends a key's hash on when it is added, changed (not its last use) or removed (migration 013). */
export const KEY_CHANNEL = 'flex_api_keys'

/** lastUsedAt is written at most this often per key, after the first use. */
export const LAST_USED_EVERY_MS = 60_000
// A safety net only: every change to a key's row is heard.
const TTL_MS = 5 * 60_000
const MAX_ENTRIES = 10_000
/** Unknown keys' answers, kept apart (a misconfigured client asking the same wrong key again costs no query). */
const MAX_UNKNOWN_ENTRIES = 1_000

const NOT_FOUND: Verification = Object.freeze({ valid: false, code: 'NOT_FOUND' })
const EXPIRED: Verification = Object.freeze({ valid: false, code: 'EXPIRED' })
const IP_NOT_ALLOWED: Verification = Object.freeze({ valid: false, code: 'IP_NOT_ALLOWED' })

/**
 * A key as kept: its row, and its answer made once (the route serialises each
 * answer once too, routes.ts), with its restrictions made ready to ask: the
 * allowlist as a matcher and the scopes as a set (none for an unrestricted key).
 */
type Known = { key: VerifiedKey; answer: Verification; allow?: IpMatcher; held?: ReadonlySet<string> } | { key: undefined; answer: Verification }
const UNKNOWN: Known = Object.freeze({ key: undefined, answer: NOT_FOUND })

/**
 * Answers "is this key good?" from memory, keyed by the key's hash, so the
 * hot path makes no query (db/cache.ts: every change to a key's row is
 * heard). Expiry needs no message: it is compared with the clock on every
 * answer.
 */
export function keyVerifier(caches: CacheSet, db: Database, clock: () => number, log: Log): KeyVerifier {
  const pending = new Set<Promise<void>>()
  // Every answer is counted per key and day, in memory; written in batches (resources/usage).
  const usage = usageCounter(db, log)
  const keys = caches.rowCache<Known>({
    channel: KEY_CHANNEL,
    ttlMs: TTL_MS,
    max: MAX_ENTRIES,
    absent: { is: (known) => known === UNKNOWN, max: MAX_UNKNOWN_ENTRIES },
    now: clock,
    onListenFailed: (err) => log(`key cache disabled: cannot LISTEN (${err instanceof Error ? err.message : String(err)})`),
    async load(digest) {
      const key = await findKeyByHash(db, digest)
      if (!key) return UNKNOWN
      const expiresAt = key.expiresAt === null ? null : iso(new Date(key.expiresAt))
      const { keyId, projectId, name, mode, scopes } = key
      return {
        key,
        answer: Object.freeze({ valid: true, keyId, projectId, name, expiresAt, mode, scopes: scopes && (Object.freeze(scopes) as string[]) }),
        ...(key.allowedIps.length ? { allow: ipMatcher(key.allowedIps) } : {}),
        ...(scopes ? { held: new Set(scopes) } : {}),
      }
    },
  })

  const touch = (key: VerifiedKey, now: number) => {
    key.lastUsedAt = now
    const p = touchKey(db, key.keyId, new Date(now)).catch((err: unknown) =>
      log(`lastUsedAt write failed: ${err instanceof Error ? err.message : String(err)}`),
    )
    pending.add(p)
    void p.finally(() => pending.delete(p))
    return p
  }

  return {
    settle: async () => {
      await Promise.all([...pending, usage.flush()])
    },
    close: async () => {
      await Promise.all([...pending, usage.close()])
    },
    async verify(secret, ask) {
      const now = clock()
      // The hex SHA-256 that api-keys/key.ts stores, in one call (no Hash object per request).
      const digest = hash('sha256', secret)
      // A hit is answered without an await of its own: this is the hot path.
      const known = keys.cached(digest) ?? (await keys.get(digest))!
      const { key, answer } = known
      if (!key) {
        usage.count(key, now)
        return answer
      }
      const refusal = key.expiresAt !== null && key.expiresAt <= now ? EXPIRED : restricted(known, ask)
      usage.count(key, now, refusal !== undefined && refusal !== EXPIRED)
      if (refusal) return refusal
      // The first use is written before answering, so it shows at once; later
      // ones at most once a minute, without waiting for the write.
      if (key.lastUsedAt === null) await touch(key, now)
      else if (now - key.lastUsedAt >= LAST_USED_EVERY_MS) void touch(key, now)
      return answer
    },
  }
}

/**
 * Why a key's restrictions refuse this call, or undefined: an allowlist needs
 * an address within it (none given is outside), and every scope asked must be
 * held (a key with every scope holds any). Unrestricted keys cost two checks.
 */
function restricted({ allow, held }: { allow?: IpMatcher; held?: ReadonlySet<string> }, ask: VerifyAsk | undefined): Verification | undefined {
  if (allow) {
    const address = ask?.ip === undefined ? undefined : clientAddress(ask.ip)
    if (!address || !allow(address)) return IP_NOT_ALLOWED
  }
  if (held && ask?.scopes?.length) {
    let missing: string[] | undefined
    for (const scope of ask.scopes) if (!held.has(scope) && !missing?.includes(scope)) (missing ??= []).push(scope)
    if (missing) return { valid: false, code: 'INSUFFICIENT_SCOPE', missingScopes: missing }
  }
  return undefined
}
