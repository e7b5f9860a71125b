/**
 * Every instance on one database must use the same SECRET_ENCRYPTION_KEY: the
 * database records a check value of the key that encrypted its secrets, and
 * an instance with another key refuses to start, saying so. Moving to a new
 * key goes through SECRET_ENCRYPTION_KEY_PREVIOUS.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { decrypt } from '../../server/security/encryption'
import { checkEncryptionKey, KEY_MISMATCH, keyCheckValue } from '../../server/security/encryption-check'
import type { Row } from '../../server/db/index'
import { startServer, type RunningServer } from '../../server/start'
import { rollSigningSecret, signingSecrets, type StoredSecrets } from '../../server/resources/webhooks/secrets'
import { createTestServer, freshStorage, newProject, signUp, usePostgres, type Storage, type TestServer } from './harness'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

const newKey = () => randomBytes(32)

async function storage(): Promise<Storage> {
  const st = await freshStorage()
  cleanups.push(() => st.drop())
  return st
}

async function start(st: Storage, options: { key?: Buffer; previous?: Buffer; dataDir?: string } = {}): Promise<RunningServer> {
  const server = await startServer({
    port: 0,
    dataDir: options.dataDir ?? st.dataDir,
    databaseUrl: st.databaseUrl,
    log: () => {},
    staticRoots: [],
    secretEncryptionKey: options.key,
    secretEncryptionKeyPrevious: options.previous,
  })
  cleanups.push(() => server.close())
  return server
}

describe('an instance whose SECRET_ENCRYPTION_KEY is not the database’s', () => {
  it('refuses to start, naming SECRET_ENCRYPTION_KEY and saying every instance needs the same one; the same key starts', async () => {
    const st = await storage()
    const a = newKey()
    const first = await start(st, { key: a })
    // PGlite's data folder takes one instance at a time: there the second comes after the first.
    if (!usePostgres) await first.close()
    await expect(start(st, { key: newKey() })).rejects.toThrow(KEY_MISMATCH)
    expect(KEY_MISMATCH).toMatch(/SECRET_ENCRYPTION_KEY/)
    expect(KEY_MISMATCH).toMatch(/Every instance on one database needs the same SECRET_ENCRYPTION_KEY/)
    const same = await start(st, { key: Buffer.from(a) })
    expect((await fetch(`${same.url}api/health`)).status).toBe(200)
  }, 60_000)

  it.runIf(usePostgres)(
    'without SECRET_ENCRYPTION_KEY, a second instance with a DATA_DIR (and so a generated key) of its own refuses to start',
    async () => {
      const st = await storage()
      const dirs = [await mkdtemp(join(tmpdir(), 'flex-key-a-')), await mkdtemp(join(tmpdir(), 'flex-key-b-'))]
      cleanups.push(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))))
      await start(st, { dataDir: dirs[0] })
      await expect(start(st, { dataDir: dirs[1] })).rejects.toThrow(KEY_MISMATCH)
    },
    60_000,
  )

  it('never stores the key: only an HMAC of a fixed label under it', async () => {
    const st = await storage()
    const key = newKey()
    const server = await start(st, { key })
    await server.close()
    const s = await createTestServer({ storage: st })
    cleanups.push(() => s.close())
    const rows = await s.db.query<{ check_value: string }>('SELECT check_value FROM encryption_key_check')
    expect(rows).toEqual([{ check_value: keyCheckValue(key) }])
    for (const form of [key.toString('hex'), key.toString('base64'), key.toString('base64url')]) expect(rows[0].check_value).not.toContain(form)
  }, 60_000)
})

describe('moving to a new key', () => {
  let s: TestServer
  const logs: string[] = []
  const log = (line: string) => logs.push(line)
  const stored = async (projectId: string) =>
    (await s.db.query<{ secret_enc: string }>('SELECT secret_enc FROM webhook_secrets WHERE project_id = $1', [projectId]))[0].secret_enc

  it('with SECRET_ENCRYPTION_KEY_PREVIOUS re-encrypts every secret, after which only the new key starts', async () => {
    const old = newKey()
    s = await createTestServer({ config: { secretEncryptionKey: old } })
    cleanups.push(() => s.close())
    const owner = await signUp(s)
    const project = await newProject(s, owner.accessToken)
    await checkEncryptionKey(s.db, old, undefined, log)

    const next = newKey()
    await expect(checkEncryptionKey(s.db, next, undefined, log)).rejects.toThrow(KEY_MISMATCH)
    await checkEncryptionKey(s.db, next, old, log)
    expect(decrypt(next, await stored(project.id), project.id)).toBe(project.webhookSecret)
    expect(logs).toContain('Re-encrypted 1 webhook secrets from SECRET_ENCRYPTION_KEY_PREVIOUS to SECRET_ENCRYPTION_KEY.')
    // Done: the new key alone starts (again and again), the old one no more.
    await checkEncryptionKey(s.db, next, undefined, log)
    await checkEncryptionKey(s.db, next, old, log)
    await expect(checkEncryptionKey(s.db, old, undefined, log)).rejects.toThrow(KEY_MISMATCH)
  })

  it.runIf(usePostgres)('a secret rolled while the new key is being recorded (an instance still on the old key) is kept, re-encrypted, not lost', async () => {
    const old = newKey()
    s = await createTestServer({ config: { secretEncryptionKey: old } })
    cleanups.push(() => s.close())
    const owner = await signUp(s)
    const project = await newProject(s, owner.accessToken)
    await checkEncryptionKey(s.db, old, undefined, log)

    // The roll's transaction holds the project's secret row, not yet committed, when the new key's instance starts.
    let commit!: () => void
    const committing = new Promise<void>((resolve) => (commit = resolve))
    let rollerPid = 0
    let rolled = ''
    const rolling = s.db.transaction(async (tx) => {
      rollerPid = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0].pid
      rolled = await rollSigningSecret(tx, old, project.id, new Date(Date.now() + 3_600_000), new Date())
      await committing
    })
    await expect.poll(() => rollerPid && rolled).toBeTruthy()
    const next = newKey()
    const recording = checkEncryptionKey(s.db, next, old, log)
    const waitingForRoll = async () =>
      (await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [rollerPid]))[0].n
    await expect.poll(waitingForRoll).toBe(1)
    commit()
    await rolling
    await recording

    const [row] = await s.db.query<StoredSecrets & Row>('SELECT secret_enc, previous_enc, previous_until FROM webhook_secrets WHERE project_id = $1', [
      project.id,
    ])
    expect(signingSecrets(next, row, project.id, new Date())).toEqual([rolled, project.webhookSecret])
  })

  it('a database from before the check: the key that opens its secrets is recorded, one that opens none is refused', async () => {
    const key = newKey()
    s = await createTestServer({ config: { secretEncryptionKey: key } })
    cleanups.push(() => s.close())
    const owner = await signUp(s)
    await newProject(s, owner.accessToken)
    await expect(checkEncryptionKey(s.db, newKey(), undefined, log)).rejects.toThrow(KEY_MISMATCH)
    await checkEncryptionKey(s.db, key, undefined, log)
    expect(await s.db.query('SELECT check_value FROM encryption_key_check')).toEqual([{ check_value: keyCheckValue(key) }])
  })
})
