/**
 * Test servers for the server suite. Each test gets its own database, cheaply:
 * - By default, a migrated schema of its own in a database the whole worker
 *   shares: on PGlite, one in-memory instance per worker, loaded from a
 *   migrated copy the run's global set-up made once (initdb in WebAssembly,
 *   or even loading the copy, costs far more than a schema); on PostgreSQL
 *   (FLEX_TEST_DB=postgres, the `server-pg` vitest project), one database
 *   per run. The server projects run with `isolate: false`
 *   (vitest.config.ts), so this module, and the shared database with it,
 *   lives as long as the worker, across test files. A schema is emptied
 *   when its test server closes, and dropped if the test changed its
 *   layout, so nothing a test stores, alters or drops reaches another test.
 * - `freshStorage()` / `createTestServer({ ownStorage: true })`: a data folder
 *   or database of its own, for tests that close and reopen it, lock it, or
 *   hand it to another process.
 * The app runs in-process (`app.request()`); no port is opened.
 */
import { PGlite } from '@electric-sql/pglite'
import { randomBytes } from 'node:crypto'
import { cpSync, rmSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { createApp, type App, type AppDeps } from '../../server/app'
import type { AppOverrides } from '../../server/config'
import { openDatabase, type Database, type Row } from '../../server/db/index'
import { migrate } from '../../server/db/migrate'
import { pgliteDatabase } from '../../server/db/pglite'
import type { ScryptCost } from '../../server/security/password'
import { createDatabase, DAY_PARTITION, DDL_NOTED, DDL_WATCH, dropDatabase, scratchDir, urlForDatabase, usePostgres } from './storage'

export { usePostgres }

/** Where a test's data lives; reopening the same storage is a restart. */
export interface Storage {
  dataDir: string
  databaseUrl?: string
  /** Environment for a spawned server on this storage. */
  env: Record<string, string>
  drop(): Promise<void>
  /** Opens this storage's database; without it, `openDatabase({ dataDir, databaseUrl })` does. */
  open?(): Promise<Database>
}

const newName = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`

let template: Promise<string> | undefined

/** A migrated PGlite data folder to copy from: the run's, else one made for this worker. */
async function pgliteTemplate(): Promise<string> {
  template ??= (async () => {
    const provided = inject('flexPgliteTemplate')
    if (provided) return provided
    const dir = await mkdtemp(join(await scratchDir(), 'flex-template-'))
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
    const db = await openDatabase({ dataDir: dir })
    await migrate(db)
    await db.close()
    return dir
  })()
  return template
}

/** A data folder (PGlite) or database (PostgreSQL) of its own, empty but migratable, for one test. */
export async function freshStorage(): Promise<Storage> {
  const parent = await mkdtemp(join(await scratchDir(), 'flex-test-'))
  const dataDir = join(parent, 'data')
  if (!usePostgres) {
    // cpSync, not fs/promises' cp: a quarter of the CPU for the template's thousand files.
    cpSync(await pgliteTemplate(), dataDir, { recursive: true })
    return { dataDir, env: { DATA_DIR: dataDir }, drop: () => rm(parent, { recursive: true, force: true }) }
  }
  const name = newName('flex_test')
  await createDatabase(name)
  const databaseUrl = urlForDatabase(name)
  return {
    dataDir,
    databaseUrl,
    env: { DATABASE_URL: databaseUrl },
    async drop() {
      await dropDatabase(name)
      await rm(parent, { recursive: true, force: true })
    },
  }
}

// ---- the database a worker shares (a schema per test) ----

interface SharedPglite {
  pg: PGlite
  /** The schema search_path points at now. */
  current?: string
  /** The end of the queue every use of `pg` goes through, so a search_path switch and its query stay together. */
  tail: Promise<unknown>
}

// Made on first use and never closed: they go with the worker (the PGlite
// lives in its memory; PostgreSQL drops the connection, and the run's global
// set-up drops the run's database). A hook closing them would belong to the
// first test file that imported this module, and end them for all the others.
let sharedPglite: Promise<SharedPglite> | undefined
let sharedPostgres: Promise<pg.Client> | undefined

function openSharedPglite(): Promise<SharedPglite> {
  sharedPglite ??= (async () => {
    const dump = inject('flexPgliteDump')
    const pg = dump ? await PGlite.create({ loadDataDir: new Blob([await readFile(dump)]) }) : await PGlite.create()
    await pg.exec(DDL_WATCH)
    return { pg, tail: Promise.resolve() }
  })()
  return sharedPglite
}

/**
 * A Database on one schema of the shared PGlite. Closing it leaves the shared
 * instance open, but this handle fails from then on, as a closed one would.
 */
function pgliteSchema(shared: SharedPglite, schema: string): Database {
  const base = pgliteDatabase(shared.pg)
  let closed = false
  const onSchema = <T>(fn: () => Promise<T>): Promise<T> => {
    if (closed) return Promise.reject(new Error('PGlite is closed'))
    const run = shared.tail.then(async () => {
      if (shared.current !== schema) {
        await shared.pg.exec(`SET search_path TO ${schema}`)
        shared.current = schema
      }
      return fn()
    })
    shared.tail = run.catch(() => undefined)
    return run
  }
  return {
    kind: 'pglite',
    query: <T extends Row>(sql: string, params?: readonly unknown[]) => onSchema(() => base.query<T>(sql, params)),
    exec: (sql) => onSchema(() => base.exec(sql)),
    transaction: (fn) => onSchema(() => base.transaction(fn)),
    // Channels are the instance's, not the schema's: a test may hear another's
    // NOTIFY, which only drops a cache entry it never had.
    listen: (channel, onMessage) => base.listen(channel, onMessage),
    notify: (channel, payload) => base.notify(channel, payload),
    close: async () => {
      closed = true
    },
  }
}

const notAFolder = (what: string) => () => {
  throw new Error(
    `This test storage is a schema of the worker's shared database and has no ${what}. ` +
      'Use freshStorage() or createTestServer({ ownStorage: true }) for a test that needs one.',
  )
}

