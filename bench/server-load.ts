/**
 * (d) The reference server under a bounded load on loopback: `npm start`'s
 * entry (server/main.ts, request log and all) in its own process, a fresh
 * embedded database in a temporary DATA_DIR, then (when DATABASE_URL is set)
 * a fresh PostgreSQL database, dropped afterwards; the bench's load client
 * (load-run.ts) in a process of its own. Beside them, a bare Hono GET handler
 * (bench/bare-verify-server.ts), loaded half the time before and half after
 * (3 s at least each), as the yardstick of the list; and loaded as long again
 * by autocannon alone in a process of its own, to show the bench's client is
 * not the limit.
 *
 * - GET /api/manage/dapp/owner for a user with 100 projects;
 * - POST /api/manage/dapp/{id}/api-key, each request on the next of the 100
 *   projects in turn. A project holds at most API_KEY_LIMIT keys (20 by
 *   default); the server is started with API_KEY_LIMIT=10000 (its documented
 *   setting) so that a 10 s run cannot fill any project and every request
 *   must succeed: any non-2xx answer is reported as an error.
 *
 * The per-user and per-address fair shares (RATE_LIMIT_PER_USER,
 * RATE_LIMIT_PROJECTS_PER_USER, RATE_LIMIT_PER_ADDRESS) are lifted here:
 * this measures what one instance can serve, not the limit (bench/fair-share.ts
 * measures that).
 */
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type autocannon from 'autocannon'
import { rate, runAlone, startLoadClient, summarise, yardstick, yardstickSeconds, type LoadClient, type LoadRun, type Yardstick } from './load-run'
import { spawnServer } from './spawn-server'
import { postgresDatabase } from './verify-load'

export type { LoadRun }

export interface LoadResult {
  projects: number
  /** A bare Hono GET answering a constant JSON, measured before and after the servers (half the time each). */
  bare: LoadRun
  /** The bare GET under the bench's client against under autocannon alone. */
  yardstick: Yardstick
  runs: Array<LoadRun & { ratioToBare?: number }>
}

export const UNLIMITED = {
  API_KEY_LIMIT: '10000',
  RATE_LIMIT_PER_USER: '1000000',
  RATE_LIMIT_PROJECTS_PER_USER: '1000000',
  RATE_LIMIT_PER_ADDRESS: '1000000',
}

export async function startReferenceServer(dataDir: string, env: Record<string, string> = UNLIMITED): Promise<{ child: ChildProcess; url: string }> {
  return spawnServer('server/main.ts', { ...(dataDir ? { DATA_DIR: dataDir } : {}), ...(env.DATABASE_URL ? {} : { DATABASE_URL: '' }), ...env })
}

async function call<T>(url: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const res = await fetch(url, {
    ...init,
    headers: { 'Content-Type': 'application/json', ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
  })
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/** A user with `n` projects, through the API as the portal would make them. */
async function seed(api: string, n: number): Promise<{ token: string; projectIds: string[] }> {
  const { accessToken: device } = await call<{ accessToken: string }>(`${api}/device`, {
    method: 'POST',
    body: JSON.stringify({ deviceUDID: 'bench-device', deviceType: 'WEB', timeZone: 'EST', osVersion: '14' }),
  })
  const { accessToken: token } = await call<{ accessToken: string }>(`${api}/register`, {
    method: 'POST',
    token: device,
    body: JSON.stringify({ name: 'Bench', email: `bench-${Date.now()}@example.com`, password: 'correct horse battery staple' }),
  })
  const projectIds: string[] = []
  const queue = Array.from({ length: n }, (_, i) => i)
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
        const p = await call<{ id: string }>(`${api}/manage/dapp`, {
          method: 'POST',
          token,
          body: JSON.stringify({ name: `Project ${i}`, description: `Load benchmark project ${i}` }),
        })
        projectIds.push(p.id)
      }
    }),
  )
  return { token, projectIds }
}

