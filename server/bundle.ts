import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
export const BUNDLE = fileURLToPath(new URL('../dist/flex-portal.js', import.meta.url))

/** Runs `npm run build` when dist/flex-portal.js is missing, so `npm start` works on a fresh clone. */
export async function ensureBundle(log: (line: string) => void): Promise<void> {
  if (existsSync(BUNDLE)) return
  log('dist/flex-portal.js is missing: running npm run build first…')
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' })
    child.once('error', reject)
    child.once('exit', resolve)
  })
  if (code !== 0 || !existsSync(BUNDLE)) throw new Error(`npm run build failed (exit code ${code}); the demo pages need dist/flex-portal.js.`)
}
