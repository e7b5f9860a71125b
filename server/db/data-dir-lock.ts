import { randomUUID } from 'node:crypto'
import { link, readFile, unlink, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { ConfigError } from '../config/config-error'

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

/** A lock's owner: its pid and host ('' in a lock written before hosts were). */
interface Owner {
  pid: number
  host: string
}

const readOwner = async (path: string): Promise<Owner | undefined> => {
  const text = (await readFile(path, 'utf8').catch(() => '')).trim()
  // Empty: being written (an exclusive create, where there are no hard links), not stale.
  if (text === '') return undefined
  const [pid, host = ''] = text.split(' ')
  return { pid: Number(pid), host }
}

const inUse = (dataDir: string, { pid, host }: Owner) =>
  new ConfigError(
    `DATA_DIR ${dataDir} is in use by another process (pid ${pid}${host && host !== hostname() ? ` on ${host}` : ''}). Stop it, give this ` +
      'server its own DATA_DIR, or let several servers share one PostgreSQL through DATABASE_URL. If no server uses it, ' +
      `delete ${join(dataDir, LOCK_FILE)}.`,
  )

/**
 * Creates `path` holding `mine`'s text, whole, if it does not exist: false if it does. A filesystem
 * without hard links (FAT, some network shares) gets an exclusive create and the text written after.
 */
async function claim(mine: string, path: string): Promise<boolean> {
  try {
    await link(mine, path)
    return true
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'EEXIST') return false
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw err
  }
  try {
    await writeFile(path, await readFile(mine), { flag: 'wx' })
    return true
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw err
  }
}

/**
 * Claims `dataDir` for this process. PGlite opens a folder that another
 * process has open without complaint, and two writers corrupt it — e.g. a
 * second `npm start` on another PORT. Resolves with the release function.
 *
 * The lock (pid and host name) is written whole under a name of its own and
 * linked to the lock's name, which fails if it exists: it is never there
 * empty for a rival to misread. A lock left by a process of this host that
 * no longer runs (a crash, kill -9) is taken over, and so is one naming this
 * process's own pid that it does not hold: a container gives its process the
 * same pid on every start, and keeps its host name. A lock of another host
 * (two containers sharing a volume) cannot be checked, so it holds. Taking
 * over goes through a second lock (the gate), one starter at a time, which
 * reads the lock again before it removes it; a gate left by a starter that
 * died meanwhile is named for the operator to delete, never removed here.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const path = join(dataDir, LOCK_FILE)
  const gate = `${path}.takeover`
  const here = hostname()
  const stale = ({ pid, host }: Owner) =>
    (host === '' || host === here) && (pid === process.pid ? !held.has(path) : !Number.isInteger(pid) || pid <= 0 || !alive(pid))
  const mine = `${path}.${randomUUID()}`
  await writeFile(mine, `${process.pid} ${here}`)
  try {
    for (let attempt = 0; attempt < 20; attempt++) {
      if (held.has(path)) throw inUse(dataDir, { pid: process.pid, host: here })
      if (await claim(mine, path)) {
        held.add(path)
        return async () => {
          held.delete(path)
          await unlink(path).catch(() => undefined)
        }
      }
      const owner = await readOwner(path)
      if (owner && !stale(owner)) throw inUse(dataDir, owner)
      if (await claim(mine, gate)) {
        try {
          const now = await readOwner(path)
          if (now && stale(now)) await unlink(path).catch(() => undefined)
        } finally {
          await unlink(gate).catch(() => undefined)
        }
      } else {
        // Another starter is taking it over, for a few milliseconds. A gate is never removed by another: two
        // starters could read the same dead one, and the second remove the first's fresh gate.
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    }
    // Still gated (a starter died taking the lock over), or a lock still empty (one died writing it).
    throw new ConfigError(`Could not lock DATA_DIR ${dataDir}: ${gate} or an empty ${path} stays. If no server is starting, delete it.`)
  } finally {
    await unlink(mine).catch(() => undefined)
  }
}
