import { randomUUID } from 'node:crypto'
import { link, readFile, rename, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

export const LOCK_FILE = 'flex-portal.lock'

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' // exists, owned by someone else
  }
}

/** The locks this process holds: its own pid in a lock it does not hold is a former run's. */
const held = new Set<string>()

const readPid = async (path: string) => Number((await readFile(path, 'utf8').catch(() => '')).trim())

const inUse = (dataDir: string, pid: number) =>
  new Error(
    `DATA_DIR ${dataDir} is in use by another process (pid ${pid}). Stop it, give this server its own DATA_DIR, ` +
      'or let several servers share one PostgreSQL through DATABASE_URL.',
  )

/**
 * Claims `dataDir` for this process. PGlite opens a folder that another
 * process has open without complaint, and two writers corrupt it — e.g. a
 * second `npm start` on another PORT. Resolves with the release function.
 *
 * The lock is written whole under a name of its own and then linked to the
 * lock's name, which fails if it exists: it is never there empty for a rival
 * to misread. A lock left by a process that no longer runs (a crash, kill -9)
 * is taken over, and so is one naming this process's own pid that it does not
 * hold: a container gives its process the same pid on every start. Taking
 * over moves the lock aside first, which only one of two starters can do to
 * the same file; one that moved a live lock puts it back and gives way.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const path = join(dataDir, LOCK_FILE)
  const mine = `${path}.${randomUUID()}`
  await writeFile(mine, String(process.pid))
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (held.has(path)) throw inUse(dataDir, process.pid)
      try {
        await link(mine, path)
        held.add(path)
        return async () => {
          held.delete(path)
          await unlink(path).catch(() => undefined)
        }
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      }
      const stale = (pid: number) => (pid === process.pid ? !held.has(path) : !Number.isInteger(pid) || pid <= 0 || !alive(pid))
      const pid = await readPid(path)
      if (!stale(pid)) throw inUse(dataDir, pid)
      const aside = `${mine}.stale`
      try {
        await rename(path, aside)
      } catch {
        continue // another starter moved it first
      }
      const moved = await readPid(aside)
      if (stale(moved)) await unlink(aside).catch(() => undefined)
      else {
        // A rival's fresh lock, taken between our read and our move: it stays theirs.
        await rename(aside, path)
        throw inUse(dataDir, moved)
      }
    }
    throw new Error(`Could not lock DATA_DIR ${dataDir}.`)
  } finally {
    await unlink(mine).catch(() => undefined)
  }
}
