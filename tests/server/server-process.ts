/**
 * The command line of `npm start` for tests that run the server in a process
 * of its own: the bundle the run's global set-up made (server-build.ts), so
 * each such process starts with plain `node` instead of loading tsx and
 * compiling the server's TypeScript again.
 */
import type { ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { inject } from 'vitest'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

declare module 'vitest' {
  export interface ProvidedContext {
    /** server/main.ts bundled to one ESM file; '' to run it through tsx. */
    flexServerEntry: string
  }
}

/**
 * A test server lives for seconds: compiling PGlite's WebAssembly in
 * V8's baseline tier only, without the optimising tier's background
 * compiles, costs less CPU than those compiles win back in so short a life.
 * It changes how the code is compiled, never what it does.
 */
const V8_FLAGS = ['--liftoff-only']

/** Node's arguments to run server/main.ts, with ROOT as working directory. */
export function serverArgs(): string[] {
  const entry = inject('flexServerEntry')
  return [...V8_FLAGS, ...(entry ? [entry] : ['--import', 'tsx', 'server/main.ts'])]
}

/**
 * Signals a child process and resolves once it has exited: a server closes its
 * embedded database on the way out, and removing the data folder before then
 * fails (ENOTEMPTY) or races its last writes.
 */
export function stopped(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill(signal)
  })
}
