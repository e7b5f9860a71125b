/**
 * What key restrictions cost verification (issue 50): POST /api/keys/verify
 * on one reference server (`npm start`'s entry, PGlite, a catalog of 12
 * scopes) for three bodies, loaded one at a time in interleaved rounds by the
 * bench's load client (autocannon in a process of its own): an unrestricted
 * key sent as `{ key }`; the same key with an address and 10 scopes; and a key
 * restricted to those 10 scopes and 20 IP ranges (the caller's the last),
 * sent the same. Each round reads the server process's CPU, for a cost per
 * call. Goal: the restricted key at most 5% more CPU per call than the
 * unrestricted one. Run alone: `npx tsx bench/restricted-verify.ts`
 * (BENCH_DURATION seconds per target, default 10).
 */
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startLoadClient } from './load-run'
import { processCpuMs } from './process-cpu'
import { spawnServer } from './spawn-server'
import { median, round } from './stats'
import { call } from './verify-load'

const SERVICE_TOKEN = randomBytes(24).toString('base64url')
const SCOPES = Array.from({ length: 12 }, (_, i) => ({
  name: `resource${i}:${i % 2 ? 'write' : 'read'}`,
  description: `Scope ${i}`,
  group: `Resource ${i}`,
  access: i % 2 ? 'write' : 'read',
}))
const ASKED = SCOPES.slice(0, 10).map((s) => s.name)
// 19 ranges the caller is not in, then its own: the allowlist is searched to its end.
const RANGES = [...Array.from({ length: 19 }, (_, i) => (i % 2 ? `2001:db8:${i}::/48` : `10.${i}.0.0/16`)), '127.0.0.0/8']

export interface RestrictedVerifyResult {
  targets: Array<{ what: string; requestsPerSec: number; cpuPerCallUs: number | undefined; errors: number }>
  /** The restricted key's CPU per call over the unrestricted `{ key }`'s, the median of the rounds' ratios. */
  restrictedToPlain: number | undefined
}

/** The server to load: `npm start`'s entry on a new data folder unless told (a test hands it the run's bundle and a migrated copy). */
export interface VerifyServer {
  entry: string
  dataDir: string
}

interface Options {
  rounds?: number
  connections?: number
  /** A second a target first, not counted; without it, the part only shows that it runs. */
  warmUp?: boolean
  server?: VerifyServer
}

export async function measureRestrictedVerify(
  durationS: number,
  { rounds = 10, connections = 10, warmUp = true, server: given }: Options = {},
): Promise<RestrictedVerifyResult> {
  const dir = mkdtempSync(join(tmpdir(), 'flex-bench-scopes-'))
  const catalog = join(dir, 'scopes.json')
  writeFileSync(catalog, JSON.stringify(SCOPES))
  let child: ChildProcess | undefined
  const client = await startLoadClient()
  try {
    const server = await spawnServer(given?.entry ?? 'server/main.ts', {
      SERVICE_TOKEN,
      DATA_DIR: given?.dataDir ?? join(dir, 'data'),
      DATABASE_URL: '',
      KEY_SCOPES_FILE: catalog,
    })
    child = server.child
    const api = `${server.url}/api`
    const { accessToken: device } = await call<{ accessToken: string }>(`${api}/device`, { deviceUDID: 'bench-device', deviceType: 'WEB' })
    const { accessToken } = await call<{ accessToken: string }>(
      `${api}/register`,
      { name: 'Bench', email: `bench-${Date.now()}@example.com`, password: 'correct horse battery staple' },
      device,
    )
    const project = await call<{ id: string; apiKey: Record<string, string> }>(`${api}/manage/dapp`, { name: 'Restriction bench' }, accessToken)
    const plain = Object.values(project.apiKey)[0]
    const made = await call<Record<string, string>>(`${api}/manage/dapp/${project.id}/api-key`, { scopes: ASKED, allowedIps: RANGES }, accessToken)
    const restricted = Object.values(made)[0]
    const url = `${api}/keys/verify`
    const asked = { ip: '127.0.0.1', scopes: ASKED }
    const targets = [
      { what: 'unrestricted key, { key }', body: { key: plain } },
      { what: 'unrestricted key, ip and 10 scopes asked', body: { key: plain, ...asked } },
      { what: 'key with 10 scopes and 20 IP ranges, ip and 10 scopes asked', body: { key: restricted, ...asked } },
    ]
    for (const t of targets) {
      const answer = await call<{ valid: boolean }>(url, t.body, SERVICE_TOKEN)
      if (!answer.valid) throw new Error(`${t.what}: not valid: ${JSON.stringify(answer)}`)
    }
    const spec = (body: unknown, duration: number) => ({
      url,
      method: 'POST' as const,
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${SERVICE_TOKEN}` },
      connections,
      duration,
    })
    if (warmUp) for (const t of targets) await client.run(spec(t.body, 1)) // not recorded
    const cpu = targets.map((): number[] => [])
    const done = targets.map(() => ({ requests: 0, seconds: 0, errors: 0 }))
    const slice = durationS / rounds
    for (let r = 0; r < rounds; r++) {
      for (let i = 0; i < targets.length; i++) {
        const at = (r + i) % targets.length
        const before = processCpuMs(child.pid)
        const result = await client.run(spec(targets[at].body, slice))
        const after = processCpuMs(child.pid)
        if (before !== undefined && after !== undefined) cpu[at].push(((after - before) * 1000) / Math.max(1, result.requests.total))
        done[at].requests += result.requests.total
        done[at].seconds += result.duration
        done[at].errors += result.errors + result.non2xx + result.timeouts
      }
    }
    const readable = cpu.every((xs) => xs.length === rounds)
    return {
      targets: targets.map((t, i) => ({
        what: t.what,
        requestsPerSec: Math.round(done[i].requests / done[i].seconds),
        cpuPerCallUs: readable ? round(median(cpu[i]), 1) : undefined,
        errors: done[i].errors,
      })),
      restrictedToPlain: readable ? round(median(cpu[2].map((x, r) => x / cpu[0][r])), 3) : undefined,
    }
  } finally {
    await client.close()
    if (child && child.exitCode === null) {
      child.kill('SIGTERM')
      await new Promise((resolve) => child!.once('exit', resolve))
    }
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureRestrictedVerify(Number(process.env.BENCH_DURATION ?? 10))
  console.log(JSON.stringify(result, null, 2))
}
