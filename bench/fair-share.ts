/**
 * Fair share: another user loads their dashboard list four times a second
 * while, in turn,
 * - one account calls GET /manage/dapp/owner at full speed (autocannon, 20
 *   connections);
 * - one address floods the same route with made-up access tokens (20
 *   connections, a new token each request);
 * - five accounts from one address burst on it together (4 connections each).
 * Every noisy account holds PROJECT_LIMIT (1,000) projects with
 * 2,000-character descriptions (about 2 MB per list), the worst a single
 * account can reach. The measured server runs with its default limits behind
 * a trusted proxy (TRUST_PROXY), so the noisy side and the other user can come
 * from different addresses over loopback (X-Forwarded-For).
 * - the first of them again, cut to 2 s, the other user timed every 50 ms.
 * Goal: the other user's p50 stays within 3× its idle figure and its p90
 * within 5× its idle p90 in each, from the first second.
 */
import { fork } from 'node:child_process'
import type { Agent } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { keepAliveAgent, newAccount, send, sendJson } from './http-client'
import type { NoisyCounts, NoisyLoad } from './noisy-load'
import { ROOT } from './paths'
import { startReferenceServer } from './server-load'
import { median, percentile, round } from './stats'

type Summary = { samples: number; p50Ms: number; p90Ms: number }

export interface Scenario {
  loaded: Summary & { non200: number }
  /** p90 under load over idle p90. */
  p90Ratio: number
  /** The other user's first two seconds of it, when a burst hurts most. */
  firstTwoSeconds: Summary
  ratio: number
  noisy: { connections: number; durationS: number; requests: number; ok: number; unauthorized: number; tooMany: number; errors: number }
}

export interface FairShareResult {
  noisyProjects: number
  idle: Summary
  /** One account at full speed (the earlier figure: `loaded`, `ratio`, `noisy` at the top level). */
  loaded: Scenario['loaded']
  firstTwoSeconds: Scenario['firstTwoSeconds']
  ratio: number
  noisy: Scenario['noisy']
  /** The same account's burst cut to 2 s, the other user sampled every 50 ms: the first second is what it is about. */
  shortBurst: Scenario
  flood: Scenario
  burst: Scenario & { accounts: number }
}

const NOISY_ADDRESS = '198.51.100.7'
/** The noisy side's own process. */
const NOISY_LOAD = fileURLToPath(new URL('./noisy-load.ts', import.meta.url))
const VICTIM_ADDRESS = '203.0.113.20'

const stop = async (child: import('node:child_process').ChildProcess) => {
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
}

/**
 * The other user mid-session: its connection open and its token and list in
 * the server's memory, from one call not timed. Each scenario starts after 11
 * quiet seconds, past the 10 s those are kept, so without this call the first
 * timed one would measure the other user's own return after a pause, not the
 * noisy load.
 */
async function warmVictim(url: string, token: string) {
  const agent = keepAliveAgent(1)
  await send(agent, url, { token, headers: { 'X-Forwarded-For': VICTIM_ADDRESS } })
  return agent
}

/** The other user: one GET a quarter-second apart (a person could not click faster), timed, with when each began. */
async function sampleVictim(agent: Agent, url: string, token: string, until: () => boolean, gapMs = 250) {
  const times: Array<{ at: number; ms: number }> = []
  let non200 = 0
  const began = performance.now()
  while (!until()) {
    const start = performance.now()
    const out = await send(agent, url, { token, headers: { 'X-Forwarded-For': VICTIM_ADDRESS } })
    times.push({ at: start - began, ms: performance.now() - start })
    if (!out.ok || out.answer.status !== 200) non200++
    await new Promise((r) => setTimeout(r, gapMs))
  }
  agent.destroy()
  return { times, non200 }
}

const summary = (times: number[]): Summary => ({ samples: times.length, p50Ms: round(median(times), 1), p90Ms: round(percentile(times, 90), 1) })

/**
 * Starts the noisy side's process (noisy-load.ts) and waits until it is
 * ready; `run` then starts its loads and resolves with their counts.
 */
