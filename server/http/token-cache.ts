import type { Database } from '../db/index'
import { perDatabase, rowCache } from '../db/cache'
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

type Entry = FoundToken & { kind: TokenKind; expiresAt: number }

/**
 * The access and device tokens this instance has looked up, by hash, so an
 * authenticated call costs no query for its token; one per database handle,
 * so every guard of an app shares it (db/cache.ts). Unknown tokens are never
 * kept (a flood of made-up ones would only fill it: the per-address budget
 * deals with those).
 */
export const tokenCache = perDatabase((db: Database): TokenCache => {
  const tokens = rowCache<Entry>(db, {
    channel: TOKEN_CHANNEL,
    ttlMs: TOKEN_TTL_MS,
    max: MAX_ENTRIES,
    async load(tokenHash) {
      const [row] = await db.query<{ user_id: string | null; device_id: string | null; kind: TokenKind; expires_at: Date }>(
        'SELECT user_id, device_id, kind, expires_at FROM tokens WHERE token_hash = $1 AND expires_at > now()',
        [tokenHash],
      )
      return row && { userId: row.user_id, deviceId: row.device_id, kind: row.kind, expiresAt: row.expires_at.getTime() }
    },
  })
  return {
    async find(tokenHash, kind) {
      const entry = await tokens.get(tokenHash)
      return entry?.kind === kind && entry.expiresAt > Date.now() ? entry : undefined
    },
  }
})
