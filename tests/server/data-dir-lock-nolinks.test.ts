/** The DATA_DIR lock on a filesystem without hard links (FAT, some network shares): link() refused with EPERM. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LOCK_FILE, lockDataDir } from '../../server/db/data-dir-lock'

vi.mock('node:fs/promises', async (original) => ({
  ...(await original<typeof import('node:fs/promises')>()),
  link: () => Promise.reject(Object.assign(new Error('operation not permitted, link'), { code: 'EPERM' })),
}))

let dir = ''
afterEach(() => rm(dir, { recursive: true, force: true }))

describe('the DATA_DIR lock without hard links', () => {
  it('is taken by an exclusive create instead, and a second claim is refused', async () => {
    dir = await mkdtemp(join(tmpdir(), 'flex-lock-'))
    const release = await lockDataDir(dir)
    expect(await readFile(join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid} ${hostname()}`)
    await expect(lockDataDir(dir)).rejects.toThrow(/is in use by another process/)
    await release()
    // A lock another live process of this host holds (pid 1 always runs): the exclusive create finds it.
    await writeFile(join(dir, LOCK_FILE), `1 ${hostname()}`)
    await expect(lockDataDir(dir)).rejects.toThrow(/is in use by another process \(pid 1\)/)
  })
})