async function noisyRunner() {
  const child = fork(NOISY_LOAD, [], { cwd: ROOT, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  type Reply = { ready?: true; counts?: NoisyCounts[]; error?: string }
  const next = () =>
    new Promise<Reply>((resolve, reject) => {
      child.once('message', (m: Reply) => resolve(m))
      child.once('exit', (code) => reject(new Error(`the noisy load exited (${code})`)))
    })
  await next()
  return {
    async run(loads: NoisyLoad[]): Promise<NoisyCounts[]> {
      const reply = next()
      child.send(loads)
      const { counts, error } = await reply
      if (!counts) throw new Error(`the noisy load failed: ${error}`)
      return counts
    },
  }
}

const noisyLoad = (url: string, connections: number, durationS: number, headers: Record<string, string>, madeUpTokens = false): NoisyLoad => ({
  url,
  connections,
  durationS,
  headers: { 'x-forwarded-for': NOISY_ADDRESS, ...headers },
  madeUpTokens,
})

/** The other user's figures while the noisy loads run, against the idle p50. Sampling starts with them, their process already up and the other user warm. */
async function underLoad(listUrl: string, victim: string, idle: Summary, loads: NoisyLoad[], gapMs = 250) {
  const idleP50 = idle.p50Ms
  const runner = await noisyRunner()
  const agent = await warmVictim(listUrl, victim)
  let loading = true
  const noisyRun = runner.run(loads)
  const sampled = sampleVictim(agent, listUrl, victim, () => !loading, gapMs)
  const runs = await noisyRun
  loading = false
  const { times, non200 } = await sampled
  const loaded = { ...summary(times.map((t) => t.ms)), non200 }
  const sum = (f: (r: NoisyCounts) => number) => runs.reduce((n, r) => n + f(r), 0)
  const status = (code: string) => sum((r) => r.statusCodes[code] ?? 0)
  const scenario: Scenario = {
    loaded,
    firstTwoSeconds: summary(times.filter((t) => t.at < 2000).map((t) => t.ms)),
    ratio: round(loaded.p50Ms / idleP50, 2),
    p90Ratio: round(loaded.p90Ms / idle.p90Ms, 2),
    noisy: {
      connections: loads.reduce((n, l) => n + l.connections, 0),
      durationS: Math.max(...loads.map((l) => l.durationS)),
      requests: sum((r) => r.requests),
      ok: status('200'),
      unauthorized: status('401'),
      tooMany: status('429'),
      errors: sum((r) => r.errors),
    },
  }
  // A fresh window (10 s) for everyone before the next scenario.
  await new Promise((r) => setTimeout(r, 11_000))
  return scenario
}

export async function measureFairShare(durationS = 10, connections = 20, noisyProjects = 1000, burstAccounts = 5): Promise<FairShareResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'flex-bench-fair-'))
  const agent = keepAliveAgent(20)
  try {
    // Stage: the accounts and their projects, on a server without the fair-share limits.
    const seedServer = await startReferenceServer(dataDir)
    const seedApi = `${seedServer.url}/api`
    const noisy: string[] = []
    for (let a = 0; a < burstAccounts; a++) noisy.push(await newAccount(agent, seedApi, `noisy-${a}`))
    const victim = await newAccount(agent, seedApi, 'victim')
    const description = 'x'.repeat(2000)
    for (const token of noisy) {
      let made = 0
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          while (made < noisyProjects) {
            made++
            await sendJson(agent, `${seedApi}/manage/dapp`, { method: 'POST', token, body: { name: `Noisy ${made}`, description } })
          }
        }),
      )
    }
    for (let i = 0; i < 10; i++) await sendJson(agent, `${seedApi}/manage/dapp`, { method: 'POST', token: victim, body: { name: `Mine ${i}` } })
    agent.destroy()
    await stop(seedServer.child)

    // The measured server: the same data, every limit at its default.
    const { child, url } = await startReferenceServer(dataDir, { TRUST_PROXY: 'true' })
    try {
      const listUrl = `${url}/api/manage/dapp/owner`
      const idleEnd = Date.now() + durationS * 1000
      const idle = summary((await sampleVictim(await warmVictim(listUrl, victim), listUrl, victim, () => Date.now() > idleEnd)).times.map((t) => t.ms))
      await new Promise((r) => setTimeout(r, 10_000)) // a fresh window for the victim

      const shortBurst = await underLoad(listUrl, victim, idle, [noisyLoad(listUrl, connections, 2, { authorization: `Bearer ${noisy[1]}` })], 50)
      const one = await underLoad(listUrl, victim, idle, [noisyLoad(listUrl, connections, durationS, { authorization: `Bearer ${noisy[0]}` })])
      const flood = await underLoad(listUrl, victim, idle, [noisyLoad(listUrl, connections, durationS, {}, true)])
      const perAccount = Math.max(1, Math.round(connections / burstAccounts))
      const burst = await underLoad(
        listUrl,
        victim,
        idle,
        noisy.map((token) => noisyLoad(listUrl, perAccount, durationS, { authorization: `Bearer ${token}` })),
      )
      return {
        noisyProjects,
        idle,
        loaded: one.loaded,
        firstTwoSeconds: one.firstTwoSeconds,
        ratio: one.ratio,
        noisy: one.noisy,
        shortBurst,
        flood,
        burst: { ...burst, accounts: burstAccounts },
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
