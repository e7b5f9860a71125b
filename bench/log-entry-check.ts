/**
 * The ingest's check of a batch (issue 49): the contract's schema
 * (LogBatch.safeParse) against the fast check of the usual shape
 * (server/resources/logs/entry-check.ts), on the ingestion bench's batches of
 * 1,000 entries, in interleaved rounds in one process (the order turning each
 * round): median CPU time a batch of each, its spread over the rounds, and the
 * gain. `npx tsx bench/log-entry-check.ts` (BENCH_ROUNDS, default 7).
 */
import { LogBatch } from '../contract/logs'
import { usualEntries } from '../server/resources/logs/entry-check'
import { benchEntry } from './request-log-rows'
import { median, round } from './stats'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7)
const BATCHES = 40
const keys = Array.from({ length: 10 }, (_, i) => `apid_bench${i}`)
// Parsed from JSON text, as the route has them.
const batches = Array.from({ length: BATCHES }, (_, b) =>
  JSON.parse(JSON.stringify({ entries: Array.from({ length: 1000 }, (_, i) => benchEntry(b * 1000 + i, keys, Date.now(), 'ab')) })),
) as { entries: unknown[] }[]

const variants = {
  schema: (b: { entries: unknown[] }) => LogBatch.safeParse(b).success,
  fast: (b: { entries: unknown[] }) => usualEntries(b.entries) !== undefined,
}
type Variant = keyof typeof variants

function cpuMsPerBatch(v: Variant): number {
  const before = process.cpuUsage()
  for (const b of batches) if (!variants[v](b)) throw new Error(`${v} refused a bench batch`)
  const used = process.cpuUsage(before)
  return (used.user + used.system) / 1000 / BATCHES
}

const per: Record<Variant, number[]> = { schema: [], fast: [] }
for (const v of ['schema', 'fast'] as const) cpuMsPerBatch(v) // warm-up
for (let r = 0; r < ROUNDS; r++) {
  const order: Variant[] = r % 2 ? ['fast', 'schema'] : ['schema', 'fast']
  for (const v of order) per[v].push(cpuMsPerBatch(v))
}
for (const v of ['schema', 'fast'] as const)
  console.log(`${v}: ${round(median(per[v]), 2)} ms CPU a batch of 1,000 (rounds ${round(Math.min(...per[v]), 2)}–${round(Math.max(...per[v]), 2)})`)
console.log(`gain: ${round((1 - median(per.fast) / median(per.schema)) * 100, 0)}% (${ROUNDS} interleaved rounds)`)
