/**
 * An interleaved A/B of server changes on key verification: BENCH_AB names
 * checkouts of this product (comma-separated folders; the first is A, each
 * other a B), each started as `npm start` does (its server/main.ts, its log
 * and all) on a fresh PGlite, or on a fresh PostgreSQL database of its own
 * with DATABASE_URL. Every round loads each of them in turn (POST
 * /api/keys/verify, 10 connections, BENCH_DURATION seconds, the order moved
 * one further each round), through the bench's load client, and reads each
 * server's CPU: a B's ratio to A is taken within each round, so the drifting
 * load of a shared machine falls on both alike. Prints every round with the
 * load average, then each B's median ratio and its spread. BENCH_AB_CALL=capabilities
 * loads GET /api/capabilities instead (an answer logged a line each), BENCH_AB_CALL=list
 * a user's list of 100 projects, BENCH_AB_CALL=keys a new key in each of them in turn.
 *
 *   BENCH_AB=.,../other-checkout BENCH_ROUNDS=5 npx tsx bench/ab-verify.ts
 *
 * BENCH_AB_PROFILE=<folder>: each server runs under `node --cpu-prof`, its
 * profile written into a folder of its own there when it stops.
 */
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { startLoadClient, type Load } from './load-run'
import { processCpuMs } from './process-cpu'
import { spawnServer } from './spawn-server'
import { median, round } from './stats'
import { UNLIMITED } from './server-load'
import { call, postgresDatabase } from './verify-load'

const SERVICE_TOKEN = randomBytes(24).toString('base64url')
const CONNECTIONS = 10
/**
 * BENCH_AB_CALL=capabilities: GET /api/capabilities instead, a constant answer logged a line each (verification's 200s are summarised);
 * BENCH_AB_CALL=list: GET /api/manage/dapp/owner of a user with LIST_PROJECTS projects, as the server bench loads it (server-load.ts);
 * BENCH_AB_CALL=keys: POST /api/manage/dapp/{id}/api-key on each of those projects in turn, as the server bench does.
 */
const CALL = process.env.BENCH_AB_CALL ?? 'verify'
const LIST_PROJECTS = 100

interface Side {
  label: string
  child: ChildProcess
  /** The load of BENCH_AB_CALL on this side, but its connections and length. */
  call: Omit<Load, 'connections' | 'duration'>
  cleanup(): Promise<void>
}

/** What each BENCH_AB_CALL loads on one side's server. */
function callOf(origin: string, accessToken: string, key: string, projectIds: string[]): Side['call'] {
  const json = 'application/json'
  if (CALL === 'capabilities') return { url: `${origin}/api/capabilities` }
  if (CALL === 'list') return { url: `${origin}/api/manage/dapp/owner`, headers: { authorization: `Bearer ${accessToken}` } }
  if (CALL === 'keys') {
    const paths = projectIds.map((id) => `/api/manage/dapp/${id}/api-key`)
    return { url: origin, method: 'POST', paths, headers: { authorization: `Bearer ${accessToken}`, 'content-type': json } }
  }
  const headers = { 'content-type': json, authorization: `Bearer ${SERVICE_TOKEN}` }
  return { url: `${origin}/api/keys/verify`, method: 'POST', body: JSON.stringify({ key }), headers }
}

