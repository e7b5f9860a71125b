/** kill -9 of `npm start` during request-log ingestion: acknowledged batches are kept whole, the one in flight all or nothing, and re-sending fills it without duplicates. */
import { spawn } from 'node:child_process'
import { afterEach, describe, expect, it } from 'vitest'
import { DEVICE, freshStorage, type Storage } from './harness'
import { ROOT, serverArgs, stopped } from './server-process'

const READY = /^Flex Portal is running at (http:\/\/\S+\/)$/m
const SERVICE_TOKEN = 'service-token-for-the-request-log-durability-test'
const service = { Authorization: `Bearer ${SERVICE_TOKEN}` }

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

/** `npm start` in a child process; resolves with it and its address once it listens. */
async function start(env: Record<string, string>) {
  const child = spawn(process.execPath, serverArgs(), {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', SKIP_BUILD: '1', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  cleanups.push(() => stopped(child, 'SIGKILL'))
  let out = ''
  const base = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d
      const m = READY.exec(out)
      if (m) resolve(m[1])
    })
    child.stderr.on('data', (d) => (out += d))
    child.once('exit', (code) => reject(new Error(`exited (${code}):\n${out}`)))
  })
  return { child, base }
}

async function call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = await res.json()
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`)
  return json
}

describe('request-log durability', () => {
  it(
    'keeps every acknowledged batch and none of the one in flight half-stored across a kill -9; re-sending stores nothing twice',
    { timeout: 120_000 },
    async () => {
      const storage: Storage = await freshStorage()
      cleanups.push(() => storage.drop())
      const env = { ...storage.env, DATA_DIR: storage.dataDir, SERVICE_TOKEN }
      const first = await start(env)
      const device = await call(first.base, 'POST', '/device', DEVICE)
      const user = await call(
        first.base,
        'POST',
        '/register',
        { name: 'Ada', email: 'ada.logs@example.com', password: 'correct horse battery' },
        {
          Authorization: `Bearer ${device.accessToken}`,
        },
      )
      const auth = { Authorization: `Bearer ${user.accessToken}` }
      const project = await call(first.base, 'POST', '/manage/dapp', { name: 'Logged' }, auth)
      const keyId = Object.keys(project.apiKey)[0]
      const at = new Date(Date.now() - 60_000).toISOString()
      const batches = Array.from({ length: 4 }, (_, b) => ({
        entries: Array.from({ length: 1000 }, (_, i) => ({ requestId: `req_${b}_${i}`, keyId, method: 'GET', route: '/v1/x', status: 200, durationMs: 5, at })),
      }))
      for (const batch of batches.slice(0, 3)) expect((await call(first.base, 'POST', '/logs', batch, service)).accepted).toBe(1000)
      // The fourth is in flight when the process dies: it may have committed or not, never in part.
      const inFlight = fetch(`${first.base}api/logs`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...service },
        body: JSON.stringify(batches[3]),
      }).catch(() => undefined)
      await new Promise((resolve) => setImmediate(resolve))
      await stopped(first.child, 'SIGKILL')
      await inFlight

      const second = await start(env)
      const total = async () => {
        const summary = await call(second.base, 'GET', `/manage/dapp/${project.id}/logs/summary?days=1`, undefined, auth)
        return summary.buckets.reduce((sum: number, b: { requests: number }) => sum + b.requests, 0)
      }
      const kept = await total()
      expect([3000, 4000]).toContain(kept)
      // The reporter's retry sends every batch it has no 202 for (here: all of them, to be sure).
      let accepted = 0
      for (const batch of batches) {
        const answer = await call(second.base, 'POST', '/logs', batch, service)
        expect(answer.accepted + answer.duplicates).toBe(1000)
        accepted += answer.accepted
      }
      expect(accepted).toBe(4000 - kept)
      expect(await total()).toBe(4000)
      const page = await call(second.base, 'GET', `/manage/dapp/${project.id}/logs?limit=100&key=${keyId}`, undefined, auth)
      expect(page.entries).toHaveLength(100)
      expect(new Set(page.entries.map((e: { requestId: string }) => e.requestId)).size).toBe(100)
    },
  )
})
