/**
 * The code a provider copies from docs/ runs as written: every fenced block
 * after a `<!-- sample: name -->` comment is taken from its page, type-checked
 * (TypeScript), and run against `npm start`'s server in a process of its own.
 * The only changes made before running are the ones a reader makes: the
 * portal's address, the port, and the ids and keys written as `…`.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { promisify } from 'node:util'
import ts from 'typescript'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { freshStorage, usePostgres, type Storage } from './harness'
import { ROOT, serverArgs, stopped } from './server-process'

const run = promisify(execFile)
const SERVICE_TOKEN = 'a-long-random-service-token-for-the-docs-samples'
const READY = /^Flex Portal is running at (http:\/\/\S+)\/$/m

/** Every marked sample of docs/, by name. */
function samples(): Map<string, { page: string; lang: string; code: string }> {
  const found = new Map<string, { page: string; lang: string; code: string }>()
  for (const file of readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md'))) {
    const text = readFileSync(join(ROOT, 'docs', file), 'utf8')
    for (const m of text.matchAll(/<!-- sample: ([\w-]+) -->\n```(\w+)\n([\s\S]*?)\n```/g)) {
      if (found.has(m[1])) throw new Error(`Two samples are named ${m[1]}`)
      found.set(m[1], { page: file, lang: m[2], code: m[3] + '\n' })
    }
  }
  return found
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })

/** A process that lives for the test; its output collected. */
function started(command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  const out = { text: '' }
  child.stdout!.on('data', (d) => (out.text += d))
  child.stderr!.on('data', (d) => (out.text += d))
  return { child, out }
}

