/**
 * A stop ends, whatever the database does meanwhile: a statement that waits on a row another
 * connection holds (another instance's open transaction) is given the app's and the database's
 * close waits, then cancelled, so neither close() waits for that transaction, and the write it
 * gave up on does not land later either.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { migrate } from '../../server/db/migrate'
import { openPostgres } from '../../server/db/postgres'
import { CONNECT_TIMEOUT_MS } from '../../server/db/pg-listen'
import { createTestServer, freshStorage, newProject, signUp, usePostgres, type Storage, type TestServer } from './harness'

const SERVICE_TOKEN = 'a-long-random-service-token-for-bounded-close'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

describe.runIf(usePostgres)('closing an app and its database while a statement waits on a lock held elsewhere', () => {
  it('ends both, cancels the statement (its write never lands), and the call waiting on it gets its answer', async () => {
    const storage: Storage = await freshStorage()
    cleanups.push(() => storage.drop())
    // Another instance, whose transaction holds the key's row for as long as the test says.
    const other: TestServer = await createTestServer({ storage, config: { serviceToken: SERVICE_TOKEN } })
    cleanups.push(() => other.close())
    const owner = await signUp(other)
    const project = await newProject(other, owner.accessToken)
    const [keyId, key] = Object.entries(project.apiKey)[0]

    const db = await openPostgres(storage.databaseUrl!, 10, CONNECT_TIMEOUT_MS, 200)
    await migrate(db)
    const logs: string[] = []
    const app = createApp({ db, config: { serviceToken: SERVICE_TOKEN }, log: (line) => logs.push(line), closeWaitMs: 200 })

    let letGo!: () => void
    const held = new Promise<void>((resolve) => (letGo = resolve))
    cleanups.push(async () => letGo())
    let holder = 0
    const holding = other.db.transaction(async (tx) => {
      holder = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0].pid
      await tx.query('SELECT 1 FROM api_keys WHERE id = $1 FOR UPDATE', [keyId])
      await held
    })
    await expect.poll(() => holder).not.toBe(0)

    // A key's first use writes its lastUsedAt before the answer: that write waits on the held row.
    const verifying = app.request('/api/keys/verify', {
      method: 'POST',
      headers: { Authorization: `Bearer ${SERVICE_TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ key }),
    })
    const waiting = async () =>
      (await other.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [holder]))[0].n
    await expect.poll(waiting).toBe(1)

    await app.close()
    await db.close()
    const answer = await verifying
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ valid: true, keyId })
    expect(await waiting()).toBe(0)

    letGo()
    await holding
    const [row] = await other.db.query<{ last_used_at: Date | null }>('SELECT last_used_at FROM api_keys WHERE id = $1', [keyId])
    expect(row.last_used_at).toBeNull()
  })
})
