import { readdir, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Database } from './index'

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url))

export interface Migration {
  version: number
  name: string
  sql: string
  /**
   * Why servers of the version before this migration must not run beside it (or after it), from the
   * file's `-- breaks-previous: …` line: a schema change their queries fail on, or a rule of the new
   * version that their writes would get around. Absent: they keep working beside it during a roll.
   */
  breaksPrevious?: string
}

const FILE = /^(\d{3})_([a-z0-9_]+)\.sql$/
const BREAKS_PREVIOUS = /^-- breaks-previous: (.+)$/m

/** `019_device_codes`, as the migration's file is named. */
const idOf = (version: number, name: string): string => `${String(version).padStart(3, '0')}_${name}`

/** A database migrated by a release newer than this server, which this server must not run on. */
export class NewerSchemaError extends Error {}

/** Reads server/db/migrations/NNN_name.sql in version order. */
export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort()
  const migrations: Migration[] = []
  for (const file of files) {
    const m = FILE.exec(file)
    if (!m) throw new Error(`Migration file name must look like 001_name.sql: ${file}`)
    const version = Number(m[1])
    if (migrations.some((x) => x.version === version)) throw new Error(`Two migrations share version ${m[1]}`)
    const sql = await readFile(`${dir}/${file}`, 'utf8')
    const breaksPrevious = BREAKS_PREVIOUS.exec(sql)?.[1]?.trim()
    migrations.push({ version, name: m[2], sql, ...(breaksPrevious ? { breaksPrevious } : {}) })
  }
  return migrations
}

// Any constant shared by every instance: pg_advisory_xact_lock takes a bigint.
const MIGRATION_LOCK = 4_711_004

/**
 * Applies the migrations not yet recorded in schema_migrations, all in one
 * transaction (PostgreSQL DDL is transactional: a failing file leaves nothing
 * half-done). The advisory lock makes instances that start together on one
 * PostgreSQL take turns, so each migration runs exactly once.
 * Resolves with the versions it applied; says (through `log`) which of them the
 * previous version's servers must not run beside, on a database migrated before.
 *
 * Refuses a database that a newer release migrated with a migration marked
 * `breaks-previous` (a downgrade, or a server of the old version restarted
 * during a roll that must not be one): each migration records its mark, so a
 * server can read the marks of migrations it does not know.
 */
export async function migrate(db: Database, migrations?: Migration[], log?: (line: string) => void): Promise<number[]> {
  const all = migrations ?? (await loadMigrations())
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS breaks_previous text`)
    const recorded = await tx.query<{ version: number; name: string; breaks_previous: string | null }>(
      'SELECT version, name, breaks_previous FROM schema_migrations ORDER BY version',
    )
    const known = new Set(all.map((m) => m.version))
    const newer = recorded.find((r) => !known.has(r.version) && r.breaks_previous)
    if (newer) {
      throw new NewerSchemaError(
        `The database was migrated by a newer release (migration ${idOf(newer.version, newer.name)}), which servers of this version must not run on: ${newer.breaks_previous}. Start the newer release, or restore the backup taken before the upgrade.`,
      )
    }
    const done = new Set(recorded.map((r) => r.version))
    const applied: number[] = []
    for (const m of all) {
      if (done.has(m.version)) continue
      await tx.exec(m.sql)
      await tx.query('INSERT INTO schema_migrations (version, name, breaks_previous) VALUES ($1, $2, $3)', [m.version, m.name, m.breaksPrevious ?? null])
      applied.push(m.version)
      // A new database has no earlier servers to stop.
      if (m.breaksPrevious && done.size > 0)
        log?.(
          `Migration ${idOf(m.version, m.name)} applied: stop every server of an earlier version now, they must not run beside this one (${m.breaksPrevious}).`,
        )
    }
    return applied
  })
}
