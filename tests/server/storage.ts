/** Where the server suite's databases live; shared by the harness and the run's global set-up. */
import { statfs } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import pg from 'pg'

export const usePostgres = process.env.FLEX_TEST_DB === 'postgres'

export function adminUrl(): string {
  const url = process.env.DATABASE_URL
  if (!url) {
    throw new Error(
      'The server-pg test pass needs DATABASE_URL=postgres://user:password@host:port/db (a role that may CREATE DATABASE). ' +
        'In CI, .ci/run starts PostgreSQL and sets it; it must not be skipped.',
    )
  }
  return url
}

/** DATABASE_URL with another database name, and optionally a search_path for every connection. */
export function urlForDatabase(name: string, searchPath?: string): string {
  const url = new URL(adminUrl())
  url.pathname = `/${name}`
  if (searchPath) url.searchParams.set('options', `-c search_path=${searchPath}`)
  return url.toString()
}

/**
 * pool.end() resolves before the server has seen every connection go; a
 * DROP … WITH (FORCE) would then kill those, and their clients would log errors.
 */
async function waitForNoConnections(admin: pg.Client, database: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const [{ n }] = (await admin.query('SELECT count(*)::integer AS n FROM pg_stat_activity WHERE datname = $1', [database])).rows
    if (n === 0) return
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** Runs `use` on a connection to DATABASE_URL's own database, closed afterwards. */
async function withAdmin<T>(use: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl() })
  await admin.connect()
  try {
    return await use(admin)
  } finally {
    await admin.end()
  }
}

/** Makes an empty database next to DATABASE_URL's; its URL is urlForDatabase(name). */
export async function createDatabase(name: string): Promise<void> {
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${name}`))
}

/** Drops a database made by createDatabase, once its last connection has gone. */
export async function dropDatabase(name: string): Promise<void> {
  await withAdmin(async (admin) => {
    await waitForNoConnections(admin, name)
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  })
}

/** The table DDL_WATCH notes schemas in. */
export const DDL_NOTED = 'flex_test_ddl_noted'

/**
 * The request logs' day partitions (request_logs_YYYYMMDD), which the app
 * makes as it runs, not the migrations: the harness drops them when it
 * empties a schema, so they do not count as a change of its layout.
 */
export const DAY_PARTITION = 'request_logs_[0-9]{8}'

/**
 * For the database the tests' schemas share: event triggers that note each
 * schema that DDL of any kind created, altered or dropped something in (a day
 * partition, its indexes and constraints aside), so the harness can tell a
 * schema a test changed the layout of from one it only wrote rows in, with
 * one lookup.
 */
export const DDL_WATCH = `
CREATE TABLE public.${DDL_NOTED} (schema text PRIMARY KEY);
CREATE FUNCTION public.flex_test_note_ddl() RETURNS event_trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.${DDL_NOTED} SELECT DISTINCT schema_name FROM pg_event_trigger_ddl_commands()
    WHERE schema_name IS NOT NULL AND coalesce(object_identity, '') !~ '${DAY_PARTITION}' ON CONFLICT DO NOTHING;
END $$;
CREATE FUNCTION public.flex_test_note_drop() RETURNS event_trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.${DDL_NOTED} SELECT DISTINCT schema_name FROM pg_event_trigger_dropped_objects()
    WHERE schema_name IS NOT NULL AND coalesce(object_identity, '') !~ '${DAY_PARTITION}' ON CONFLICT DO NOTHING;
END $$;
CREATE EVENT TRIGGER flex_test_note_ddl ON ddl_command_end EXECUTE FUNCTION public.flex_test_note_ddl();
CREATE EVENT TRIGGER flex_test_note_drop ON sql_drop EXECUTE FUNCTION public.flex_test_note_drop();
`

let scratch: Promise<string> | undefined

/**
 * Where test databases go: /dev/shm when it has room. On a disk, deleting a
 * folder PGlite has just written is slow (fsync of what it wrote); on tmpfs
 * it is not.
 * Docker's default /dev/shm is 64 MB, too small, hence the check.
 */
export function scratchDir(): Promise<string> {
  scratch ??= (async () => {
    if (process.env.FLEX_TEST_TMPDIR) return process.env.FLEX_TEST_TMPDIR
    try {
      const fs = await statfs('/dev/shm')
      if (fs.bavail * fs.bsize > 2 ** 30) return '/dev/shm'
    } catch {
      // no /dev/shm here
    }
    return tmpdir()
  })()
  return scratch
}
