/**
 * What PGlite's fsync costs: the same write load (single-row INSERTs, each
 * its own commit, as the API makes them) on the embedded database with
 * fsync off (PGlite's default, `-F`) and on. Under strace, fsync on makes no
 * fsync or fdatasync system call at all (PGlite's file layer has none), so
 * its cost buys no protection from an OS crash: the server keeps the default.
 * Run alone with
 * `npx tsx bench/durability.ts` or through `BENCH_ONLY=durability npm run bench`.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'

/** PGlite's own start parameters without `-F` (the flag that turns fsync off). */
const PGLITE_FSYNC_PARAMS = (PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams.filter((p) => p !== '-F')

export interface DurabilityResult {
  writes: number
  fsyncOff: { msPerWrite: number; writesPerSecond: number }
  fsyncOn: { msPerWrite: number; writesPerSecond: number }
}

async function measure(startParams: string[] | undefined, writes: number) {
  const dir = mkdtempSync(join(tmpdir(), 'flex-durability-'))
  const pg = await PGlite.create({ dataDir: dir, ...(startParams ? { startParams } : {}) })
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
  const off1 = await measure(undefined, writes)
  const on1 = await measure(PGLITE_FSYNC_PARAMS, writes)
  const off2 = await measure(undefined, writes)
  const on2 = await measure(PGLITE_FSYNC_PARAMS, writes)
  const best = (a: typeof off1, b: typeof off1) => (a.msPerWrite <= b.msPerWrite ? a : b)
  return { writes, fsyncOff: best(off1, off2), fsyncOn: best(on1, on2) }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await measureDurability(Number(process.env.BENCH_WRITES ?? 500))
  console.log(`PGlite, ${r.writes} single-row commits:`)
  console.log(`  fsync off: ${r.fsyncOff.msPerWrite} ms/write (${r.fsyncOff.writesPerSecond}/s)`)
  console.log(`  fsync on:  ${r.fsyncOn.msPerWrite} ms/write (${r.fsyncOn.writesPerSecond}/s)`)
}
