import { spawn } from 'node:child_process'
import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { Webhook } from 'standardwebhooks'
import { afterEach, describe, expect, it } from 'vitest'
import { withDefaults, type AppOverrides } from '../../server/config'
import { startWebhookWorker } from '../../server/resources/webhooks'
import { KEY_FILE } from '../../server/security/encryption-key-file'
import { createTestServer, DEVICE, freshStorage, newProject, signUp, type Storage } from './harness'
import { ROOT, serverArgs } from './server-process'
import { startReceiver } from './webhook-receiver'

const READY = /^Flex Portal is running at (http:\/\/\S+\/)$/m
const SERVICE_TOKEN = 'service-token-for-the-webhook-tests'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

/** `npm start` in a child process, as a deployment runs it. */
function start(env: Record<string, string>) {
  const child = spawn(process.execPath, serverArgs(), {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', SKIP_BUILD: '1', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  const waiters: Array<{ re: RegExp; resolve: (m: RegExpExecArray) => void }> = []
  child.stdout.on('data', (d) => {
    out += d
    for (const w of [...waiters]) {
      const m = w.re.exec(out)
      if (m) {
        waiters.splice(waiters.indexOf(w), 1)
        w.resolve(m)
      }
    }
  })
  child.stderr.on('data', (d) => (out += d))
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)))
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL')
      await exited
    }
  })
  /** Resolves with the first match of `re` in the output, now or later. */
  const printed = (re: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const m = re.exec(out)
      if (m) return resolve(m)
      waiters.push({ re, resolve })
      void exited.then((code) => reject(new Error(`exited (${code}) before printing ${re}:\n${out}`)))
    })
  return { child, exited, printed, output: () => out, url: printed(READY).then((m) => m[1]) }
}

async function call(base: string, method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}api${path}`, { method, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) })
  const json = await res.json()
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`)
  return json
}

describe('webhook durability', () => {
  it('delivers a message accepted before a kill -9 once the server is back, signed with the secret kept encrypted in DATA_DIR', async () => {
    const storage: Storage = await freshStorage()
    cleanups.push(() => storage.drop())
    // A port with nobody listening yet: the first attempt fails and the retry waits in the queue.
    const probe = await startReceiver()
    const port = probe.port
    await probe.close()
    const env = {
      ...storage.env,
      DATA_DIR: storage.dataDir,
      SERVICE_TOKEN,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '1,1,1',
    }

    const first = start(env)
    const base = await first.url
    const generated = await first.printed(/Generated SECRET_ENCRYPTION_KEY into (\S+) \(mode 0600\)/)
    expect(generated[1]).toBe(join(storage.dataDir, KEY_FILE))
    expect((await stat(join(storage.dataDir, KEY_FILE))).mode & 0o777).toBe(0o600)
    const device = await call(base, 'POST', '/device', DEVICE)
    const user = await call(
      base,
      'POST',
      '/register',
      { name: 'Ada', email: 'ada.durable@example.com', password: 'correct horse battery' },
      {
        Authorization: `Bearer ${device.accessToken}`,
      },
    )
    const auth = { Authorization: `Bearer ${user.accessToken}` }
    const project = await call(base, 'POST', '/manage/dapp', { name: 'Durable' }, auth)
    await call(base, 'POST', `/manage/dapp/${project.id}/webhooks`, { url: `http://127.0.0.1:${port}/hook` }, auth)
    const { id } = await call(
      base,
      'POST',
      '/webhooks/messages',
      { projectId: project.id, eventType: 'webhook.test', payload: { n: 1 } },
      {
        Authorization: `Bearer ${SERVICE_TOKEN}`,
      },
    )
    await first.printed(new RegExp(`webhook attempt endpoint=\\S+ message=${id} attempt=1 failed no-answer \\d+ms retry at`))
    first.child.kill('SIGKILL')
    expect(await first.exited).toBe('SIGKILL')

    const receiver = await startReceiver(undefined, port)
    cleanups.push(() => receiver.close())
    const second = start(env)
    await second.url
    await second.printed(/Webhook secrets are encrypted with the key in \S+/)
    await receiver.got(id)
    const [r] = receiver.received
    expect(new Webhook(project.webhookSecret).verify(r.body, r.headers as Record<string, string>)).toMatchObject({ type: 'webhook.test', data: { n: 1 } })
    await second.printed(new RegExp(`message=${id} attempt=2 succeeded 200`))
    second.child.kill('SIGTERM')
    expect(await second.exited).toBe(0)
    expect(receiver.received.filter((x) => x.id === id)).toHaveLength(1)
  }, 120_000)

  it('with two instances on one database, makes each attempt on one instance only', async () => {
    const receiver = await startReceiver()
    cleanups.push(() => receiver.close())
    const overrides: AppOverrides = { serviceToken: SERVICE_TOKEN, webhooks: { allowPrivateNetworks: true } }
    const a = await createTestServer({ config: overrides })
    cleanups.push(() => a.close())
    const b = await createTestServer({ config: overrides, storage: a.storage })
    cleanups.push(() => b.close())
    const lines: string[][] = [[], []]
    let logged: () => void = () => {}
    const all = new Promise<void>((resolve) => (logged = resolve))
    const MESSAGES = 40
    const log = (i: number) => (line: string) => {
      if (!line.startsWith('webhook attempt')) return
      lines[i].push(line)
      if (lines[0].length + lines[1].length >= MESSAGES) logged()
    }
    const workers = [a, b].map((s, i) => startWebhookWorker({ db: s.db, config: withDefaults(overrides), log: log(i), clock: Date.now }))
    for (const w of workers) cleanups.push(() => w.stop())
    const owner = await signUp(a)
    const project = await newProject(a, owner.accessToken)
    const ep = await a.request('POST', `/api/manage/dapp/${project.id}/webhooks`, { token: owner.accessToken, body: { url: receiver.url } })
    expect(ep.status).toBe(201)
    const ids = await Promise.all(
      Array.from({ length: MESSAGES }, async (_, i) => {
        const res = await [a, b][i % 2].request('POST', '/api/webhooks/messages', {
          headers: { Authorization: `Bearer ${SERVICE_TOKEN}` },
          body: { projectId: project.id, eventType: 'webhook.test', payload: { i } },
        })
        return res.body.id as string
      }),
    )
    await all
    await Promise.all(workers.map((w) => w.stop()))
    expect(lines[0].length + lines[1].length).toBe(MESSAGES)
    expect(receiver.received.map((r) => r.id).sort()).toEqual([...ids].sort())
    const attempts = await a.db.query<{ message_id: string; status: string }>("SELECT message_id, status FROM webhook_attempts WHERE status <> 'pending'")
    expect(attempts).toHaveLength(MESSAGES)
    expect(new Set(attempts.map((x) => x.message_id)).size).toBe(MESSAGES)
  })
})
