/**
 * What PGlite's fsync costs: the same write load (single-row INSERTs, each
 * its own commit, as the API makes them) on the embedded database with
 * fsync off (PGlite's default, `-F`) and on (what the server runs with).
 * Under strace, fsync on makes no fsync or fdatasync system call at all
 * (PGlite's Node file layer has none), so today it buys no protection from
 * an OS crash; see server/db/pglite.ts.
 * Run alone with
 * `npx tsx bench/durability.ts` or through `BENCH_ONLY=durability npm run bench`.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { FSYNC_START_PARAMS } from '../server/db/pglite'

/** PGlite's defaults, `-F` (fsync off) included. */
const PGLITE_DEFAULTS = (PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams

export interface DurabilityResult {
  writes: number
  fsyncOff: { msPerWrite: number; writesPerSecond: number }
  /** Best of two runs each, alternated. */
  fsyncOn: { msPerWrite: number; writesPerSecond: number }
}

async function measure(startParams: string[], writes: number) {
  const dir = mkdtempSync(join(tmpdir(), 'flex-durability-'))
  const pg = await PGlite.create({ dataDir: dir, startParams })
  try {
    await pg.exec('CREATE TABLE w (id serial PRIMARY KEY, body text NOT NULL)')
    for (let i = 0; i < 20; i++) await pg.query('INSERT INTO w (body) VALUES ($1)', ['warm-up'])
    const start = performance.now()
    for (let i = 0; i < writes; i++) await pg.query('INSERT INTO w (body) VALUES ($1)', [`row ${i}`])
    const ms = performance.now() - start
    return { msPerWrite: Math.round((ms / writes) * 100) / 100, writesPerSecond: Math.round((writes / ms) * 1000) }
  } finally {
    await pg.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

export async function measureDurability(writes = 500): Promise<DurabilityResult> {
  // Alternated, twice each, so a busy moment on a shared machine hits both.
  const on = FSYNC_START_PARAMS ?? PGLITE_DEFAULTS
  const off1 = await measure(PGLITE_DEFAULTS, writes)
  const on1 = await measure(on, writes)
  const off2 = await measure(PGLITE_DEFAULTS, writes)
  const on2 = await measure(on, writes)
  const best = (a: typeof off1, b: typeof off1) => (a.msPerWrite <= b.msPerWrite ? a : b)
  return { writes, fsyncOff: best(off1, off2), fsyncOn: best(on1, on2) }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await measureDurability(Number(process.env.BENCH_WRITES ?? 500))
  console.log(`PGlite, ${r.writes} single-row commits:`)
  console.log(`  fsync off: ${r.fsyncOff.msPerWrite} ms/write (${r.fsyncOff.writesPerSecond}/s)`)
  console.log(`  fsync on:  ${r.fsyncOn.msPerWrite} ms/write (${r.fsyncOn.writesPerSecond}/s)`)
}