/** One schema of the worker's shared database. */
interface Schema {
  name: string
  /** SQL run by the harness itself, beside any test server on the schema. */
  admin<T extends Row>(sql: string, params?: readonly unknown[]): Promise<T[]>
  /** Statements with no parameters and no result, sent as one. */
  adminExec(sql: string): Promise<void>
  /** The Storage a test gets, with what its drop() does. */
  storage(drop: () => Promise<void>): Storage
  remove(): Promise<void>
}

/** A new empty schema, or undefined when there is no shared database (PostgreSQL without the global set-up). */
async function newSchema(): Promise<Schema | undefined> {
  const name = newName('flex_test')
  if (!usePostgres) {
    const shared = await openSharedPglite()
    const admin = pgliteSchema(shared, name)
    await shared.pg.exec(`CREATE SCHEMA ${name}`)
    return {
      name,
      admin: (sql, params) => admin.query(sql, params),
      adminExec: (sql) => admin.exec(sql),
      storage: (drop) =>
        Object.defineProperties({ open: async () => pgliteSchema(shared, name), drop } as unknown as Storage, {
          dataDir: { get: notAFolder('data folder') },
          env: { get: notAFolder('environment for another process') },
        }),
      async remove() {
        await admin.exec(`DROP SCHEMA ${name} CASCADE; DELETE FROM public.${DDL_NOTED} WHERE schema = '${name}'`)
        shared.current = undefined
      },
    }
  }
  const runUrl = inject('flexPostgresUrl')
  if (!runUrl) return undefined
  sharedPostgres ??= (async () => {
    const c = new pg.Client({ connectionString: runUrl })
    await c.connect()
    return c
  })()
  const admin = await sharedPostgres
  await admin.query(`CREATE SCHEMA ${name}`)
  const url = new URL(runUrl)
  url.searchParams.set('options', `-c search_path=${name}`)
  const databaseUrl = url.toString()
  return {
    name,
    admin: async <T extends Row>(sql: string, params?: readonly unknown[]) => (await admin.query<T>(sql, params as unknown[])).rows,
    adminExec: async (sql) => {
      await admin.query(sql)
    },
    storage: (drop) => ({
      databaseUrl,
      env: { DATABASE_URL: databaseUrl },
      open: () => openDatabase({ dataDir: '', databaseUrl }),
      get dataDir(): string {
        return notAFolder('data folder')()
      },
      drop,
    }),
    async remove() {
      await admin.query(`DROP SCHEMA ${name} CASCADE; DELETE FROM public.${DDL_NOTED} WHERE schema = '${name}'`)
    },
  }
}

