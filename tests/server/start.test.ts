import { spawn, type ChildProcess } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { connect } from 'node:net'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  ConfigError,
  DEMO_SESSIONS_IN_PRODUCTION,
  EMBEDDED_DB_IN_PRODUCTION,
  ENCRYPTION_KEY_IN_PRODUCTION,
  SERVICE_TOKEN_IN_PRODUCTION,
} from '../../server/config'
import { lockDataDir } from '../../server/db/data-dir-lock'
import { openDatabase } from '../../server/db/index'
import { PAGE_CSP } from '../../server/http/security-headers'
import { startServer, type RunningServer } from '../../server/start'
import { createTestServer, freshStorage, usePostgres, type Storage, type TestServer } from './harness'
import { gated } from './gated-db'
import { ROOT, serverArgs, stopped } from './server-process'

const READY = /^Flex Portal is running at (http:\/\/\S+\/)$/m

let storage: Storage | undefined
let shared: TestServer | undefined
let server: RunningServer | undefined
/** Servers a test spawned: stopped even when it failed before it stopped them, before their storage goes. */
const children: ChildProcess[] = []
afterEach(async () => {
  await Promise.all(children.splice(0).map((child) => stopped(child)))
  await server?.close()
  await storage?.drop()
  await shared?.close()
  server = undefined
  storage = undefined
  shared = undefined
})

/** One raw HTTP/1.1 request, so the path reaches the server exactly as written. */
function rawGet(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`))
    let data = ''
    socket.on('data', (d) => (data += d))
    socket.on('end', () => resolve(data))
    socket.on('error', reject)
  })
}

describe('startServer', () => {
  it('serves on a free port when asked for port 0, and answers health', async () => {
    storage = await freshStorage()
    server = await startServer({ port: 0, dataDir: storage.dataDir, databaseUrl: storage.databaseUrl, log: () => {} })
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`)
    expect(server.port).toBeGreaterThan(0)
    const res = await fetch(`${server.url}api/health`)
    expect(await res.json()).toEqual({ status: 'ok' })
  })

  // The next two are about the port and the files, not the storage: a
  // migrated schema of the worker's shared database serves them.
  it('says so clearly when the port is taken, and leaves the database closed', async () => {
    shared = await createTestServer()
    server = await startServer({ port: 0, db: await shared.storage.open!(), log: () => {} })
    const db = await shared.storage.open!()
    await expect(startServer({ port: server.port, db, log: () => {} })).rejects.toThrow(
      `Port ${server.port} on 127.0.0.1 is in use. Set PORT to another port (PORT=0 picks a free one).`,
    )
    await expect(db.query('SELECT 1')).rejects.toThrow()
  })

  // What main.ts prints of a failed start: a ConfigError's sentence alone, anything else with its stack.
  const printed = (start: Promise<RunningServer>) =>
    start.then(
      (started) => started.close().then(() => 'started'),
      (err: Error) => (err instanceof ConfigError ? err.message : err.stack),
    )

  it('refuses a key file in DATA_DIR that holds no key, in one sentence naming it', async () => {
    storage = await freshStorage()
    await mkdir(storage.dataDir, { recursive: true })
    const file = join(storage.dataDir, 'secret-encryption.key')
    await writeFile(file, 'garbage\n')
    expect(await printed(startServer({ port: 0, dataDir: storage.dataDir, databaseUrl: storage.databaseUrl, log: () => {} }))).toBe(
      `${file} does not hold a 32-byte key: restore it from a backup, or set SECRET_ENCRYPTION_KEY.`,
    )
  })

  // Only with DATABASE_URL does the key file come first: the embedded database's own folder says it before.
  it.runIf(usePostgres)('refuses a DATA_DIR that is a file with DATABASE_URL set, in one sentence naming it', async () => {
    storage = await freshStorage()
    await writeFile(storage.dataDir, '')
    expect(await printed(startServer({ port: 0, dataDir: storage.dataDir, databaseUrl: storage.databaseUrl, log: () => {} }))).toBe(
      `DATA_DIR: ${storage.dataDir} cannot be the data folder (a file is in the way): set DATA_DIR to a folder this server may create and write.`,
    )
  })

  it('does not serve files outside its roots, even to a raw request line', async () => {
    shared = await createTestServer()
    server = await startServer({ port: 0, db: await shared.storage.open!(), log: () => {} })
    for (const path of ['/../package.json', '/../../etc/passwd', '/%2e%2e/package.json', '/..%2f..%2fpackage.json', '/..\\package.json']) {
      const answer = await rawGet(server.port, path)
      expect(answer, path).toMatch(/^HTTP\/1\.1 (404|400)/)
      expect(answer).not.toContain('"name": "flex-portal"')
      expect(answer).not.toContain('root:')
    }
  })

  it('on close, finishes in-flight requests, refuses new connections, then closes the database', async () => {
    storage = await freshStorage()
    const real = await openDatabase({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl })
    const gate = gated(real)
    server = await startServer({ port: 0, db: gate.db, log: () => {} })
    const url = server.url

    gate.arm()
    const inFlight = fetch(`${url}api/health`)
    await gate.inside
    let closed = false
    const closing = server.close().then(() => (closed = true))
    await expect(fetch(`${url}api/health`)).rejects.toThrow() // no new connections
    // The listener is closed, yet close() still waits for the request, with the database open.
    expect(closed).toBe(false)
    await expect(real.query('SELECT 1')).resolves.toBeDefined()

    gate.release()
    const res = await inFlight
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok' })
    await closing
    await expect(real.query('SELECT 1')).rejects.toThrow()
    server = undefined
  })
})

