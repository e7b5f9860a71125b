/**
 * Test servers for the server suite. Each test gets its own database:
 * - PGlite (default): a fresh data folder in a temp dir, copied from a
 *   template made once per test file (initdb in WebAssembly takes ~2 s; a copy
 *   and open take ~0.2 s).
 * - PostgreSQL (FLEX_TEST_DB=postgres, the `server-pg` vitest project): a
 *   fresh database `flex_test_<random>` on the server DATABASE_URL points at,
 *   dropped afterwards.
 * The app runs in-process (`app.request()`); no port is opened.
 */
import { randomBytes } from 'node:crypto'
import { cp, mkdtemp, rm, statfs } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll } from 'vitest'
import { createApp, type App } from '../../server/app'
import type { AppOverrides } from '../../server/config'
import { openDatabase, type Database } from '../../server/db/index'
import { migrate } from '../../server/db/migrate'

export const usePostgres = process.env.FLEX_TEST_DB === 'postgres'

/** Where a test's data lives; reopening the same storage is a restart. */
export interface Storage {
  dataDir: string
  databaseUrl?: string
  /** Environment for a spawned server on this storage. */
  env: Record<string, string>
  drop(): Promise<void>
}

function adminUrl(): string {
  const url = process.env.DATABASE_URL
  if (!url) {
    throw new Error(
      'The server-pg test pass needs DATABASE_URL=postgres://user:password@host:port/db (a role that may CREATE DATABASE). ' +
        'In CI, .ci/run starts PostgreSQL and sets it; it must not be skipped.',
    )
  }
  return url
}

let scratch: Promise<string> | undefined

/**
 * Where test databases go: /dev/shm when it has room. On a disk, deleting a
 * folder PGlite has just written takes ~1 s (it is ~0.01 s on tmpfs), which
 * would dominate a suite that makes a database per test. Docker's default
 * /dev/shm is 64 MB, too small, hence the check.
 */
function scratchDir(): Promise<string> {
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

let template: Promise<string> | undefined

/** A migrated PGlite data folder to copy from, made once per test file. */
async function pgliteTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = await mkdtemp(join(await scratchDir(), 'flex-template-'))
    const db = await openDatabase({ dataDir: dir })
    await migrate(db)
    await db.close()
    return dir
  })()
  return template
}

// Called while a test file is collected, this hook belongs to that file: the
// template goes when the file is done (a worker's 'exit' event may never come).
afterAll(async () => {
  if (template) await rm(await template, { recursive: true, force: true })
  template = undefined
})

/** A fresh, empty-but-migratable database for one test. */
export async function freshStorage(): Promise<Storage> {
  const parent = await mkdtemp(join(await scratchDir(), 'flex-test-'))
  const dataDir = join(parent, 'data')
  if (!usePostgres) {
    await cp(await pgliteTemplate(), dataDir, { recursive: true })
    return { dataDir, env: { DATA_DIR: dataDir }, drop: () => rm(parent, { recursive: true, force: true }) }
  }
  const admin = adminUrl()
  const name = `flex_test_${randomBytes(6).toString('hex')}`
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  try {
    await client.query(`CREATE DATABASE ${name}`)
  } finally {
    await client.end()
  }
  const url = new URL(admin)
  url.pathname = `/${name}`
  const databaseUrl = url.toString()
  return {
    dataDir,
    databaseUrl,
    env: { DATABASE_URL: databaseUrl },
    async drop() {
      const c = new pg.Client({ connectionString: admin })
      await c.connect()
      try {
        // pool.end() resolves before the server has seen every connection go;
        // FORCE would then kill those, and their clients would log errors.
        for (let i = 0; i < 50; i++) {
          const [{ n }] = (await c.query('SELECT count(*)::integer AS n FROM pg_stat_activity WHERE datname = $1', [name])).rows
          if (n === 0) break
          await new Promise((r) => setTimeout(r, 20))
        }
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      } finally {
        await c.end()
      }
      await rm(parent, { recursive: true, force: true })
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
}

export interface TestServer {
  app: App
  db: Database
  storage: Storage
  /** Every request and error line the app logged. */
  logs: string[]
  request(method: string, path: string, opts?: RequestOptions): Promise<TestResponse>
  /** Closes the database and opens the same storage again, as a restarted server would. */
  restart(): Promise<void>
  /** Closes the database and deletes the storage (unless it was passed in). */
  close(): Promise<void>
}

export async function createTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const storage = opts.storage ?? (await freshStorage())
  const logs: string[] = []
  const open = async () => {
    const db = await openDatabase({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl })
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
  return res.body as { id: string; name: string; description: string; createDate: string; status: string; apiKey: Record<string, string>; webhookSecret: string }
}
