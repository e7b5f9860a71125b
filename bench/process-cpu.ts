/**
 * CPU time a process has used so far (user and system), in milliseconds, read
 * from /proc (Linux; undefined elsewhere, or once the process is gone). The
 * bench's servers run in processes of their own, so what one spent on a load
 * test is the difference of two readings: a cost per call that the load
 * client, sharing the machine's cores, does not blur as it blurs a rate.
 */
import { readFileSync } from 'node:fs'

/** The kernel's clock ticks per second (USER_HZ): 100 on every Linux that Node supports. */
const TICKS_PER_SECOND = 100

export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined
  try {
    // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND
  } catch {
    return undefined
  }
}
