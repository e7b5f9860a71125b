/**
 * Fair share: one account calling GET /manage/dapp/owner at full speed
 * (autocannon, 20 connections) while another user loads their dashboard
 * list four times a second. The noisy account holds PROJECT_LIMIT (1,000)
 * projects with 2,000-character descriptions (about 2 MB per list), the worst
 * a single account can reach. The server runs with its default limits.
 * Goal: the other user's p50 stays within 3× its idle figure.
 */
import autocannon from 'autocannon'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { keepAliveAgent, newAccount, send, sendJson } from './http-client'
import { startReferenceServer } from './server-load'
import { median, percentile, round } from './stats'

export interface FairShareResult {
  noisyProjects: number
  idle: { samples: number; p50Ms: number; p90Ms: number }
  loaded: { samples: number; p50Ms: number; p90Ms: number; non200: number }
  ratio: number
  noisy: { connections: number; durationS: number; requests: number; ok: number; tooMany: number; errors: number }
}

const stop = async (child: import('node:child_process').ChildProcess) => {
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
}

/** The other user: one GET a quarter-second apart (a person could not click faster), timed. */
async function sampleVictim(url: string, token: string, until: () => boolean) {
  const agent = keepAliveAgent(1)
  const times: number[] = []
  let non200 = 0
  while (!until()) {
    const start = performance.now()
    const out = await send(agent, url, { token })
    times.push(performance.now() - start)
    if (!out.ok || out.answer.status !== 200) non200++
    await new Promise((r) => setTimeout(r, 250))
  }
  agent.destroy()
  return { times, non200 }
}

const summary = (times: number[]) => ({ samples: times.length, p50Ms: round(median(times), 1), p90Ms: round(percentile(times, 90), 1) })

export async function measureFairShare(durationS = 10, connections = 20, noisyProjects = 1000): Promise<FairShareResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flex-bench-fair-'))
  const agent = keepAliveAgent(10)
  try {
    // Stage: both accounts and their projects, on a server without the per-user limits.
    const seedServer = await startReferenceServer(dataDir)
    const seedApi = `${seedServer.url}/api`
    const noisy = await newAccount(agent, seedApi, 'noisy')
    const victim = await newAccount(agent, seedApi, 'victim')
    const description = 'x'.repeat(2000)
    let made = 0
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (made < noisyProjects) {
          made++
          await sendJson(agent, `${seedApi}/manage/dapp`, { method: 'POST', token: noisy, body: { name: `Noisy ${made}`, description } })
        }
      }),
    )
    for (let i = 0; i < 10; i++) await sendJson(agent, `${seedApi}/manage/dapp`, { method: 'POST', token: victim, body: { name: `Mine ${i}` } })
    agent.destroy()
    await stop(seedServer.child)

    // The measured server: the same data, every limit at its default.
    const { child, url } = await startReferenceServer(dataDir, {})
    try {
      const listUrl = `${url}/api/manage/dapp/owner`
      const idleEnd = Date.now() + durationS * 1000
      const idle = await sampleVictim(listUrl, victim, () => Date.now() > idleEnd)
      await new Promise((r) => setTimeout(r, 10_000)) // a fresh window for the victim

      let loading = true
      const noisyRun = new Promise<autocannon.Result>((resolve, reject) =>
        autocannon({ url: listUrl, connections, duration: durationS, headers: { authorization: `Bearer ${noisy}` } }, (err, r) =>
          err ? reject(err) : resolve(r),
        ),
      )
      const loadedRun = sampleVictim(listUrl, victim, () => !loading)
      const r = await noisyRun
      loading = false
      const loaded = await loadedRun
      const statusCount = (code: string) => Number((r.statusCodeStats as Record<string, { count: number }> | undefined)?.[code]?.count ?? 0)
      const idleSummary = summary(idle.times)
      const loadedSummary = { ...summary(loaded.times), non200: loaded.non200 }
      return {
        noisyProjects,
        idle: idleSummary,
        loaded: loadedSummary,
        ratio: round(loadedSummary.p50Ms / idleSummary.p50Ms, 2),
        noisy: { connections, durationS, requests: r.requests.total, ok: statusCount('200'), tooMany: statusCount('429'), errors: r.errors + r.timeouts },
      }
    } finally {
      await stop(child)
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await measureFairShare(Number(process.env.BENCH_DURATION ?? 10)), null, 2))
}
