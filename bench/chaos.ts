/**
 * Chaos on loopback, bounded in time: the reference server (`npm start`'s
 * entry, one process) on a fresh embedded database.
 * - kill -9 under write load, three rounds: every project whose creation was
 *   acknowledged (201) must be there after the restart (goal: 0 lost);
 * - SIGTERM under load on kept-alive connections: every request gets an
 *   answer (goal: 0 resets); connections refused once the server has
 *   stopped listening are counted apart.
 * Run alone with `npx tsx bench/chaos.ts`, or `BENCH_ONLY=chaos npm run bench`.
 */
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { keepAliveAgent, newAccount, send, sendJson } from './http-client'
import { spawnServer } from './spawn-server'

export interface ChaosResult {
  kills: Array<{ round: number; acknowledged: number; found: number; lost: number }>
  sigterm: { requests: number; ok: number; draining503: number; resets: number; refused: number; other: Record<string, number>; exitCode: number | null }
}

// Limits lifted: this is about durability and draining, not the fair share.
const ENV = {
  RATE_LIMIT_PER_USER: '1000000',
  RATE_LIMIT_PER_ADDRESS: '1000000',
  RATE_LIMIT_PROJECTS_PER_USER: '1000000',
  PROJECT_LIMIT: '1000000',
  RATE_LIMIT_PER_IP: '1000000',
}

async function start(dataDir: string): Promise<{ child: ChildProcess; api: string }> {
  const { child, url } = await spawnServer('server/main.ts', { DATA_DIR: dataDir, DATABASE_URL: '', ...ENV })
  return { child, api: `${url}/api` }
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  )

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export async function runChaos({ rounds = 3, writeMs = 2000, workers = 8 } = {}): Promise<ChaosResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flex-chaos-'))
  const kills: ChaosResult['kills'] = []
  try {
    let server = await start(dataDir)
    let agent = keepAliveAgent(workers)
    const token = await newAccount(agent, server.api, 'chaos')

    for (let round = 1; round <= rounds; round++) {
      const acknowledged = new Set<string>()
      let writing = true
      const load = Array.from({ length: workers }, async (_, w) => {
        for (let i = 0; writing; i++) {
          const out = await send(agent, `${server.api}/manage/dapp`, { method: 'POST', token, body: { name: `r${round} w${w} #${i}` } })
          if (!out.ok) return // the server is gone
          if (out.answer.status === 201) acknowledged.add((JSON.parse(out.answer.body) as { id: string }).id)
        }
      })
      await sleep(writeMs)
      server.child.kill('SIGKILL')
      await exited(server.child)
      writing = false
      await Promise.all(load)
      agent.destroy()

      server = await start(dataDir)
      agent = keepAliveAgent(workers)
      const list = await sendJson<Array<{ id: string }>>(agent, `${server.api}/manage/dapp/owner`, { token })
      const present = new Set(list.map((p) => p.id))
      const found = [...acknowledged].filter((id) => present.has(id)).length
      kills.push({ round, acknowledged: acknowledged.size, found, lost: acknowledged.size - found })
    }

    // SIGTERM under load: reads and writes on kept-alive connections.
    const counts = { requests: 0, ok: 0, draining503: 0, resets: 0, refused: 0, other: {} as Record<string, number> }
    let running = true
    const load = Array.from({ length: workers }, async (_, w) => {
      for (let i = 0; running; i++) {
        const out =
          w % 2 === 0
            ? await send(agent, `${server.api}/manage/dapp/owner`, { token })
            : await send(agent, `${server.api}/manage/dapp`, { method: 'POST', token, body: { name: `term w${w} #${i}` } })
        counts.requests++
        if (out.ok && out.answer.status < 300) counts.ok++
        else if (out.ok && out.answer.status === 503) counts.draining503++
        else if (!out.ok && out.code === 'ECONNREFUSED') {
          counts.refused++
          return // stopped listening: this client is done
        } else if (!out.ok && (out.code === 'ECONNRESET' || out.code === 'socket hang up' || out.code === 'EPIPE')) counts.resets++
        else {
          const key = out.ok ? String(out.answer.status) : out.code
          counts.other[key] = (counts.other[key] ?? 0) + 1
        }
      }
    })
    await sleep(writeMs)
    server.child.kill('SIGTERM')
    const exitCode = await exited(server.child)
    await sleep(200)
    running = false
    await Promise.all(load)
    agent.destroy()
    return { kills, sigterm: { ...counts, exitCode } }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await runChaos()
  for (const k of r.kills) console.log(`kill -9 round ${k.round}: ${k.acknowledged} acknowledged writes, ${k.found} found after restart, ${k.lost} lost`)
  const t = r.sigterm
  console.log(
    `SIGTERM under load: ${t.requests} requests, ${t.ok} answered 2xx, ${t.draining503} answered 503 while draining, ${t.resets} resets, ${t.refused} refused after the server stopped listening, other ${JSON.stringify(t.other)}; exit code ${t.exitCode}`,
  )
  if (r.kills.some((k) => k.lost > 0) || t.resets > 0) process.exitCode = 1
}
