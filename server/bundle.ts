import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
export const BUNDLE = fileURLToPath(new URL('../dist/flex-portal.js', import.meta.url))

export interface EnsureBundleOptions {
  bundle?: string
  cwd?: string
  /** The build command (tests replace it). */
  command?: readonly [string, ...string[]]
}

/**
 * Builds the script tag's files (`npm run build:page`) when dist/flex-portal.js is missing, so `npm start` works on
 * a fresh clone: only what the demo pages load. The npm package's files (the ES module, its types,
 * flex-portal/verify) are more than half of a full build's time, which a first start would wait for and not
 * use; `npm run build` and `npm pack` make them (docs/development.md has the figures).
 */
export async function ensureBundle(log: (line: string) => void, opts: EnsureBundleOptions = {}): Promise<void> {
  const { bundle = BUNDLE, cwd = ROOT, command = ['npm', 'run', 'build:page'] } = opts
  if (existsSync(bundle)) return
  log(`${bundle} is missing: running ${command.join(' ')} first…`)
  const [file, ...args] = command
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(file, args, { cwd, stdio: 'inherit', shell: process.platform === 'win32' })
    child.once('error', reject)
    child.once('exit', resolve)
  })
  if (code !== 0 || !existsSync(bundle)) {
    throw new Error(`${command.join(' ')} failed (exit code ${code}); the demo pages need ${bundle}.`)
  }
}
