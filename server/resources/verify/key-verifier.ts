import { hash } from 'node:crypto'
import { findKeyByHash, KEY_CHANNEL, touchKey, type VerifiedKey } from '../api-keys'
import { iso } from '../../db/time'
import type { Database } from '../../db/index'
import { listenForChanges } from '../../db/change-listener'
import type { Log } from '../../http/logger'
import { usageCounter } from '../usage'

export type Verification =
  { valid: true; keyId: string; projectId: string; name: string; expiresAt: string | null } | { valid: false; code: 'NOT_FOUND' | 'EXPIRED' }

export interface KeyVerifier {
  /** The answer for a key. Answers are shared between calls (a key's stays the same while it is cached): frozen, never to be changed. */
  verify(key: string): Promise<Verification>
  /** Drops what is known of a key at once (this instance changed it; others hear the NOTIFY). */
  forget(keyId: string): void
  /** Resolves when the last-used writes started so far, and the usage counted so far, are written (tests, shutdown). */
  settle(): Promise<void>
  /** Ends its LISTEN (the app is closing); verifications from then on are not cached. */
  stop(): Promise<void>
}

/** lastUsedAt is written at most this often per key, after the first use. */
export const LAST_USED_EVERY_MS = 60_000
// A safety net only: entries are dropped by NOTIFY the moment a key changes.
const TTL_MS = 5 * 60_000
const MAX_ENTRIES = 10_000

type Entry = { key: VerifiedKey | undefined; at: number }

const NOT_FOUND: Verification = Object.freeze({ valid: false, code: 'NOT_FOUND' })
const EXPIRED: Verification = Object.freeze({ valid: false, code: 'EXPIRED' })

/**
 * Answers "is this key good?" from a small in-process cache keyed by the
 * key's hash, so the hot path makes no query. Correctness rests on NOTIFY:
 * every delete, roll and edit sends the key's id on KEY_CHANNEL, and each
 * instance drops that entry when it hears it. Until the LISTEN is in place,
 * or while its connection is down, nothing is cached. Expiry needs no
 * message: it is compared with the clock on every answer.
 */
export function keyVerifier(db: Database, clock: () => number, log: Log): KeyVerifier {
  const cache = new Map<string, Entry>()
  // A cached key's answer, made once: the route serialises each answer once too (routes.ts).
  const answers = new WeakMap<VerifiedKey, Verification>()
  const pending = new Set<Promise<void>>()
  // Every answer is counted per key and day, in memory; written in batches (resources/usage).
  const usage = usageCounter(db, log)
  // Bumped by every invalidation: a lookup that raced one is not cached.
  let epoch = 0

  const forget = (keyId: string) => {
    epoch++
    for (const [hash, e] of cache) if (e.key?.keyId === keyId) cache.delete(hash)
  }
  // Verifications wait for the LISTEN to be in place (once, at start), so a
  // cached answer can always be withdrawn.
  const changes = listenForChanges(
    db,
    KEY_CHANNEL,
    forget,
    () => {
      epoch++
      cache.clear()
    },
    (err) => log(`key cache disabled: cannot LISTEN (${err instanceof Error ? err.message : String(err)})`),
  )
  let ready: Promise<unknown> | undefined = changes.ready.finally(() => (ready = undefined))

  const touch = (key: VerifiedKey, now: number) => {
    key.lastUsedAt = now
    const p = touchKey(db, key.keyId, new Date(now)).catch((err: unknown) =>
      log(`lastUsedAt write failed: ${err instanceof Error ? err.message : String(err)}`),
    )
    pending.add(p)
    void p.finally(() => pending.delete(p))
    return p
  }

  /** A key not in the cache (or kept there too long), read and cached. */
  async function load(hash: string, now: number): Promise<VerifiedKey | undefined> {
    const seen = epoch
    const key = await findKeyByHash(db, hash)
    if (changes.listening && seen === epoch) {
      if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!)
      cache.set(hash, { key, at: now })
    }
    return key
  }

  return {
    forget,
    settle: async () => {
      await Promise.all([...pending, usage.flush()])
    },
    stop: () => changes.stop(),
    async verify(secret) {
      if (ready) await ready
      const now = clock()
      // The hex SHA-256 that api-keys/key.ts stores, in one call (no Hash object per request).
      const digest = hash('sha256', secret)
      // A hit is answered without an await of its own: this is the hot path.
      const hit = cache.get(digest)
      const key = hit && now - hit.at < TTL_MS ? hit.key : await load(digest, now)
      usage.count(key, now)
      if (!key) return NOT_FOUND
      if (key.expiresAt !== null && key.expiresAt <= now) return EXPIRED
      // The first use is written before answering, so it shows at once; later
      // ones at most once a minute, without waiting for the write.
      if (key.lastUsedAt === null) await touch(key, now)
      else if (now - key.lastUsedAt >= LAST_USED_EVERY_MS) void touch(key, now)
      let answer = answers.get(key)
      if (!answer) {
        const expiresAt = key.expiresAt === null ? null : iso(new Date(key.expiresAt))
        answer = Object.freeze({ valid: true, keyId: key.keyId, projectId: key.projectId, name: key.name, expiresAt })
        answers.set(key, answer)
      }
      return answer
    },
  }
}
