/**
 * Test servers for the server suite. Each test gets its own database, cheaply:
 * - By default, its own schema (CREATE SCHEMA, then the migrations, ~20 ms)
 *   in a database the whole worker shares: on PGlite, one in-memory
 *   instance per worker, loaded from a migrated copy the run's global set-up
 *   made once (initdb in WebAssembly takes seconds, and even loading the copy
 *   costs about a second of CPU); on PostgreSQL (FLEX_TEST_DB=postgres, the
 *   `server-pg` vitest project), one database per run. The server projects
 *   run with `isolate: false` (vitest.config.ts), so this module, and the
 *   shared database with it, lives as long as the worker, across test files.
 *   The schema is dropped when the test server closes, so nothing a test
 *   stores, alters or drops reaches another test.
 * - `freshStorage()` / `createTestServer({ ownStorage: true })`: a data folder
 *   or database of its own, for tests that close and reopen it, lock it, or
 *   hand it to another process.
 * The app runs in-process (`app.request()`); no port is opened.
 */
import { PGlite } from '@electric-sql/pglite'
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { createApp, type App } from '../../server/app'
import type { AppOverrides } from '../../server/config'
import { openDatabase, type Database, type Row } from '../../server/db/index'
import { migrate } from '../../server/db/migrate'
import { pgliteDatabase } from '../../server/db/pglite'
import { adminUrl, scratchDir, urlForDatabase, usePostgres, waitForNoConnections } from './storage'

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
    await cp(await pgliteTemplate(), dataDir, { recursive: true })
    return { dataDir, env: { DATA_DIR: dataDir }, drop: () => rm(parent, { recursive: true, force: true }) }
  }
  const admin = adminUrl()
  const name = newName('flex_test')
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  try {
    await client.query(`CREATE DATABASE ${name}`)
  } finally {
    await client.end()
  }
  const databaseUrl = urlForDatabase(name)
  return {
    dataDir,
    databaseUrl,
    env: { DATABASE_URL: databaseUrl },
    async drop() {
      const c = new pg.Client({ connectionString: admin })
      await c.connect()
      try {
        await waitForNoConnections(c, name)
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      } finally {
        await c.end()
      }
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

/**
 * A fresh schema, empty but migratable, in the database this worker
 * shares: what createTestServer() uses unless told otherwise. On PostgreSQL
 * its databaseUrl and env work for another process too; on PGlite it lives
 * in this process only.
 */
export async function sharedStorage(): Promise<Storage> {
  const schema = newName('flex_test')
  if (!usePostgres) {
    const shared = await openSharedPglite()
    const admin = pgliteSchema(shared, schema)
    await shared.pg.exec(`CREATE SCHEMA ${schema}`)
    return Object.defineProperties(
      {
        open: async () => pgliteSchema(shared, schema),
        drop: async () => {
          await admin.exec(`DROP SCHEMA ${schema} CASCADE`)
          shared.current = undefined
        },
      } as unknown as Storage,
      { dataDir: { get: notAFolder('data folder') }, env: { get: notAFolder('environment for another process') } },
    )
  }
  const runUrl = inject('flexPostgresUrl')
  if (!runUrl) return freshStorage() // run without the global set-up: a database per test, as before
  sharedPostgres ??= (async () => {
    const c = new pg.Client({ connectionString: runUrl })
    await c.connect()
    return c
  })()
  const admin = await sharedPostgres
  await admin.query(`CREATE SCHEMA ${schema}`)
  const url = new URL(runUrl)
  url.searchParams.set('options', `-c search_path=${schema}`)
  const databaseUrl = url.toString()
  return {
    databaseUrl,
    env: { DATABASE_URL: databaseUrl },
    open: () => openDatabase({ dataDir: '', databaseUrl }),
    get dataDir(): string {
      return notAFolder('data folder')()
    },
    drop: async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`)
    },
  }
}

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
  raw?: string
  token?: string
  headers?: Record<string, string>
}

export interface TestServerOptions {
  config?: AppOverrides
  staticRoots?: string[]
  /** Reuse storage (a second instance on the same database). */
  storage?: Storage
  /** The app's clock (default Date.now): move it to pass expiries without waiting. */
  clock?: () => number
  /**
   * A data folder (PGlite) or database (PostgreSQL) of its own instead of a
   * schema of the worker's shared database, so that restart() really closes
   * and reopens it. Slower: only for tests about persistence.
   */
  ownStorage?: boolean
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
  const storage = opts.storage ?? (opts.ownStorage ? await freshStorage() : await sharedStorage())
  const logs: string[] = []
  const open = async () => {
    const db = storage.open ? await storage.open() : await openDatabase({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl })
    await migrate(db)
    return { db, app: createApp({ db, config: opts.config, log: (line) => logs.push(line), staticRoots: opts.staticRoots, clock: opts.clock }) }
  }
  let current = await open()

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
      await current.db.close()
      current = await open()
    },
    async close() {
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
