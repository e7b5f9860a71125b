/**
 * A usage batch whose commit reached the database while its reply was lost (a dropped connection, a
 * proxy's timeout) fails for its instance, which sends it again a second later. It is stored once: the
 * batch's id is recorded in the transaction that adds its counts, where before the counts were added
 * again and every verification of that second counted twice. Both databases.
 */
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { Database } from '../../server/db/index'
import { usageCounter } from '../../server/resources/usage'
import type { VerifiedKey } from '../../server/resources/api-keys'
import { createTestServer, newProject, signUp, type TestServer } from './harness'

let s: TestServer

beforeEach(async () => {
  s = await createTestServer()
})
afterEach(() => s.close())

/** `db` whose next transaction commits, then fails as if the reply had been lost on its way back. */
function losingOneReply(db: Database): Database {
  let lose = true
  return Object.assign(Object.create(db) as Database, {
    async transaction<T>(fn: (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => Promise<T>): Promise<T> {
      const result = await db.transaction(fn)
      if (lose) {
        lose = false
        throw new Error('Connection terminated unexpectedly')
      }
      return result
    },
  })
}

it('stores a batch whose reply was lost once, though its instance sends it again', async () => {
  const a = await signUp(s)
  const project = await newProject(s, a.accessToken)
  const key: VerifiedKey = {
    keyId: 'kuse_lost',
    projectId: project.id,
    name: 'Server',
    expiresAt: null,
    lastUsedAt: null,
    scopes: null,
    allowedIps: [],
    mode: 'live',
  }
  const log: string[] = []
  const counter = usageCounter(losingOneReply(s.db), (line) => log.push(line))
  const now = Date.now()
  for (let i = 0; i < 3; i++) counter.count(key, now)
  await counter.flush()
  expect(log.filter((line) => line.startsWith('usage write failed'))).toHaveLength(1)
  counter.count(key, now)
  await counter.flush()
  await counter.close()
  const [row] = await s.db.query<{ valid: number }>('SELECT valid::int AS valid FROM key_usage WHERE key_id = $1', ['kuse_lost'])
  expect(row.valid).toBe(4)
})
