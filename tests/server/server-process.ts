/**
 * The command line of `npm start` for tests that run the server in a process
 * of its own: the bundle the run's global set-up made (server-build.ts), so
 * each such process starts with plain `node` instead of loading tsx and
 * compiling the server's TypeScript again.
 */
import { fileURLToPath } from 'node:url'
import { inject } from 'vitest'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

declare module 'vitest' {
  export interface ProvidedContext {
    /** server/main.ts bundled to one ESM file; '' to run it through tsx. */
    flexServerEntry: string
  }
}

/** Node's arguments to run server/main.ts, with ROOT as working directory. */
export function serverArgs(): string[] {
  const entry = inject('flexServerEntry')
  return entry ? [entry] : ['--import', 'tsx', 'server/main.ts']
}