/**
 * A fresh schema, empty but migratable, in the database this worker
 * shares. On PostgreSQL its databaseUrl and env work for another process
 * too; on PGlite it lives in this process only.
 */
export async function sharedStorage(): Promise<Storage> {
  const schema = await newSchema()
  if (!schema) return freshStorage() // run without the global set-up: a database per test, as before
  return schema.storage(() => schema.remove())
}

// ---- a migrated schema per test, emptied and reused ----

// A new schema costs its migrations, many times what emptying one costs, and
// most tests need no more than an empty one. So a schema a test hands back
// as it got it is emptied (DELETE: TRUNCATE costs as much as migrating on
// PGlite, and an fsync on PostgreSQL) and given to the next test. One whose
// layout the test changed (a dropped table, an extra migration) is dropped.
// The shared database's event triggers (DDL_WATCH in storage.ts) note every
// schema that DDL of any kind touched, so telling costs one lookup, and the
// check and the emptying go to the database as one statement.

/** The migrations a schema records, as one string. */
const migrationsOf = (name: string) => `(SELECT string_agg(format('%s %s', version, name), ' ' ORDER BY version) FROM ${name}.schema_migrations)`

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`

/**
 * One statement that fails if the schema's layout is no longer as migrated
 * (DDL noted, or its recorded migrations changed), and otherwise empties it,
 * identity columns starting again from their first value, as in a new schema.
 * The request logs' day partitions the app made are dropped (DAY_PARTITION):
 * a test that wrote request logs hands back a schema to empty, not one to
 * migrate again.
 */
function resetSql(name: string, tables: string[], migrations: string): string {
  return `DO $reset$ DECLARE partition text; BEGIN
    IF EXISTS (SELECT FROM public.${DDL_NOTED} WHERE schema = ${literal(name)})
      OR ${migrationsOf(name)} IS DISTINCT FROM ${literal(migrations)} THEN
      RAISE EXCEPTION 'the layout of % changed', ${literal(name)};
    END IF;
    FOR partition IN SELECT c.relname FROM pg_class c
      WHERE c.relnamespace = ${literal(name)}::regnamespace AND c.relkind = 'r' AND c.relname ~ '^${DAY_PARTITION}$' LOOP
      EXECUTE format('DROP TABLE %I.%I', ${literal(name)}, partition);
    END LOOP;
    ${tables.map((table) => `DELETE FROM ${name}.${table};`).join('\n    ')}
    PERFORM setval(s.seqrelid::regclass, s.seqstart, false) FROM pg_sequence s JOIN pg_class c ON c.oid = s.seqrelid
      WHERE c.relnamespace = ${literal(name)}::regnamespace;
  END $reset$`
}

/** The tables in an order DELETE can empty them in: each before the tables it references. */
function referencingFirst(tables: { name: string; references: string[] }[]): string[] {
  const left = new Map(tables.map((t) => [t.name, t.references]))
  const order: string[] = []
  while (left.size) {
    const next = [...left.keys()].find((name) => ![...left.values()].some((references) => references.includes(name)))
    if (!next) throw new Error('The tables reference each other in a cycle: empty them some other way.')
    order.push(next)
    left.delete(next)
  }
  return order
}

/** Migrated schemas, emptied, for the next tests, each with the statement that empties it again. */
const emptied: { schema: Schema; reset: string }[] = []
/** The tables a migrated schema has, in the order to empty them. */
let tablesToEmpty: Promise<string[]> | undefined

/** A migrated, empty schema of the worker's shared database: what createTestServer() uses unless told otherwise. */
async function migratedStorage(): Promise<Storage> {
  let next = emptied.pop()
  if (!next) {
    const schema = await newSchema()
    if (!schema) return freshStorage() // run without the global set-up: a database per test, as before
    const db = await schema.storage(async () => {}).open!()
    try {
      await migrate(db)
    } finally {
      await db.close()
    }
    tablesToEmpty ??= schema
      .admin<{ name: string; references: string[] }>(
        `SELECT c.relname AS name, array_remove(array_agg(p.relname), NULL) AS references
        FROM pg_class c
        LEFT JOIN pg_constraint f ON f.conrelid = c.oid AND f.contype = 'f'
        LEFT JOIN pg_class p ON p.oid = f.confrelid AND p.oid <> c.oid
        WHERE c.relnamespace = $1::regnamespace AND c.relkind = 'r' AND c.relname <> 'schema_migrations'
        GROUP BY c.relname`,
        [schema.name],
      )
      .then(referencingFirst)
    const [{ migrations }] = await schema.admin<{ migrations: string }>(`SELECT ${migrationsOf(schema.name)} AS migrations`)
    // The migrations were DDL too: from here on, a note means the test's own.
    await schema.admin(`DELETE FROM public.${DDL_NOTED} WHERE schema = $1`, [schema.name])
    next = { schema, reset: resetSql(schema.name, await tablesToEmpty, migrations) }
  }
  const { schema, reset } = next
  // Handed back once, however often drop() is called (a test that closes its server and whose clean-up
  // closes it again): pooled twice, one schema would go to two servers, and one's reset or removal would
  // empty or drop the other's database under it ("schema … does not exist").
  let handedBack: Promise<void> | undefined
  const storage = schema.storage(
    () =>
      (handedBack ??= (async () => {
        try {
          await schema.adminExec(reset)
        } catch {
          return schema.remove()
        }
        emptied.push({ schema, reset })
      })()),
  )
  premigrated.add(storage)
  return storage
}

/** Storage that comes migrated: createTestServer() need not migrate it first. */
const premigrated = new WeakSet<Storage>()

export interface TestResponse {
  status: number
  headers: Headers
  // Tests read whatever shape they expect.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any
  text: string
}

export interface RequestOptions {
  /** Sent as JSON. */
  body?: unknown
  /** Sent as-is (with Content-Type: application/json unless headers say otherwise). */
  raw?: string | Uint8Array<ArrayBuffer>
  token?: string
  headers?: Record<string, string>
}

/**
 * The scrypt cost test servers hash passwords at unless their config says
 * otherwise: 1/16 of the real one (`SCRYPT_COST`), whose CPU per hash, over
 * every sign-up and log-in of the suite, would be a good share of its time.
 * Tests about the cost itself, or the
 * time a log-in takes, ask for the app's own with `{ passwordCost: undefined }`.
 */
export const TEST_PASSWORD_COST: ScryptCost = { N: 1 << 10, r: 8, p: 1 }

const UNBOUNDED = 1_000_000
/**
 * Every rate limit out of the way, for the walks that send thousands of calls (hostile values, races): a
 * refusal for the budget's own sake would hide what the call's value or its race does.
 */
export const NO_RATE_LIMITS: NonNullable<AppOverrides['rateLimit']> = {
  perIp: UNBOUNDED,
  perEmail: UNBOUNDED,
  failuresPerIp: UNBOUNDED,
  slowdownMaxMs: 0,
  perAccount: UNBOUNDED,
  perUser: UNBOUNDED,
  badTokensPerIp: UNBOUNDED,
  perAddress: UNBOUNDED,
  projectsPerUser: UNBOUNDED,
  invitationsPerUser: UNBOUNDED,
  invitationsPerEmail: UNBOUNDED,
  acceptsPerUser: UNBOUNDED,
  devicesPerIp: UNBOUNDED,
}

export interface TestServerOptions {
  /** Settings for the app; passwordCost defaults to TEST_PASSWORD_COST. */
  config?: AppOverrides
  staticRoots?: AppDeps['staticRoots']
  /** Reuse storage (a second instance on the same database). */
  storage?: Storage
  /** The app's clock (default Date.now): move it to pass expiries without waiting. */
  clock?: () => number
  /** How the app waits out its own pauses (holds, pacing): default a timer. */
  pause?: AppDeps['pause']
  /**
   * A data folder (PGlite) or database (PostgreSQL) of its own instead of a
   * schema of the worker's shared database, so that restart() really closes
   * and reopens it. Slower: only for tests about persistence.
   */
  ownStorage?: boolean
  /** Serve the docs page's demo API at /demo-api (as `npm start` does outside production). */
  demoApi?: boolean
}

export interface TestServer {
  app: App
  db: Database
  storage: Storage
  /** Every request and error line the app logged. */
  logs: string[]
  request(method: string, path: string, opts?: RequestOptions): Promise<TestResponse>
  /**
   * Closes the database and opens the same storage again, as a restarted
   * server would. On a schema of the shared PGlite (the default there) the
   * app restarts on the same data but the shared instance stays open: use
   * `ownStorage` to close and reopen the files themselves.
   */
  restart(): Promise<void>
  /** Closes the database and deletes the storage (unless it was passed in). */
  close(): Promise<void>
}

export async function createTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const storage = opts.storage ?? (opts.ownStorage ? await freshStorage() : await migratedStorage())
  const logs: string[] = []
  const open = async (migrated = false) => {
    const db = storage.open ? await storage.open() : await openDatabase({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl })
    if (!migrated) await migrate(db)
    const config = { passwordCost: TEST_PASSWORD_COST, ...opts.config }
    return {
      db,
      app: createApp({
        db,
        config,
        log: (line) => logs.push(line),
        staticRoots: opts.staticRoots,
        clock: opts.clock,
        pause: opts.pause,
        demoApi: opts.demoApi,
      }),
    }
  }
  let current = await open(premigrated.has(storage))

  const server: TestServer = {
    get app() {
      return current.app
    },
    get db() {
      return current.db
    },
    storage,
    logs,
    async request(method, path, { body, raw, token, headers = {} } = {}) {
      const h: Record<string, string> = {}
      if (body !== undefined || raw !== undefined) h['Content-Type'] = 'application/json'
      if (token) h.Authorization = `Bearer ${token}`
      const res = await current.app.request(path, {
        method,
        headers: { ...h, ...headers },
        body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
      })
      const text = await res.text()
      let parsed: unknown = undefined
      try {
        parsed = text ? JSON.parse(text) : undefined
      } catch {
        parsed = undefined
      }
      return { status: res.status, headers: res.headers, body: parsed, text }
    },
    async restart() {
      await current.app.close()
      await current.db.close()
      current = await open()
    },
    async close() {
      await current.app.close()
      await current.db.close()
      if (!opts.storage) await storage.drop()
    },
  }
  return server
}

// ---- flows the tests share ----

export const DEVICE = {
  deviceUDID: 'web-00000000-0000-0000-0000-000000000000',
  pushToken: '',
  timeZone: 'EST',
  appVersion: '0.1.0',
  osVersion: '14',
  deviceType: 'WEB',
  userId: '',
  deviceModel: '',
  country: '',
  language: '',
}

export async function deviceToken(s: TestServer): Promise<string> {
  const res = await s.request('POST', '/api/device', { body: DEVICE })
  if (res.status !== 201) throw new Error(`device: ${res.status} ${res.text}`)
  return res.body.accessToken
}

let counter = 0
export const uniqueEmail = (tag = 'dev') => `${tag}.${process.pid}.${++counter}@example.com`

export interface SignedUp {
  deviceToken: string
  accessToken: string
  user: { id: string; name: string; email: string }
  email: string
  password: string
}

export async function signUp(s: TestServer, input: { name?: string; email?: string; password?: string } = {}): Promise<SignedUp> {
  const token = await deviceToken(s)
  const email = input.email ?? uniqueEmail()
  const password = input.password ?? 'correct horse battery'
  const res = await s.request('POST', '/api/register', { token, body: { name: input.name ?? 'Ada Lovelace', email, password } })
  if (res.status !== 200) throw new Error(`register: ${res.status} ${res.text}`)
  return { deviceToken: token, accessToken: res.body.accessToken, user: res.body.user, email, password }
}

export async function newProject(s: TestServer, token: string, body: object = { name: 'Weather app', description: 'Forecasts' }) {
  const res = await s.request('POST', '/api/manage/dapp', { token, body })
  if (res.status !== 201) throw new Error(`create project: ${res.status} ${res.text}`)
  return res.body as {
    id: string
    name: string
    description: string
    createDate: string
    status: string
    apiKey: Record<string, string>
    webhookSecret: string
  }
}