// Once per run: these samples care about the API, not the database under it.
describe.skipIf(usePostgres)('the samples of docs/', { timeout: 120_000 }, () => {
  const all = samples()
  const dir = join(ROOT, 'test-artifacts', `docs-samples-${process.pid}`)
  const children: ChildProcess[] = []
  let storage: Storage
  let portal: string
  let access: string
  let project: { id: string; apiKey: Record<string, string>; webhookSecret: string }

  /** The sample as a reader adapts it: this portal, the given port, real ids for the `…` ones. */
  const adapted = (name: string, port = 0) =>
    all
      .get(name)!
      .code.replaceAll('https://portal.example.com', portal)
      .replace(/\b3000\b/g, String(port))
      .replaceAll('fxk_…', Object.values(project.apiKey)[0])
      .replaceAll('prj_…', project.id)
      .replaceAll('apid_…', Object.keys(project.apiKey)[0])

  const api = async (method: string, path: string, body?: object, token = access) => {
    const res = await fetch(`${portal}/api${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body && JSON.stringify(body),
    })
    return { status: res.status, body: await res.json().catch(() => undefined) }
  }

  /** Runs a sample file with node (tsx for TypeScript) and waits until it answers on its port. */
  async function serveSample(name: string, env: Record<string, string> = {}) {
    const port = await freePort()
    const { lang } = all.get(name)!
    const file = join(dir, `${name}.${lang === 'js' ? 'mjs' : 'ts'}`)
    await writeFile(file, adapted(name, port))
    const p = started(process.execPath, [...(lang === 'js' ? [] : ['--import', 'tsx']), file], { SERVICE_TOKEN, ...env })
    children.push(p.child)
    const base = `http://127.0.0.1:${port}`
    await expect
      .poll(
        () =>
          fetch(base).then(
            () => true,
            () => false,
          ),
        { timeout: 30_000, interval: 100 },
      )
      .toBe(true)
    return { base, out: p.out }
  }

  const catalogFile = async () => {
    const file = join(dir, 'scopes.json')
    await writeFile(file, all.get('key-scopes-file')!.code)
    return file
  }

  beforeAll(async () => {
    await mkdir(dir, { recursive: true })
    // flex-portal/verify as a provider imports it: the package's own exports, built. Without a build, the samples'
    // folder becomes a package of its own that has it installed, built there: a build into dist/ would truncate
    // files the build tests read meanwhile.
    if (!existsSync(join(ROOT, 'dist/verify/index.d.ts'))) {
      const installed = join(dir, 'node_modules/flex-portal')
      await mkdir(installed, { recursive: true })
      await copyFile(join(ROOT, 'package.json'), join(installed, 'package.json'))
      await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'docs-samples', private: true, type: 'module' }))
      const tsc = join(ROOT, 'node_modules/typescript/bin/tsc')
      await run(process.execPath, [tsc, '-p', 'verify/tsconfig.json', '--outDir', join(installed, 'dist')], { cwd: ROOT })
    }
    storage = await freshStorage()
    const server = started(process.execPath, serverArgs(), {
      DATABASE_URL: '', // the storage's own, never the environment's
      ...storage.env,
      HOST: '127.0.0.1',
      PORT: '0',
      SKIP_BUILD: '1',
      SERVICE_TOKEN,
      WEBHOOK_EVENT_TYPES: 'invoice.paid',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '1,1,1',
      // The catalog as the page shows it.
      KEY_SCOPES_FILE: await catalogFile(),
    })
    children.push(server.child)
    portal = await vi.waitFor(
      () => {
        const m = READY.exec(server.out.text)
        if (!m) throw new Error(`not ready yet:\n${server.out.text}`)
        return m[1]
      },
      { timeout: 90_000, interval: 100 },
    )
    const device = await api('POST', '/device', { deviceUDID: 'web-docs-samples', deviceType: 'WEB' }, '')
    const user = await api('POST', '/register', { name: 'Ada', email: 'ada@example.com', password: 'correct horse battery' }, device.body.accessToken)
    access = user.body.accessToken
    project = (await api('POST', '/manage/dapp', { name: 'Weather app' })).body
  }, 120_000)

  afterAll(async () => {
    // The portal closes its database as it exits: its folder goes only then.
    await Promise.all(children.map((child) => stopped(child)))
    await rm(dir, { recursive: true, force: true })
    await storage?.drop()
  })

  it('are marked in the pages a provider copies from', () => {
    expect([...all.keys()].sort()).toEqual([
      'host-account-delete-curl',
      'host-session-route',
      'key-scopes-file',
      'request-logs-curl',
      'request-logs-express',
      'request-logs-hono',
      'verify-curl',
      'verify-curl-scopes',
      'verify-express',
      'verify-hono',
      'verify-hono-scopes',
      'webhook-receive',
      'webhook-send',
    ])
  })

  it('type-check as written', async () => {
    const files = [...all].filter(([, s]) => s.lang === 'ts').map(([name, s]) => ({ file: join(dir, `check-${name}.ts`), code: s.code }))
    for (const { file, code } of files) await writeFile(file, code)
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: ['node'],
    }
    const program = ts.createProgram(
      files.map((f) => f.file),
      options,
    )
    expect(ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`)).toEqual([])
  })

  it('verify-curl: the service answers whether a key is good', async () => {
    const { stdout } = await run('sh', ['-c', adapted('verify-curl')], { env: { ...process.env, SERVICE_TOKEN } })
    const answer = JSON.parse(stdout) as object
    expect(answer).toMatchObject({ valid: true, projectId: project.id })
    // The answer the page shows under the call names every field the real one has.
    const shown = JSON.parse(/^# (\{"valid":true.*\})$/m.exec(all.get('verify-curl')!.code)![1]) as object
    expect(Object.keys(shown).sort()).toEqual(Object.keys(answer).sort())
  })

  it.each(['verify-hono', 'verify-express'])('%s: the API lets a good key through and refuses a missing or wrong one', async (name) => {
    const { base } = await serveSample(name)
    const key = Object.values(project.apiKey)[0]
    const good = await fetch(`${base}/v1/forecast`, { headers: { Authorization: `Bearer ${key}` } })
    expect(good.status).toBe(200)
    expect(await good.json()).toEqual({ for: project.id })
    expect((await fetch(`${base}/v1/forecast`)).status).toBe(401)
    const wrong = await fetch(`${base}/v1/forecast`, { headers: { Authorization: 'Bearer fxk_not-a-key' } })
    expect(wrong.status).toBe(401)
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Bearer/)
  })

  it.each(['request-logs-hono', 'request-logs-express'])('%s: the API answers a good key with its request id, and stops cleanly on SIGTERM', async (name) => {
    const { base, out } = await serveSample(name)
    const key = Object.values(project.apiKey)[0]
    const res = await fetch(`${base}/v1/invoices/in_1?page=2`, { headers: { Authorization: `Bearer ${key}`, 'X-Request-Id': `docs-${name}` } })
    expect([res.status, res.headers.get('x-request-id')]).toEqual([200, `docs-${name}`])
    expect(await res.json()).toEqual({ id: 'in_1', project: project.id })
    const made = await fetch(`${base}/v1/invoices/in_2`, { headers: { Authorization: `Bearer ${key}` } })
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    const child = children.at(-1)!
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(out.text).toBe('')
    // The shutdown flushed the entries to the portal: its provider's lookup finds the call by the client's request id.
    const found = await fetch(`${portal}/api/logs/docs-${name}`, { headers: { Authorization: `Bearer ${SERVICE_TOKEN}` } })
    expect(found.status).toBe(200)
    expect(await found.json()).toMatchObject({ requestId: `docs-${name}`, method: 'GET', route: '/v1/invoices/:id', status: 200 })
  })

  it('request-logs-curl: the portal takes a batch', async () => {
    const { stdout } = await run('sh', ['-c', adapted('request-logs-curl')], { env: { ...process.env, SERVICE_TOKEN } })
    expect(JSON.parse(stdout)).toMatchObject({ accepted: 1, duplicates: 0 })
  })

  it('verify-curl-scopes and verify-hono-scopes: a read-only test key allowed from 127.0.0.1 reads, cannot write, and is refused elsewhere', async () => {
    const made = await api('POST', `/manage/dapp/${project.id}/api-key`, { mode: 'test', scopes: ['invoices:read'], allowedIps: ['127.0.0.1'] })
    expect(made.status).toBe(201)
    const key = Object.values(made.body as Record<string, string>)[0]
    const curl = (ip: string) =>
      run('sh', ['-c', adapted('verify-curl-scopes').replaceAll(Object.values(project.apiKey)[0], key).replace('203.0.113.7', ip)], {
        env: { ...process.env, SERVICE_TOKEN },
      })
    expect(JSON.parse((await curl('127.0.0.1')).stdout)).toMatchObject({ valid: true, mode: 'test', scopes: ['invoices:read'] })
    expect(JSON.parse((await curl('203.0.113.7')).stdout)).toEqual({ valid: false, code: 'IP_NOT_ALLOWED' })
    const { base } = await serveSample('verify-hono-scopes')
    const read = await fetch(`${base}/v1/invoices`, { headers: { Authorization: `Bearer ${key}` } })
    expect([read.status, await read.json()]).toEqual([200, { for: project.id, mode: 'test', invoices: [] }])
    const write = await fetch(`${base}/v1/invoices`, { method: 'POST', headers: { Authorization: `Bearer ${key}` } })
    expect([write.status, (await write.json()).missingScopes]).toEqual([403, ['invoices:write']])
  })

  it("host-session-route: the provider's backend gets a code for its signed-in user, and refuses anyone else", async () => {
    const port = await freePort()
    await writeFile(join(dir, 'host-session-route.ts'), adapted('host-session-route'))
    // The provider's app around the route: its own session middleware decides who `user` is.
    await writeFile(
      join(dir, 'host-session-app.ts'),
      `import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { portalSession } from './host-session-route.ts'
const app = new Hono<{ Variables: { user?: { id: string; email: string; name: string } } }>()
app.use(async (c, next) => {
  if (c.req.header('Cookie') === 'session=ada') c.set('user', { id: 'user-42', email: 'ada@example.com', name: 'Ada' })
  await next()
})
app.get('/', (c) => c.text('ok'))
app.route('/', portalSession)
serve({ fetch: app.fetch, port: ${port} })
`,
    )
    const p = started(process.execPath, ['--import', 'tsx', join(dir, 'host-session-app.ts')], { SERVICE_TOKEN })
    children.push(p.child)
    const base = `http://127.0.0.1:${port}`
    await expect
      .poll(
        () =>
          fetch(base).then(
            () => true,
            () => false,
          ),
        { timeout: 30_000, interval: 100 },
      )
      .toBe(true)
    const res = await fetch(`${base}/portal-session`, { method: 'POST', headers: { Cookie: 'session=ada' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const { code } = (await res.json()) as { code: string }
    const device = await api('POST', '/device', { deviceUDID: 'web-docs-samples-2', deviceType: 'WEB' }, '')
    const exchanged = await api('POST', '/auth/exchange', { code }, device.body.accessToken)
    expect(exchanged.status).toBe(200)
    expect(exchanged.body.user).toMatchObject({ name: 'Ada' })
    expect((await fetch(`${base}/portal-session`, { method: 'POST' })).status).toBe(401)
  })

  it("host-account-delete-curl: the provider's backend deletes its user's account, once", async () => {
    const made = await fetch(`${portal}/api/sessions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${SERVICE_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ externalId: 'user-42', name: 'Ada' }),
    })
    expect(made.status).toBe(201)
    const curl = () => run('sh', ['-c', adapted('host-account-delete-curl')], { env: { ...process.env, SERVICE_TOKEN } })
    expect((await curl()).stdout).toBe('204\n')
    expect((await curl()).stdout).toBe('404\n')
  })

  it('webhook-send and webhook-receive: the provider sends an event, the portal delivers it, the receiver verifies it', async () => {
    const receiver = await serveSample('webhook-receive', { FLEX_WEBHOOK_SECRET: project.webhookSecret })
    const endpoint = await api('POST', `/manage/dapp/${project.id}/webhooks`, { url: `${receiver.base}/webhooks`, eventTypes: ['invoice.paid'] })
    expect(endpoint.status).toBe(201)

    const { stdout } = await run('sh', ['-c', adapted('webhook-send')], { env: { ...process.env, SERVICE_TOKEN } })
    expect(JSON.parse(stdout)).toEqual({ id: expect.stringMatching(/^msg_/) })
    await expect.poll(() => receiver.out.text, { timeout: 30_000, interval: 100 }).toContain("invoice.paid { invoiceId: 'in_1', amount: 1200 }")

    // A delivery signed with another secret is refused.
    const forged = new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`)
    const body = JSON.stringify({ type: 'invoice.paid', timestamp: new Date().toISOString(), data: {} })
    const headers = { 'webhook-id': 'msg_forged', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)) }
    const res = await fetch(`${receiver.base}/webhooks`, {
      method: 'POST',
      headers: { ...headers, 'webhook-signature': forged.sign('msg_forged', new Date(), body), 'Content-Type': 'application/json' },
      body,
    })
    expect(res.status).toBe(400)
  })
})