/** The list and key-creation runs on one reference server (PGlite, or PostgreSQL with `env.DATABASE_URL`). */
async function measureOne(
  client: LoadClient,
  label: string,
  env: Record<string, string>,
  durationS: number,
  connections: number,
  projects: number,
): Promise<LoadRun[]> {
  const { child, url } = await startReferenceServer('', { ...UNLIMITED, ...env })
  try {
    const api = `${url}/api`
    const { token, projectIds } = await seed(api, projects)
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    const runs: LoadRun[] = []

    const listUrl = `${api}/manage/dapp/owner`
    const listed = await call<unknown[]>(listUrl, { token })
    if (listed.length !== projects) throw new Error(`expected ${projects} projects, the list has ${listed.length}`)
    await client.run({ url: listUrl, connections, duration: 1, headers }) // warm-up, not recorded
    runs.push(
      summarise(
        `GET /api/manage/dapp/owner (100 projects, ${label})`,
        connections,
        await client.run({ url: listUrl, connections, duration: durationS, headers }),
      ),
    )

    const paths = projectIds.map((id) => `/api/manage/dapp/${id}/api-key`)
    const keyRun = (duration: number) => client.run({ url, method: 'POST', connections, duration, headers, paths })
    await keyRun(1)
    runs.push(summarise(`POST /api/manage/dapp/{id}/api-key (${label})`, connections, await keyRun(durationS)))
    return runs
  } finally {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
  }
}

export async function measureServerLoad(durationS: number, connections = 10, projects = 100): Promise<LoadResult> {
  const client = await startLoadClient()
  try {
    return await measureWith(client, durationS, connections, projects)
  } finally {
    await client.close()
  }
}

async function measureWith(client: LoadClient, durationS: number, connections: number, projects: number): Promise<LoadResult> {
  const bare = await spawnServer('bench/bare-verify-server.ts', {})
  const bareLoad = (duration: number) => ({ url: `${bare.url}/health`, connections, duration })
  const bareRuns: autocannon.Result[] = []
  const aloneRuns: autocannon.Result[] = []
  // The bench's client and autocannon alone, one after the other, then the other way round after the servers.
  const loadBare = async (aloneFirst: boolean) => {
    const alone = () => runAlone(bareLoad(yardstickSeconds(durationS))).then((r) => aloneRuns.push(r))
    const bench = () => client.run(bareLoad(yardstickSeconds(durationS))).then((r) => bareRuns.push(r))
    for (const step of aloneFirst ? [alone, bench] : [bench, alone]) await step()
  }
  try {
    await client.run(bareLoad(1)) // warm-up
    await loadBare(false)
    const dataDir = mkdtempSync(join(tmpdir(), 'flex-bench-data-'))
    const runs: LoadResult['runs'] = []
    try {
      runs.push(...(await measureOne(client, 'PGlite', { DATA_DIR: dataDir }, durationS, connections, projects)))
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
    if (process.env.DATABASE_URL) {
      const database = await postgresDatabase(process.env.DATABASE_URL)
      try {
        runs.push(...(await measureOne(client, 'PostgreSQL', { DATABASE_URL: database.url }, durationS, connections, projects)))
      } finally {
        await database.drop()
      }
    }
    await loadBare(true)
    const bareRun = {
      ...summarise('bare Hono GET handler (constant JSON)', connections, bareRuns[0]),
      requests: bareRuns.reduce((n, r) => n + r.requests.total, 0),
      requestsPerSec: rate(bareRuns),
    }
    for (const r of runs) r.ratioToBare = Math.round((r.requestsPerSec / bareRun.requestsPerSec) * 1000) / 1000
    return { projects, bare: bareRun, yardstick: yardstick(bareRuns, aloneRuns), runs }
  } finally {
    bare.child.kill('SIGTERM')
    await new Promise((resolve) => bare.child.once('exit', resolve))
  }
}
