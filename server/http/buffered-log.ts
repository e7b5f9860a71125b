import type { Log } from './logger'

/**
 * A log that writes the lines of one turn of the event loop in one go. On a
 * pipe or a file (a process manager, a container runtime) every console.log
 * is a blocking write system call, and one per request was the largest single
 * cost of a cheap route under load. Lines keep their order; whatever is left
 * is written when the process exits.
 *
 * It earns its place: in an interleaved A/B of GET /api/capabilities (a line
 * each) over a socket with the log on a pipe (bench/ab-verify.ts with
 * BENCH_AB_CALL=capabilities: PGlite, 10 connections, 6 rounds of 4 s; load
 * average 21-25 on two shared cores), a console.log per line cost 1.50x the
 * CPU per call (median; rounds 0.97-8.9x) and answered 0.41x as many calls a
 * second (rounds 0.05-1.68x).
 */
export function bufferedLog(write: (text: string) => void = (text) => process.stdout.write(text)): Log {
  let pending: string[] = []
  const flush = () => {
    if (pending.length === 0) return
    const text = `${pending.join('\n')}\n`
    pending = []
    write(text)
  }
  process.on('exit', flush)
  return (line) => {
    if (pending.push(line) === 1) setImmediate(flush)
  }
}
