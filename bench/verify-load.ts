/**
 * Key verification under load: POST /api/keys/verify on the reference server
 * (`npm start`'s entry in its own process, request log and all) with a fresh
 * PGlite, and on PostgreSQL when DATABASE_URL is set (a fresh database, dropped
 * afterwards), beside a bare Hono handler in its own process that parses the
 * same JSON body and answers a constant JSON. Same client (autocannon, in this
 * process), same connections and duration, one after the other in one run.
 * Goal: verification at 0.5x the bare handler or better, with no error.
 */
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { run, summarise, type LoadRun } from './load-run'
import { spawnServer } from './spawn-server'
import { round } from './stats'

export interface VerifyLoadResult {
  runs: Array<LoadRun & { ratioToBare?: number }>
}

const SERVICE_TOKEN = randomBytes(24).toString('base64url')

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
}

async function call<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/** A user, a project and its first key, made through the API. */
async function seedKey(api: string): Promise<string> {
  const { accessToken: device } = await call<{ accessToken: string }>(`${api}/device`, { deviceUDID: 'bench-device', deviceType: 'WEB' })
  const { accessToken } = await call<{ accessToken: string }>(
    `${api}/register`,
    { name: 'Bench', email: `bench-${Date.now()}@example.com`, password: 'correct horse battery staple' },
    device,
  )
  const project = await call<{ apiKey: Record<string, string> }>(`${api}/manage/dapp`, { name: 'Verify bench' }, accessToken)
  return Object.values(project.apiKey)[0]
}

async function measure(endpoint: string, url: string, body: string, headers: Record<string, string>, connections: number, durationS: number): Promise<LoadRun> {
  const opts = { url, method: 'POST' as const, body, headers: { 'content-type': 'application/json', ...headers }, connections }
  await run({ ...opts, duration: 1 }) // warm-up, not recorded
  const r = await run({ ...opts, duration: durationS })
  return summarise(endpoint, connections, r)
}

/** Verification on one database; the answer is checked before the load starts. */
async function verifyRun(label: string, env: Record<string, string>, connections: number, durationS: number): Promise<LoadRun> {
  const { child, url } = await spawnServer('server/main.ts', { SERVICE_TOKEN, ...env })
  try {
    const key = await seedKey(`${url}/api`)
    const verifyUrl = `${url}/api/keys/verify`
    const answer = await call<{ valid: boolean }>(verifyUrl, { key }, SERVICE_TOKEN)
    if (!answer.valid) throw new Error(`the seeded key does not verify: ${JSON.stringify(answer)}`)
    return await measure(
      `POST /api/keys/verify (${label})`,
      verifyUrl,
      JSON.stringify({ key }),
      { authorization: `Bearer ${SERVICE_TOKEN}` },
      connections,
      durationS,
    )
  } finally {
    await stop(child)
  }
}

async function withPostgresDatabase<T>(adminUrl: string, fn: (url: string) => Promise<T>): Promise<T> {
  const name = `flex_bench_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name}`)
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    return await fn(url.toString())
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
  }
}

export async function measureVerifyLoad(durationS: number, connections = 10): Promise<VerifyLoadResult> {
  const runs: VerifyLoadResult['runs'] = []
  const body = JSON.stringify({ key: `fxk_${randomBytes(32).toString('base64url')}` })

  // The bare handler is measured before and after the verification runs, and
  // they are compared with the mean of the two: the load of a shared machine drifts.
  const bare = await spawnServer('bench/bare-verify-server.ts', {})
  const bareRun = (when: string) =>
    measure(
      `bare Hono handler, ${when} (same body, constant JSON)`,
      `${bare.url}/keys/verify`,
      body,
      { authorization: `Bearer ${SERVICE_TOKEN}` },
      connections,
      durationS,
    )
  try {
    runs.push(await bareRun('before'))
    const dataDir = mkdtempSync(join(tmpdir(), 'flex-bench-verify-'))
    try {
      runs.push(await verifyRun('PGlite', { DATA_DIR: dataDir }, connections, durationS))
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
    const databaseUrl = process.env.DATABASE_URL
    if (databaseUrl) runs.push(await withPostgresDatabase(databaseUrl, (url) => verifyRun('PostgreSQL', { DATABASE_URL: url }, connections, durationS)))
    runs.push(await bareRun('after'))
  } finally {
    await stop(bare.child)
  }

  const bareRuns = runs.filter((r) => r.endpoint.startsWith('bare'))
  const bareRate = bareRuns.reduce((sum, r) => sum + r.requestsPerSec, 0) / bareRuns.length
  for (const r of runs) if (!bareRuns.includes(r)) r.ratioToBare = round(r.requestsPerSec / bareRate, 2)
  return { runs }
}
