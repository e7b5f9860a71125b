/**
 * Cores of their own for a bench's measured process and its load (Linux's
 * `taskset`). On a two-core virtual machine, a provider that shares its cores
 * with the load client is preempted by the client it wakes with each answer,
 * and the switches count as the provider's CPU: more of them the longer it
 * holds a core, so a cost added to a request read about twice over (see
 * docs/performance.md, the provider's cost). Pinned, the measured process
 * runs alone on core 0, and this process, with every process it starts
 * afterwards (the load client, autocannon alone), on the others.
 */
import { execFileSync } from 'node:child_process'
import { availableParallelism } from 'node:os'

/** Whether pinning was asked for (BENCH_PIN=1) and can be done: taskset found, two cores or more. */
export function pinning(): boolean {
  if (process.env.BENCH_PIN !== '1') return false
  if (availableParallelism() < 2) throw new Error('BENCH_PIN=1 needs two cores or more')
  return true
}

/** Every thread of `pid` on the cores `cpus` (taskset's list: `0`, `1-3`). */
export function pin(pid: number, cpus: string): void {
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' })
}

/** This process (and what it starts from now on) off core 0, which the measured processes get. */
export const pinSelf = () => pin(process.pid, `1-${availableParallelism() - 1}`)

/** This process back on every core (the next part of `npm run bench` runs as before). */
export const unpinSelf = () => pin(process.pid, `0-${availableParallelism() - 1}`)
