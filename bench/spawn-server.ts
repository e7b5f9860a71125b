/**
 * Starts a server script in a process of its own (node itself with tsx's
 * loader, so a signal or a kill -9 reaches the process that holds the
 * database) on a free loopback port, and waits for the line that gives its
 * address: `Flex Portal is running at …` (npm start) or `listening at …`
 * (the bare handler).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { ROOT } from './paths'

/**
 * One encryption key for every server this bench run starts: servers that
 * share a PostgreSQL database refuse to start on a key other than the one
 * that encrypted its secrets, and each would otherwise generate its own.
 */
const ENCRYPTION_KEY = randomBytes(32).toString('base64')

/** `nodeArgs`: node's own flags before the script (`--cpu-prof`, which NODE_OPTIONS does not take). */
export async function spawnServer(
  script: string,
  env: Record<string, string>,
  startTimeoutMs = 180_000,
  nodeArgs: string[] = [],
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: ROOT,
    env: { SECRET_ENCRYPTION_KEY: ENCRYPTION_KEY, ...process.env, PORT: '0', HOST: '127.0.0.1', SKIP_BUILD: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`${script} did not start:\n${out}`)), startTimeoutMs)
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk
      const match = /(?:Flex Portal is running at|listening at) (\S+)/.exec(out)
      if (match) {
        clearTimeout(timer)
        resolve(match[1])
        out = ''
      }
    })
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk))
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}):\n${out}`)))
  })
  // Keep draining the request log so the pipe never fills and stalls the server.
  child.stdout!.resume()
  return { child, url: url.replace(/\/$/, '') }
}
