/**
 * What `npm run bench` reads from the environment (run.ts's header lists it).
 * BENCH_QUICK=true runs every part at its smallest: one load a series, one
 * second a load test, a few messages and writes. Its figures mean nothing
 * (run.ts judges no goal then); it shows that every part still runs to its
 * end (17 minutes on a two-core machine at load average 20, the build included).
 */
import { fileURLToPath } from 'node:url'

export const QUICK = process.env.BENCH_QUICK === 'true'

export const LOADS = Number(process.env.BENCH_LOADS ?? (QUICK ? 1 : 40))
export const DURATION = Number(process.env.BENCH_DURATION ?? (QUICK ? 1 : 10))

/** Loads of a series that takes a share of BENCH_LOADS, at least five (one when quick). */
export const loadsOf = (share: number) => (QUICK ? LOADS : Math.max(5, Math.round(LOADS / share)))

/** The sizes of the parts that are more than a duration; undefined: the part's own default. */
export const SIZES = QUICK
  ? { verifyRounds: 2, noisyProjects: 20, chaos: { rounds: 1, writeMs: 300 }, writes: 20, webhookMessages: 20, webhookRounds: 1, fairnessSeconds: 1 }
  : { verifyRounds: 10, noisyProjects: 1000, chaos: {}, writes: 500, webhookMessages: undefined, webhookRounds: undefined, fairnessSeconds: undefined }

export const BASELINE_DISTS = (process.env.BENCH_BASELINE_DIST ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean)

export const ALL_PARTS =
  'size,startup,slowstartup,signin,dashboard,memory,server,verify,fairshare,chaos,durability,webhooks,webhookfairness,requestlogs,requestlogcost,restrictedverify'
export const ONLY = new Set((process.env.BENCH_ONLY ?? ALL_PARTS).split(',').map((s) => s.trim()))

/** Where the run's figures are written (BENCH_RESULTS, else bench-results/latest.json). */
export const RESULTS_FILE = process.env.BENCH_RESULTS ?? fileURLToPath(new URL('../bench-results/latest.json', import.meta.url))