// Each test starts the server in a process of its own on a fresh embedded database (every
// migration run): on a busy machine that alone can take longer than the suite's 30 s.
describe('npm start (server/main.ts)', { timeout: 120_000 }, () => {
  const run = (env: Record<string, string>) => {
    const child = spawn(process.execPath, serverArgs(), {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', SKIP_BUILD: '1', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(child)
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (err += d))
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    const ready = new Promise<string>((resolve, reject) => {
      child.stdout.on('data', () => {
        const m = READY.exec(out)
        if (m) resolve(m[1])
      })
      void exited.then((code) => reject(new Error(`exited with ${code} before it was ready:\n${out}\n${err}`)))
    })
    ready.catch(() => {}) // tests that expect an early exit never await it
    return { child, ready, exited, output: () => out, errors: () => err }
  }

  it('prints its address, serves, warns of nothing, and on SIGTERM stops cleanly with exit code 0', async () => {
    storage = await freshStorage()
    const p = run(storage.env)
    const url = await p.ready
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    const res = await fetch(`${url}api/health`)
    expect(await res.json()).toEqual({ status: 'ok' })
    const page = await fetch(url)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toBe(PAGE_CSP)

    p.child.kill('SIGTERM')
    expect(await p.exited).toBe(0)
    expect(p.output()).toMatch(/^GET \/api\/health 200 \d+ms$/m)
    expect(p.output()).toContain('Stopped.')
    expect(p.errors()).not.toMatch(/error/i)
    // No warning from Node or a driver: on PostgreSQL, node-postgres warns when
    // a query is sent on a client still busy with another (the LISTEN connection's).
    expect(p.errors()).not.toMatch(/Warning/)
  })

  it("stops cleanly on SIGINT too, sent twice as a terminal's Ctrl-C under npm sends it, and keeps its data for the next start", async () => {
    storage = await freshStorage()
    const first = run(storage.env)
    const url = await first.ready
    const device = await fetch(`${url}api/device`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ deviceUDID: 'x', deviceType: 'WEB' }),
    })
    expect(device.status).toBe(201)
    first.child.kill('SIGINT')
    // The second once the first is being handled (two at once are one signal to the process), and at once: a second
    // more than a second later is someone asking to exit at once. On the output's event, not a poll of it.
    const handling = () => first.output().includes('SIGINT: finishing')
    if (!handling()) await new Promise<void>((resolve) => first.child.stdout.on('data', () => handling() && resolve()))
    first.child.kill('SIGINT')
    expect(await first.exited).toBe(0)
    expect(first.output()).toContain('Stopped.')

    const db = await openDatabase({ dataDir: storage.dataDir, databaseUrl: storage.databaseUrl })
    try {
      expect(await db.query('SELECT device_type FROM devices')).toEqual([{ device_type: 'WEB' }])
    } finally {
      await db.close()
    }
  })

  it('stops in order when SIGTERM comes while it is still starting', async () => {
    storage = await freshStorage()
    const p = run(storage.env)
    await new Promise<void>((resolve) => p.child.stdout.on('data', () => p.output().includes('Starting Flex Portal') && resolve()))
    p.child.kill('SIGTERM')
    expect(await p.exited).toBe(0)
    expect(p.output()).toContain('Stopped.')
  })

  // These two stop before any database is opened, with DATABASE_URL unset in
  // both passes: the PostgreSQL pass would run the same process again.
  it.skipIf(usePostgres)('refuses a bad setting with a clear message and exit code 1', async () => {
    const p = run({ PORT: 'eighty' })
    expect(await p.exited).toBe(1)
    expect(p.errors()).toContain('PORT must be a whole number from 0 to 65535, not "eighty".')
    expect(p.errors()).not.toContain('    at ')
  })

  it.skipIf(usePostgres)('refuses a DATA_DIR that is a file, in one sentence naming it, with exit code 1', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flex-data-'))
    try {
      const file = join(dir, 'a-file')
      await writeFile(file, '')
      const p = run({ DATA_DIR: file })
      expect(await p.exited).toBe(1)
      expect(p.errors()).toContain(
        `DATA_DIR: ${file} cannot be the data folder (a file is in the way): set DATA_DIR to a folder this server may create and write.`,
      )
      expect(p.errors()).not.toContain('    at ')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  // It stopped nowhere before: it read the file, could not create it, and read it again, at full CPU, deaf to SIGTERM.
  it.skipIf(usePostgres)(
    'refuses a service-token file that holds no token, empty or short, in one sentence naming it, with exit code 1',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'flex-data-'))
      try {
        for (const text of ['', 'short\n']) {
          await writeFile(join(dir, 'service-token'), text)
          const p = run({ DATA_DIR: dir, SERVICE_TOKEN: '' })
          expect(await p.exited).toBe(1)
          expect(p.errors()).toContain(
            `${join(dir, 'service-token')} holds no service token of 16 characters or more: delete it and the next start makes a new one, or set SERVICE_TOKEN.`,
          )
          expect(p.errors()).not.toContain('    at ')
        }
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },
    30_000,
  )

  it.skipIf(usePostgres)('refuses a DATA_DIR another server holds, in one sentence naming it, with exit code 1', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flex-data-'))
    const release = await lockDataDir(dir)
    try {
      const p = run({ DATA_DIR: dir, SERVICE_TOKEN: 'a-service-token-of-some-length' })
      expect(await p.exited).toBe(1)
      expect(p.errors()).toContain(`DATA_DIR ${dir} is in use by another process (pid ${process.pid}). Stop it,`)
      expect(p.errors()).not.toContain('    at ')
    } finally {
      await release()
      await rm(dir, { recursive: true, force: true })
    }
  })

  it.skipIf(usePostgres)('refuses a scope catalog that names a scope twice, in one line naming the file and the scope, with exit code 1', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flex-scopes-'))
    try {
      const file = join(dir, 'scopes.json')
      const scope = { name: 'invoices:read', description: 'Read invoices', group: 'Invoices', access: 'read' }
      await writeFile(file, JSON.stringify([scope, scope]))
      const p = run({ KEY_SCOPES_FILE: file })
      expect(await p.exited).toBe(1)
      expect(p.errors()).toContain('KEY_SCOPES_FILE: the scope "invoices:read" is declared twice.')
      expect(p.errors()).not.toContain('    at ')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it.skipIf(usePostgres)('refuses to start in production without its settings, naming every one at once before starting', async () => {
    const refused = run({ NODE_ENV: 'production', DEMO_HOST_SESSIONS: 'true', ALLOW_EMBEDDED_DB: '', SERVICE_TOKEN: '', SECRET_ENCRYPTION_KEY: '' })
    expect(await refused.exited).toBe(1)
    // Every missing setting at once, before anything starts.
    for (const problem of [DEMO_SESSIONS_IN_PRODUCTION, EMBEDDED_DB_IN_PRODUCTION, SERVICE_TOKEN_IN_PRODUCTION, ENCRYPTION_KEY_IN_PRODUCTION])
      expect(refused.errors()).toContain(problem)
    expect(refused.output()).not.toContain('Starting Flex Portal')
  })

  // Nothing listens on port 1; the PostgreSQL pass would run the same process again.
  it.skipIf(usePostgres)('says in one sentence that DATABASE_URL cannot be used, never with a stack or the password', async () => {
    const p = run({ DATABASE_URL: 'postgres://flex:db-secret@127.0.0.1:1/flex' })
    expect(await p.exited).toBe(1)
    expect(p.errors()).toContain('DATABASE_URL (127.0.0.1:1/flex) cannot be used: nothing answers at that host and port; is PostgreSQL running there?')
    expect(p.errors()).not.toContain('    at ')
    expect(p.errors()).not.toContain('db-secret')
  })

  // A real PostgreSQL that asks for a password: node-postgres's SASL error becomes a sentence.
  it.runIf(usePostgres)('names a DATABASE_URL without a password, instead of a SASL stack', async () => {
    const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
    url.password = ''
    const p = run({ DATABASE_URL: url.href })
    expect(await p.exited).toBe(1)
    expect(p.errors()).toContain('has none; write it as postgres://user:password@host:5432/database.')
    expect(p.errors()).not.toContain('    at ')
  })

  it.skipIf(usePostgres)('outside production, makes a service token for the data folder once, and prints where it is, never the token', async () => {
    storage = await freshStorage()
    const first = run({ ...storage.env, SERVICE_TOKEN: '' })
    const url = await first.ready
    const file = join(storage.dataDir, 'service-token')
    const token = (await readFile(file, 'utf8')).trim()
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    // The banner follows the line that says it is running.
    await vi.waitFor(() => expect(first.output()).toContain(`Service token (development only; set SERVICE_TOKEN in production): in ${resolve(file)}`), {
      timeout: 10_000,
    })
    expect(first.output() + first.errors()).not.toContain(token)
    // The token verifies: an unknown key is an answer, not a 503 or a 401.
    const verify = await fetch(url + 'api/keys/verify', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ key: 'fxk_unknown' }),
    })
    expect(verify.status).toBe(200)
    expect(first.output()).toContain('Webhooks: endpoints on this machine and private networks are allowed')
    // Where mail goes is said once, by the banner's "Mail:" line.
    expect(first.output().match(/\.eml files/g)).toEqual(['.eml files'])
    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    // The next start reads the same token.
    const second = run({ ...storage.env, SERVICE_TOKEN: '' })
    await second.ready
    expect((await readFile(file, 'utf8')).trim()).toBe(token)
    second.child.kill('SIGTERM')
    expect(await second.exited).toBe(0)
  })

  // The embedded database is the PGlite run's storage.
  it.skipIf(usePostgres)('starts in production on the embedded database with ALLOW_EMBEDDED_DB=true, serving no demo page', async () => {
    storage = await freshStorage()
    const allowed = run({
      ...storage.env,
      NODE_ENV: 'production',
      ALLOW_EMBEDDED_DB: 'true',
      SERVICE_TOKEN: 'a-service-token-of-some-length',
      MAIL_DISABLED: 'true',
    })
    const url = await allowed.ready
    // Mail off: the widget is told, and hides what would mail a code.
    expect(((await (await fetch(url + 'api/capabilities')).json()) as { features: string[] }).features).not.toContain('mail')
    // No demo host sign-in unless asked for, and no development token made.
    expect((await fetch(url + 'northwind/portal-session', { method: 'POST' })).status).toBe(404)
    expect(allowed.output()).not.toContain('Service token')
    // The widget's scripts, the API and its reference; no demo page, nor any file of one.
    for (const path of ['flex-portal.js', 'api/health', 'api/docs']) expect((await fetch(url + path)).status, path).toBe(200)
    for (const path of ['', 'docs.html', 'existing.html', 'index.css', 'existing.js']) expect((await fetch(url + path)).status, path).toBe(404)
    allowed.child.kill('SIGTERM')
    expect(await allowed.exited).toBe(0)
  })
})
