import { readdir, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Database } from './index'

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url))

export interface Migration {
  version: number
  name: string
  sql: string
}

const FILE = /^(\d{3})_([a-z0-9_]+)\.sql$/

/** Reads server/db/migrations/NNN_name.sql in version order. */
export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort()
  const migrations: Migration[] = []
  for (const file of files) {
    const m = FILE.exec(file)
    if (!m) throw new Error(`Migration file name must look like 001_name.sql: ${file}`)
    const version = Number(m[1])
    if (migrations.some((x) => x.version === version)) throw new Error(`Two migrations share version ${m[1]}`)
    migrations.push({ version, name: m[2], sql: await readFile(`${dir}/${file}`, 'utf8') })
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
 * Resolves with the versions it applied.
 */
export async function migrate(db: Database, migrations?: Migration[]): Promise<number[]> {
  const all = migrations ?? (await loadMigrations())
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`)
    const done = new Set((await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version))
    const applied: number[] = []
    for (const m of all) {
      if (done.has(m.version)) continue
      await tx.exec(m.sql)
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name])
      applied.push(m.version)
    }
    return applied
  })
}
