/**
 * The database's share of a webhook server's cost: CPU that PostgreSQL's
 * backends (on this machine) spent for one server's database, read from /proc.
 */
import type pg from 'pg'
import { processCpuMs } from './process-cpu'

/**
 * CPU so far of each PostgreSQL backend connected to `database`, by pid. A
 * backend that starts within a round counts whole; one that ends within it
 * takes its CPU with it (a pool closes a connection only once it is idle).
 */
export async function backendsCpu(admin: pg.Client | undefined, database: string | undefined): Promise<Map<number, number>> {
  const cpu = new Map<number, number>()
  if (!admin || !database) return cpu
  const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [database])
  for (const { pid } of rows) {
    const ms = processCpuMs(pid)
    if (ms !== undefined) cpu.set(pid, ms)
  }
  return cpu
}

export const spentSince = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0)
