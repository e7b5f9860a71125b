/**
 * Writes that no route of an app made — a script, an administrator, another
 * service on the same database, under any spelling of the table's name —
 * reach every instance's caches of tokens, project lists and keys: the
 * tables' triggers tell them, not the statements' text.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import type { Database } from '../../server/db/index'
import { KEY_CHANNEL } from '../../server/resources/verify/key-verifier'
import { createTestServer, newProject, signUp, type SignedUp, type TestServer } from './harness'
import { HEARD_MS } from './within'

const SERVICE_TOKEN = 'a-long-random-service-token-for-outside-writes'

let s: TestServer
let other: TestServer
let owner: SignedUp
/** The test's schema, quoted: a write under a name the app itself never uses. */
let table: (name: string) => string
beforeEach(async () => {
  s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN } })
  other = await createTestServer({ storage: s.storage, config: { serviceToken: SERVICE_TOKEN } })
  owner = await signUp(s)
  const [{ schema }] = await s.db.query<{ schema: string }>('SELECT current_schema() AS schema')
  table = (name) => `"${schema.replaceAll('"', '""')}"."${name}"`
})
afterEach(async () => {
  await other.close()
  await s.close()
})

/** An app of its own on `db` that counts the look-ups of tokens and keys: one that makes none is answering from memory. */
function countingApp(db: Database) {
  const counted = { lookUps: 0 }
  const wrapped: Database = {
    ...db,
    query: (sql, params) => {
      if (/FROM tokens WHERE|FROM api_keys WHERE key_hash/.test(sql)) counted.lookUps++
      return db.query(sql, params)
    },
    close: async () => {},
  }
  const app = createApp({ db: wrapped, config: { serviceToken: SERVICE_TOKEN }, log: () => {} })
  const call = async (method: string, path: string, token: string, body?: object) => {
    const res = await app.request(`/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body && JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined }
  }
  /** Calls until a call makes no look-up: the LISTEN is in place and the answer is kept. */
  const warm = (method: string, path: string, token: string, body?: object) =>
    expect
      .poll(
        async () => {
          const before = counted.lookUps
          await call(method, path, token, body)
          return counted.lookUps === before
        },
        { timeout: 5000, interval: 10 },
      )
      .toBe(true)
  return { call, warm, close: () => app.close() }
}

/** One app on this instance's database handle, one on the other instance's. */
const bothInstances = () => [countingApp(s.db), countingApp(other.db)]

describe('a write no route made', () => {
  it('to a token under a schema-qualified, quoted name ends it on every instance as soon as each hears of it', async () => {
    const apps = bothInstances()
    try {
      for (const app of apps) await app.warm('GET', '/manage/dapp/owner', owner.accessToken)
      await s.db.query(`UPDATE ${table('tokens')} SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [owner.user.id])
      for (const app of apps) {
        await expect.poll(async () => (await app.call('GET', '/manage/dapp/owner', owner.accessToken)).status, { timeout: HEARD_MS, interval: 10 }).toBe(401)
      }
    } finally {
      await Promise.all(apps.map((app) => app.close()))
    }
  })

  it('to a key — renamed, moved to an expiry, deleted — changes its verification on every instance as soon as each hears of it', async () => {
    const project = await newProject(s, owner.accessToken)
    const [keyId, key] = Object.entries(project.apiKey)[0]
    const apps = bothInstances()
    const answers = () => Promise.all(apps.map(async (app) => (await app.call('POST', '/keys/verify', SERVICE_TOKEN, { key })).body))
    const poll = (check: (answer: Record<string, unknown> | undefined) => boolean) =>
      expect.poll(async () => (await answers()).every(check), { timeout: HEARD_MS, interval: 10 }).toBe(true)
    try {
      for (const app of apps) await app.warm('POST', '/keys/verify', SERVICE_TOKEN, { key })
      expect(await answers()).toEqual([expect.objectContaining({ valid: true, name: 'Default key' }), expect.objectContaining({ valid: true })])

      await other.db.query(`UPDATE ${table('api_keys')} SET name = 'Renamed by a script' WHERE id = $1`, [keyId])
      await poll((answer) => answer?.name === 'Renamed by a script')

      await s.db.query(`UPDATE ONLY ${table('api_keys')} SET expires_at = now() - interval '1 second' WHERE id = $1`, [keyId])
      await poll((answer) => answer?.code === 'EXPIRED')

      await s.db.query(`DELETE FROM ${table('api_keys')} WHERE id = $1`, [keyId])
      await poll((answer) => answer?.code === 'NOT_FOUND')
    } finally {
      await Promise.all(apps.map((app) => app.close()))
    }
  })

  it('to a project shows in its owner’s list on every instance as soon as each hears of it', async () => {
    const project = await newProject(s, owner.accessToken, { name: 'Before' })
    const names = async (server: TestServer) =>
      ((await server.request('GET', '/api/manage/dapp/owner', { token: owner.accessToken })).body as Array<{ name: string }>).map((p) => p.name)
    expect([await names(s), await names(other)]).toEqual([['Before'], ['Before']])
    await s.db.query(`UPDATE ${table('projects')} SET name = 'Renamed by a script' WHERE id = $1`, [project.id])
    for (const server of [s, other]) await expect.poll(() => names(server), { timeout: HEARD_MS, interval: 10 }).toEqual(['Renamed by a script'])
  })

  it('to a key is announced by its id too, which instances of the previous version forget keys by during a rolling upgrade', async () => {
    const project = await newProject(s, owner.accessToken)
    const [keyId] = Object.keys(project.apiKey)
    const heard: string[] = []
    const stop = await other.db.listen(KEY_CHANNEL, (payload) => heard.push(payload))
    try {
      expect((await s.request('DELETE', `/api/manage/dapp/${project.id}/api-key/${keyId}`, { token: owner.accessToken })).status).toBe(200)
      await expect.poll(() => heard, { timeout: HEARD_MS, interval: 10 }).toContain(keyId)
    } finally {
      await stop()
    }
  })
})
