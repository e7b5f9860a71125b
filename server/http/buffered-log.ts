import type { Log } from './logger'

/**
 * A log that writes the lines of one turn of the event loop in one go. On a
 * pipe or a file (a process manager, a container runtime) every console.log
 * is a blocking write system call, and one per request was the largest single
 * cost of a cheap route under load. Lines keep their order; whatever is left
 * is written when the process exits.
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
