/**
 * The one query interface the server uses. PGlite (embedded, the default) and
 * node-postgres (DATABASE_URL) both implement it, and every SQL statement is
 * plain PostgreSQL, so the same code runs on either.
 */
import { dataFolder } from '../config/data-folder'

export type Row = Record<string, unknown>

export interface Queryable {
  /** One statement with `$1`-style parameters; resolves with its rows. */
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /**
   * Runs `fn` inside BEGIN … COMMIT on one connection; any throw rolls back.
   * Inside `fn` use only `tx`: on PGlite, `db.query` waits for the transaction
   * to end, so calling it from inside would deadlock.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  /** Safe to call more than once. */
  close(): Promise<void>
  /**
   * LISTEN on `channel`: `onMessage` gets each NOTIFY payload, from this
   * instance or any other on the same database. `onReset` runs when messages
   * may have been missed (the listening connection dropped, and again once it
   * is back): whoever caches must forget everything then. Resolves with the
   * function that stops listening; close() stops it too.
   */
  listen(channel: string, onMessage: (payload: string) => void, onReset?: (listening: boolean) => void): Promise<() => Promise<void>>
  /**
   * NOTIFY on `channel`, outside any transaction. On PGlite, which one
   * process holds, its listeners are called directly: the statement would
   * only take a turn on its single connection to reach them.
   */
  notify(channel: string, payload?: string): Promise<void>
}

export interface DatabaseOptions {
  /** Folder of the embedded database; created when missing. */
  dataDir: string
  /** postgres://… — when set, dataDir is ignored. */
  databaseUrl?: string
  /** pg pool size (PostgreSQL only). */
  poolSize?: number
  /** How often the embedded database is vacuumed (PGlite only: PostgreSQL has its autovacuum). */
  vacuumEveryMs?: number
}

/** Opens the database the options point at. Migrations are a separate step (migrate.ts). */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { openPostgres } = await import('./postgres')
    return openPostgres(opts.databaseUrl, opts.poolSize)
  }
  const dir = await dataFolder(opts.dataDir)
  const { openPglite } = await import('./pglite')
  return openPglite(dir, { vacuumEveryMs: opts.vacuumEveryMs })
}