/** One checkout's server, with a user, a project and its key made through its API. */
async function startSide(folder: string): Promise<Side> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flex-bench-ab-'))
  const database = process.env.DATABASE_URL ? await postgresDatabase(process.env.DATABASE_URL) : undefined
  const env: Record<string, string> = database ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir, DATABASE_URL: '' }
  const profileDir = process.env.BENCH_AB_PROFILE ? join(resolve(process.env.BENCH_AB_PROFILE), String(Math.random()).slice(2, 8)) : undefined
  const { child, url } = await spawnServer(
    resolve(folder, 'server/main.ts'),
    // For the list, the per-user and per-address budgets lifted as the server bench lifts them.
    { SERVICE_TOKEN, ...(CALL === 'list' || CALL === 'keys' ? UNLIMITED : {}), ...env },
    180_000,
    profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [],
  )
  if (profileDir) console.log(`${folder}: profile in ${profileDir}`)
  const api = `${url}/api`
  const { accessToken: device } = await call<{ accessToken: string }>(`${api}/device`, { deviceUDID: 'bench-ab', deviceType: 'WEB' })
  const { accessToken } = await call<{ accessToken: string }>(
    `${api}/register`,
    { name: 'Bench', email: `bench-${Date.now()}@example.com`, password: 'correct horse battery staple' },
    device,
  )
  const project = await call<{ id: string; apiKey: Record<string, string> }>(`${api}/manage/dapp`, { name: 'A/B' }, accessToken)
  const key = Object.values(project.apiKey)[0]
  const projectIds = [project.id]
  if (CALL === 'list' || CALL === 'keys')
    for (let i = 1; i < LIST_PROJECTS; i++)
      projectIds.push((await call<{ id: string }>(`${api}/manage/dapp`, { name: `Project ${i}`, description: `A/B project ${i}` }, accessToken)).id)
  const cleanup = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await new Promise((done) => child.once('exit', done))
    }
    await database?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { label: folder, child, call: callOf(url, accessToken, key, projectIds), cleanup }
}

async function main() {
  const folders = (process.env.BENCH_AB ?? '').split(',').filter(Boolean)
  if (folders.length < 2) throw new Error('BENCH_AB: at least two checkouts, comma-separated (the first is A)')
  const duration = Number(process.env.BENCH_DURATION ?? 5)
  const rounds = Number(process.env.BENCH_ROUNDS ?? 5)
  const client = await startLoadClient()
  const sides: Side[] = []
  try {
    for (const folder of folders) sides.push(await startSide(folder))
    const load = async (s: Side, seconds: number) => {
      const cpuBefore = processCpuMs(s.child.pid)
      const r = await client.run({ ...s.call, connections: CONNECTIONS, duration: seconds })
      const cpuAfter = processCpuMs(s.child.pid)
      const calls = r.requests.total
      const bad = r.errors + r.non2xx + r.timeouts
      if (bad > 0) throw new Error(`${s.label}: ${bad} failed calls`)
      return { perSec: calls / r.duration, cpuUs: cpuBefore === undefined || cpuAfter === undefined ? NaN : ((cpuAfter - cpuBefore) * 1000) / calls }
    }
    for (const s of sides) await load(s, 1) // warm-up, not recorded
    const ratios = sides.map(() => ({ rate: [] as number[], cpu: [] as number[] }))
    for (let n = 0; n < rounds; n++) {
      const order = sides.map((_, i) => (i + n) % sides.length)
      const got: Array<{ perSec: number; cpuUs: number }> = []
      const loadBefore = loadavg()[0]
      for (const i of order) got[i] = await load(sides[i], duration)
      const parts = got.map((g, i) => {
        ratios[i].rate.push(g.perSec / got[0].perSec)
        ratios[i].cpu.push(g.cpuUs / got[0].cpuUs)
        return `${sides[i].label} ${Math.round(g.perSec)}/s ${round(g.cpuUs, 1)} µs`
      })
      console.log(`round ${n + 1} (load ${round(loadBefore, 1)} → ${round(loadavg()[0], 1)}): ${parts.join(' | ')}`)
    }
    for (let i = 1; i < sides.length; i++) {
      const { rate, cpu } = ratios[i]
      const spread = (xs: number[]) => `${round(Math.min(...xs), 3)}–${round(Math.max(...xs), 3)}`
      console.log(
        `${sides[i].label} against ${sides[0].label}: calls/s ×${round(median(rate), 3)} (rounds ${spread(rate)}), CPU per call ×${round(median(cpu), 3)} (rounds ${spread(cpu)})`,
      )
    }
  } finally {
    for (const s of sides) await s.cleanup()
    await client.close()
  }
}

await main()
