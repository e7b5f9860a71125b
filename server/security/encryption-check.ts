import { createHmac } from 'node:crypto'
import type { Database, Queryable } from '../db/index'
import { decrypt, encrypt } from './encryption'

/**
 * Every instance on one database must encrypt and decrypt its secrets with the
 * same key. The database records a check value of the key that encrypted them
 * (migration 015), and an instance whose key gives another value refuses to
 * start. Moving to a new key: SECRET_ENCRYPTION_KEY the new one,
 * SECRET_ENCRYPTION_KEY_PREVIOUS the old; the first instance to start so
 * re-encrypts every secret and records the new key.
 */

const LABEL = 'flex-portal secret encryption key check v1'

/** The check value of `key`: an HMAC of a fixed label under it, which tells keys apart and gives nothing of the key away. */
export const keyCheckValue = (key: Buffer): string => createHmac('sha256', key).update(LABEL).digest('hex')

export const KEY_MISMATCH =
  'SECRET_ENCRYPTION_KEY is not the key that encrypted the webhook secrets in this database. Every instance on one database needs the same ' +
  'SECRET_ENCRYPTION_KEY: set it to the key the other instances use (without it, each instance generates a key of its own into its DATA_DIR). ' +
  'To move to a new key, set the new one as SECRET_ENCRYPTION_KEY and the old one as SECRET_ENCRYPTION_KEY_PREVIOUS.'

// Instances starting together on one PostgreSQL take turns: one records the key, the others compare.
const KEY_CHECK_LOCK = 4_711_015

type SecretRow = { project_id: string; secret_enc: string; previous_enc: string | null }

const opens = (key: Buffer, r: SecretRow) => {
  try {
    decrypt(key, r.secret_enc, r.project_id)
    return true
  } catch {
    return false
  }
}

/** Re-encrypts every secret from `from` to `to`; those `from` cannot open stay as they are. */
async function reencrypt(tx: Queryable, rows: SecretRow[], from: Buffer, to: Buffer): Promise<number> {
  let moved = 0
  for (const r of rows) {
    if (!opens(from, r)) continue
    const again = (stored: string | null) => (stored === null ? null : encrypt(to, decrypt(from, stored, r.project_id), r.project_id))
    await tx.query('UPDATE webhook_secrets SET secret_enc = $2, previous_enc = $3 WHERE project_id = $1', [
      r.project_id,
      again(r.secret_enc),
      again(r.previous_enc),
    ])
    moved++
  }
  return moved
}

export class KeyMismatchError extends Error {
  override readonly name = 'KeyMismatchError'
}

/**
 * Checks `key` against the one recorded, before the instance serves anything.
 * Nothing recorded yet (a new database, or one from before migration 015):
 * the key is recorded, unless there are secrets and it opens none of them.
 * Throws KeyMismatchError (KEY_MISMATCH) when the key is not the database's.
 */
export async function checkEncryptionKey(db: Database, key: Buffer, previous: Buffer | undefined, log: (line: string) => void): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [KEY_CHECK_LOCK])
    const [row] = await tx.query<{ check_value: string }>('SELECT check_value FROM encryption_key_check')
    if (row?.check_value === keyCheckValue(key)) return
    const rolling = previous !== undefined && (row ? row.check_value === keyCheckValue(previous) : true)
    if (row && !rolling) throw new KeyMismatchError(KEY_MISMATCH)
    // Locked until the new key is recorded: a secret rolled meanwhile (an instance still on the old key) is read
    // once its roll commits, and re-encrypted as rolled, where the roll was overwritten by the secret before it.
    const rows = await tx.query<SecretRow>('SELECT project_id, secret_enc, previous_enc FROM webhook_secrets FOR UPDATE')
    if (rolling) {
      const moved = await reencrypt(tx, rows, previous, key)
      if (row || moved > 0) log(`Re-encrypted ${moved} webhook secrets from SECRET_ENCRYPTION_KEY_PREVIOUS to SECRET_ENCRYPTION_KEY.`)
    }
    const unreadable = rolling ? rows.filter((r) => !opens(previous, r) && !opens(key, r)).length : rows.filter((r) => !opens(key, r)).length
    if (!row && rows.length > 0 && unreadable === rows.length) throw new KeyMismatchError(KEY_MISMATCH)
    if (unreadable > 0) log(`${unreadable} webhook secrets do not open with SECRET_ENCRYPTION_KEY: their projects must roll their webhook secret.`)
    await tx.query(
      `INSERT INTO encryption_key_check (only_row, check_value) VALUES (true, $1)
       ON CONFLICT (only_row) DO UPDATE SET check_value = excluded.check_value, recorded_at = clock_timestamp()`,
      [keyCheckValue(key)],
    )
  })
}
