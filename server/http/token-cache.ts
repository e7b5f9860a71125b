import type { Database } from '../db/index'
import type { CacheSet } from '../db/cache'
import type { TokenKind } from '../security/tokens'

/** The channel the tokens table's trigger sends a token's hash on when its row changes or goes (migration 013). */
export const TOKEN_CHANNEL = 'flex_tokens'

/** How long a token found is trusted without asking again: a safety net, every change to its row is heard. */
export const TOKEN_TTL_MS = 10_000
const MAX_ENTRIES = 10_000

export interface FoundToken {
  userId: string | null
  deviceId: string | null
}

export interface TokenCache {
  /** The live token of `kind` with this hash, or undefined (unknown, expired, of the other kind). */
  find(tokenHash: string, kind: TokenKind): Promise<FoundToken | undefined>
}

/** What the token guard needs of the app: its token cache, in the request's context (set by app.ts's first layer). */
export type TokenEnv = { Variables: { tokens?: TokenCache } }

type Entry = FoundToken & { kind: TokenKind; expiresAt: number }

/** The token's row, if it has not expired by `now` (the app's clock, as the token's expiry was set by it). */
async function loadToken(db: Database, tokenHash: string, now: number): Promise<Entry | undefined> {
  const [row] = await db.query<{ user_id: string | null; device_id: string | null; kind: TokenKind; expires_at: Date }>(
    'SELECT user_id, device_id, kind, expires_at FROM tokens WHERE token_hash = $1 AND expires_at > $2',
    [tokenHash, new Date(now)],
  )
  return row && { userId: row.user_id, deviceId: row.device_id, kind: row.kind, expiresAt: row.expires_at.getTime() }
}

const live = (entry: Entry | undefined, kind: TokenKind, now: number) => (entry?.kind === kind && entry.expiresAt > now ? entry : undefined)

/**
 * The access and device tokens this app has looked up, by hash, so an
 * authenticated call costs no query for its token: one per app (in its
 * CacheSet, stopped by its close()), which every guard of the app shares.
 * Unknown tokens are never kept (a flood of made-up ones would only fill it:
 * the per-address budget deals with those). Expiry is compared with the app's
 * clock on every call.
 */
export function tokenCache(caches: CacheSet, db: Database, clock: () => number): TokenCache {
  const tokens = caches.rowCache<Entry>({
    channel: TOKEN_CHANNEL,
    ttlMs: TOKEN_TTL_MS,
    max: MAX_ENTRIES,
    load: (tokenHash) => loadToken(db, tokenHash, clock()),
  })
  return {
    async find(tokenHash, kind) {
      return live(await tokens.get(tokenHash), kind, clock())
    },
  }
}
