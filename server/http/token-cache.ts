import type { Database } from '../db/index'
import { listenForChanges } from '../db/change-listener'
import type { TokenKind } from '../security/tokens'

/** The channel migration 012's trigger sends a token's hash on when its row changes or goes. */
export const TOKEN_CHANNEL = 'flex_tokens'

/**
 * How long a token found is trusted without asking again. A backstop only:
 * every change to the row is heard at once (the trigger's NOTIFY, and on this
 * instance the write itself, see app.ts).
 */
export const TOKEN_TTL_MS = 10_000
const MAX_ENTRIES = 10_000

export interface FoundToken {
  userId: string | null
  deviceId: string | null
}

export interface TokenCache {
  /** The live token of `kind` with this hash, or undefined (unknown, expired, of the other kind). */
  find(tokenHash: string, kind: TokenKind): Promise<FoundToken | undefined>
  /** Forgets every token (this instance changed token rows). */
  forgetAll(): void
  /** Ends its LISTEN and keeps nothing from then on (the app is closing). */
  stop(): Promise<void>
}

type Entry = FoundToken & { kind: TokenKind; expiresAt: number; at: number }

const caches = new WeakMap<Database, TokenCache>()

/**
 * The access and device tokens this instance has looked up, by hash, so an
 * authenticated call costs no query for its token. One per database handle,
 * so every guard of an app shares it and its one LISTEN. Correctness rests on
 * NOTIFY as for keys: until the LISTEN is in place, or while its connection
 * is down, nothing is cached. Unknown tokens are never cached (a flood of
 * made-up ones would only fill it: the per-address budget deals with those).
 */
export function tokenCache(db: Database): TokenCache {
  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = newTokenCache(db)))
  return cache
}

/** Ends the handle's token cache, if it has one (its app is closing): its LISTEN connection goes with it. */
export async function stopTokenCache(db: Database): Promise<void> {
  await caches.get(db)?.stop()
}

function newTokenCache(db: Database): TokenCache {
  const entries = new Map<string, Entry>()
  // Bumped by every invalidation: a look-up that raced one is not cached.
  let epoch = 0
  // Reads in flight, shared by the calls that come meanwhile; a change forgets them too, so a call
  // after a sign-out never joins a read made before it.
  const loading = new Map<string, Promise<Entry | undefined>>()
  const forgetAll = () => {
    epoch++
    entries.clear()
    loading.clear()
  }
  // No LISTEN, no cache: every call asks the database.
  const changes = listenForChanges(
    db,
    TOKEN_CHANNEL,
    (hash) => {
      epoch++
      if (hash === '*') forgetAll()
      else {
        entries.delete(hash)
        loading.delete(hash)
      }
    },
    forgetAll,
  )

  const load = async (tokenHash: string): Promise<Entry | undefined> => {
    const now = Date.now()
    const seen = epoch
    const [row] = await db.query<{ user_id: string | null; device_id: string | null; kind: TokenKind; expires_at: Date }>(
      'SELECT user_id, device_id, kind, expires_at FROM tokens WHERE token_hash = $1 AND expires_at > now()',
      [tokenHash],
    )
    if (!row) {
      entries.delete(tokenHash)
      return undefined
    }
    const entry: Entry = { userId: row.user_id, deviceId: row.device_id, kind: row.kind, expiresAt: row.expires_at.getTime(), at: now }
    if (changes.listening && seen === epoch) {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!)
      entries.set(tokenHash, entry)
    }
    return entry
  }

  return {
    forgetAll,
    stop: () => changes.stop(),
    async find(tokenHash, kind) {
      const hit = entries.get(tokenHash)
      const now = Date.now()
      if (hit && now - hit.at < TOKEN_TTL_MS && hit.expiresAt > now) return hit.kind === kind ? hit : undefined
      // Parallel calls with one token wait for one read, not one each: a script's 20 connections
      // opening at once queued 20 look-ups ahead of everyone's queries.
      let pending = loading.get(tokenHash)
      if (!pending) {
        const read = load(tokenHash).finally(() => {
          if (loading.get(tokenHash) === read) loading.delete(tokenHash)
        })
        loading.set(tokenHash, (pending = read))
      }
      const entry = await pending
      return entry?.kind === kind ? entry : undefined
    },
  }
}

/**
 * Whether a statement can change or remove token rows: it deletes, updates or
 * truncates tokens, or the users and devices whose rows cascade to them.
 */
export const changesTokens = (sql: string) => /\b(?:update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:tokens|users|devices)\b/i.test(sql)
