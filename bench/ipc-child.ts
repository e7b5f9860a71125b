/**
 * A bench helper script forked in a process of its own (node with tsx's
 * loader), so that what it does never shares the bench's event loop. It says
 * `{ ready: true, ... }` once, then answers each request the bench sends with
 * one reply; requests wait for the one before them.
 */
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { ROOT } from './paths'

export interface IpcChild<Ready> {
  ready: Ready
  pid: number | undefined
  request<Reply>(message: unknown): Promise<Reply>
  close(): Promise<void>
}

export async function forkChild<Ready>(script: string, env: Record<string, string> = {}): Promise<IpcChild<Ready>> {
  const child = fork(fileURLToPath(new URL(script, import.meta.url)), [], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`${script} exited (${code})`))
      child.once('exit', onExit)
      child.once('message', (m: T & { error?: string }) => {
        child.off('exit', onExit)
        if (m.error) reject(new Error(`${script}: ${m.error}`))
        else resolve(m)
      })
    })
  const ready = await next<Ready>()
  let queue: Promise<unknown> = Promise.resolve()
  return {
    ready,
    pid: child.pid,
    request<Reply>(message: unknown) {
      const reply = queue.then(() => {
        const answer = next<Reply>()
        child.send(message as object)
        return answer
      })
      queue = reply.catch(() => undefined)
      return reply
    },
    async close() {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** Wall-clock milliseconds with sub-millisecond precision, comparable between the bench's processes. */
export const clock = () => performance.timeOrigin + performance.now()
