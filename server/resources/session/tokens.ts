import type { Queryable } from '../../db/index'
import { newToken, type TokenKind } from '../../security/tokens'
import { iso } from '../../db/time'

export interface IssuedToken {
  token: string
  expiresAt: string
}

/**
 * Stores the hash of a new bearer token and hands back the token itself. It
 * expires `ttlSeconds` after `now`, the app's clock, which the token guard
 * compares the expiry with (http/token-cache.ts).
 */
export async function issueToken(
  q: Queryable,
  kind: TokenKind,
  owner: { userId?: string; deviceId?: string },
  ttlSeconds: number,
  now: number,
): Promise<IssuedToken> {
  const { token, hash } = newToken(kind)
  const [row] = await q.query<{ expires_at: Date }>(
    `INSERT INTO tokens (token_hash, kind, user_id, device_id, expires_at)
     VALUES ($1, $2, $3, $4, $5)
     RETURNING expires_at`,
    [hash, kind, owner.userId ?? null, owner.deviceId ?? null, new Date(now + ttlSeconds * 1000)],
  )
  return { token, expiresAt: iso(row.expires_at) }
}

/** Deletes tokens expired by `now`, the app's clock, a bounded batch (the retention schedule's job); true when a whole batch went. */
export async function pruneExpiredTokens(q: Queryable, now: number, batch = 500): Promise<boolean> {
  const [{ n }] = await q.query<{ n: number }>(
    `WITH gone AS (DELETE FROM tokens WHERE token_hash IN (
       SELECT token_hash FROM tokens WHERE expires_at < $1 LIMIT $2) RETURNING 1)
     SELECT count(*)::integer AS n FROM gone`,
    [new Date(now), batch],
  )
  return n === batch
}

/** Whether the session of this token still stands (not signed out, nor ended by a reset or another change). */
export async function sessionStands(q: Queryable, hash: string): Promise<boolean> {
  return (await q.query('SELECT 1 FROM tokens WHERE token_hash = $1', [hash])).length > 0
}

/** Deletes one token (sign-out): from now on it is unknown everywhere. */
export async function revokeToken(q: Queryable, hash: string): Promise<void> {
  await q.query('DELETE FROM tokens WHERE token_hash = $1', [hash])
}

/**
 * Ends sessions of `userId` at once: every access token but `keep` (a
 * password change keeps the session that made it). Every revocation of more
 * than the caller's own token — reset, password change, sign out everywhere,
 * account deletion — goes through here, so a cache of token look-ups has one
 * place to hear of it. Resolves with the hashes of the tokens revoked.
 */
export async function revokeSessions(q: Queryable, userId: string, { keep }: { keep?: string } = {}): Promise<string[]> {
  const rows = await q.query<{ token_hash: string }>(
    `DELETE FROM tokens WHERE kind = 'access' AND user_id = $1 AND token_hash IS DISTINCT FROM $2 RETURNING token_hash`,
    [userId, keep ?? null],
  )
  return rows.map((r) => r.token_hash)
}
