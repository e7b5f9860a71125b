/**
 * The DATA_DIR lock: one process a folder, whatever the order two of them start in,
 * and a lock left by a former run never stops the next.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterEach, describe, expect, it } from 'vitest'
import { LOCK_FILE, lockDataDir } from '../../server/db/data-dir-lock'

const dirs: string[] = []
const folder = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'flex-lock-'))
  dirs.push(dir)
  return dir
}
/** Run after each test, before its folders go: the processes it started, stopped. */
const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c()
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

describe('the DATA_DIR lock', () => {
  it("takes over a lock naming this process's own pid that it does not hold: a container's process has the same pid on every start", async () => {
    const dir = await folder()
    await writeFile(join(dir, LOCK_FILE), String(process.pid))
    const release = await lockDataDir(dir)
    expect(await readFile(join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid} ${hostname()}`)
    await release()
    // So is one this host wrote with its own pid, after host names were written too.
    await writeFile(join(dir, LOCK_FILE), `${process.pid} ${hostname()}`)
    await (
      await lockDataDir(dir)
    )()
  })

  it("holds a lock of another host, whatever its pid: two containers sharing a volume each have pid 1 and can't see each other", async () => {
    const dir = await folder()
    await writeFile(join(dir, LOCK_FILE), `${process.pid} another-container`)
    await expect(lockDataDir(dir)).rejects.toThrow(
      `DATA_DIR ${dir} is in use by another process (pid ${process.pid} on another-container). Stop it, give this server its own DATA_DIR, ` +
        `or let several servers share one PostgreSQL through DATABASE_URL. If no server uses it, delete ${join(dir, LOCK_FILE)}.`,
    )
  })

  it('names the take-over gate a starter left when it died taking a stale lock over, and removes nothing', async () => {
    const dir = await folder()
    const gate = join(dir, `${LOCK_FILE}.takeover`)
    await writeFile(join(dir, LOCK_FILE), '4194999') // above Linux's largest pid
    await writeFile(gate, `4194998 ${hostname()}`)
    await expect(lockDataDir(dir)).rejects.toThrow(
      `Could not lock DATA_DIR ${dir}: ${gate} or an empty ${join(dir, LOCK_FILE)} stays. If no server is starting, delete it.`,
    )
    expect(await readFile(gate, 'utf8')).toBe(`4194998 ${hostname()}`)
  })

  it('refuses a second claim from this same process while the first holds it, and lets it once released', async () => {
    const dir = await folder()
    const [first, second] = await Promise.allSettled([lockDataDir(dir), lockDataDir(dir)])
    expect([first.status, second.status].sort()).toEqual(['fulfilled', 'rejected'])
    const release = (first.status === 'fulfilled' ? first : (second as PromiseFulfilledResult<() => Promise<void>>)).value
    await expect(lockDataDir(dir)).rejects.toThrow(/in use by another process/)
    await release()
    await (
      await lockDataDir(dir)
    )()
  })

  it('does not take over an empty lock: another starter is writing it', async () => {
    const dir = await folder()
    await writeFile(join(dir, LOCK_FILE), '')
    await expect(lockDataDir(dir)).rejects.toThrow(/^Could not lock DATA_DIR .+ If no server is starting, delete it\.$/)
    expect(await readFile(join(dir, LOCK_FILE), 'utf8')).toBe('')
  })

  it('gives a folder to one of three processes that start together, over a stale lock or none', async () => {
    const stale = await Promise.all(Array.from({ length: 150 }, () => folder()))
    const fresh = await Promise.all(Array.from({ length: 10 }, () => folder()))
    await Promise.all(stale.map((dir) => writeFile(join(dir, LOCK_FILE), '4194999'))) // above Linux's largest pid
    const all = [...stale, ...fresh]
    // Each process claims every folder when the test says go, once all three have started, then says which it got.
    const claim = `
      const { lockDataDir } = await import(${JSON.stringify(new URL('../../server/db/data-dir-lock.ts', import.meta.url).pathname)})
      const { createInterface } = await import('node:readline')
      const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]()
      console.log('ready')
      await lines.next()
      const got = await Promise.all(${JSON.stringify(all)}.map((dir) => lockDataDir(dir).then(() => dir, () => null)))
      console.log(JSON.stringify(got.filter(Boolean)))
      // Alive until the others have claimed too (the test closes stdin then): a lock of a process gone is free to take.
      await lines.next()`
    const children = Array.from({ length: 3 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', claim], { stdio: ['pipe', 'pipe', 'pipe'] })
      let stderr = ''
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
      const line = async () => {
        const next = await lines.next()
        if (next.done) throw new Error(`a claiming process ended early (exit ${await exited}):\n${stderr}`)
        return next.value as string
      }
      return { child, exited, line }
    })
    cleanups.push(async () => {
      for (const { child } of children) child.kill()
      await Promise.all(children.map((c) => c.exited))
    })
    for (const c of children) expect(await c.line()).toBe('ready')
    for (const c of children) c.child.stdin.write('go\n')
    const held = (await Promise.all(children.map(async (c) => JSON.parse(await c.line()) as string[]))).flat()
    for (const c of children) c.child.stdin.end()
    expect(await Promise.all(children.map((c) => c.exited))).toEqual([0, 0, 0])
    expect(
      held.filter((dir, i) => held.indexOf(dir) !== i),
      'folders two processes hold',
    ).toEqual([])
    expect(held.sort(), 'every folder is held by one of them').toEqual([...all].sort())
  }, 30_000)
})
