/**
 * The DATA_DIR lock: one process a folder, whatever the order two of them start in,
 * and a lock left by a former run never stops the next.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { LOCK_FILE, lockDataDir } from '../../server/db/data-dir-lock'

const run = promisify(execFile)
const dirs: string[] = []
const folder = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'flex-lock-'))
  dirs.push(dir)
  return dir
}
afterEach(async () => {
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
    // Each process claims every folder at the same moment (a shared start time), then says which it got.
    const at = Date.now() + 1500
    const claim = `
      const { lockDataDir } = await import(${JSON.stringify(new URL('../../server/db/data-dir-lock.ts', import.meta.url).pathname)})
      await new Promise((r) => setTimeout(r, ${at} - Date.now()))
      const got = await Promise.all(${JSON.stringify(all)}.map((dir) => lockDataDir(dir).then(() => dir, () => null)))
      console.log(JSON.stringify(got.filter(Boolean)))
      // Alive until the others have claimed too: a lock of a process gone is free to take.
      await new Promise((r) => setTimeout(r, ${at} + 3000 - Date.now()))`
    const claimAll = async () => {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', claim])
      return JSON.parse(stdout) as string[]
    }
    const held = (await Promise.all([claimAll(), claimAll(), claimAll()])).flat()
    expect(
      held.filter((dir, i) => held.indexOf(dir) !== i),
      'folders two processes hold',
    ).toEqual([])
    expect(held.sort(), 'every folder is held by one of them').toEqual([...all].sort())
  }, 30_000)
})
