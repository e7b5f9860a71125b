/** Where the server suite's databases live; shared by the harness and the run's global set-up. */
import { statfs } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import type pg from 'pg'

export const usePostgres = process.env.FLEX_TEST_DB === 'postgres'

export function adminUrl(): string {
  const url = process.env.DATABASE_URL
  if (!url) {
    throw new Error(
      'The server-pg test pass needs DATABASE_URL=postgres://user:password@host:port/db (a role that may CREATE DATABASE). ' +
        'In CI, .ci/run starts PostgreSQL and sets it; it must not be skipped.',
    )
  }
  return url
}

/** DATABASE_URL with another database name, and optionally a search_path for every connection. */
export function urlForDatabase(name: string, searchPath?: string): string {
  const url = new URL(adminUrl())
  url.pathname = `/${name}`
  if (searchPath) url.searchParams.set('options', `-c search_path=${searchPath}`)
  return url.toString()
}

/**
 * pool.end() resolves before the server has seen every connection go; a
 * DROP … WITH (FORCE) would then kill those, and their clients would log errors.
 */
export async function waitForNoConnections(admin: pg.Client, database: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const [{ n }] = (await admin.query('SELECT count(*)::integer AS n FROM pg_stat_activity WHERE datname = $1', [database])).rows
    if (n === 0) return
    await new Promise((r) => setTimeout(r, 20))
  }
}

let scratch: Promise<string> | undefined

/**
 * Where test databases go: /dev/shm when it has room. On a disk, deleting a
 * folder PGlite has just written takes ~1 s (it is ~0.01 s on tmpfs).
 * Docker's default /dev/shm is 64 MB, too small, hence the check.
 */
export function scratchDir(): Promise<string> {
  scratch ??= (async () => {
    if (process.env.FLEX_TEST_TMPDIR) return process.env.FLEX_TEST_TMPDIR
    try {
      const fs = await statfs('/dev/shm')
      if (fs.bavail * fs.bsize > 2 ** 30) return '/dev/shm'
    } catch {
      // no /dev/shm here
    }
    return tmpdir()
  })()
  return scratch
}
