import { open, readFile, unlink } from 'node:fs/promises'
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

/**
 * Claims `dataDir` for this process. PGlite opens a folder that another
 * process has open without complaint, and two writers corrupt it — e.g. a
 * second `npm start` on another PORT. A lock left by a process that no longer
 * runs (a crash, kill -9) is taken over. Resolves with the release function.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const path = join(dataDir, LOCK_FILE)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const file = await open(path, 'wx')
      await file.writeFile(String(process.pid))
      await file.close()
      return () => unlink(path).catch(() => undefined)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    }
    const pid = Number((await readFile(path, 'utf8').catch(() => '')).trim())
    if (Number.isInteger(pid) && pid > 0 && alive(pid)) {
      throw new Error(
        `DATA_DIR ${dataDir} is in use by another process (pid ${pid}). Stop it, give this server its own DATA_DIR, ` +
          'or let several servers share one PostgreSQL through DATABASE_URL.',
      )
    }
    await unlink(path).catch(() => undefined) // stale: its owner is gone
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}.`)
}
