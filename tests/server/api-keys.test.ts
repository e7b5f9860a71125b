import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KEY_EXPIRED, KEY_NOT_FOUND, KEY_ROLLED, KEY_ROLLED_EXPIRY, keyLimitForRoll } from '../../server/resources/api-keys/routes'
import { PROJECT_NOT_FOUND } from '../../server/security/authorization'
import { SERVICE_TOKEN_REQUIRED } from '../../server/http/service-token'
import { VERIFY_NOT_CONFIGURED } from '../../server/resources/verify/routes'
import { createTestServer, newProject, signUp, usePostgres, type SignedUp, type TestResponse, type TestServer } from './harness'
import { HEARD_MS, within } from './within'

const SERVICE_TOKEN = 'a-long-random-service-token-for-tests'
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/
const MINUTE = 60_000
const HOUR = 60 * MINUTE

let s: TestServer
let owner: SignedUp
// The app's clock: tests move it instead of waiting for expiries.
let now: number
beforeEach(async () => {
  now = Date.now()
  s = await createTestServer({ config: { keyLimit: 3, serviceToken: SERVICE_TOKEN }, clock: () => now })
  owner = await signUp(s)
})
afterEach(async () => {
  await s.close()
})

const only = (map: Record<string, string>) => Object.entries(map)[0]
const createKey = async (projectId: string, body?: object, token = owner.accessToken) =>
  s.request('POST', `/api/manage/dapp/${projectId}/api-key`, { token, body })
const project = async (projectId: string, token = owner.accessToken) => (await s.request('GET', `/api/manage/dapp/${projectId}`, { token })).body
const keyEntry = async (projectId: string, keyId: string) => (await project(projectId)).keys.find((k: { id: string }) => k.id === keyId)
const patch = (projectId: string, keyId: string, body: unknown, token = owner.accessToken) =>
  s.request('PATCH', `/api/manage/dapp/${projectId}/api-key/${keyId}`, { token, body })
const roll = (projectId: string, keyId: string, body: unknown, token = owner.accessToken) =>
  s.request('POST', `/api/manage/dapp/${projectId}/api-key/${keyId}/roll`, { token, body })
const verify = (key: unknown, token = SERVICE_TOKEN) => s.request('POST', '/api/keys/verify', { headers: { Authorization: `Bearer ${token}` }, body: { key } })

describe('key metadata', () => {
  it('names keys "Default key", then "Key N"; lists them in creation order with the key limit', async () => {
    const p = await newProject(s, owner.accessToken)
    const [firstId] = only(p.apiKey)
    const second = await createKey(p.id)
    expect(second.status).toBe(201)
    const [secondId, secondKey] = only(second.body)
    expect(secondKey).toMatch(/^fxk_/)
    const body = await project(p.id)
    expect(body.keyLimit).toBe(3)
    expect(body.keys).toEqual([
      {
        id: firstId,
        name: 'Default key',
        maskedKey: p.apiKey[firstId].replace(/^fxk_.*(.{4})$/, 'fxk_…$1'),
        createdAt: expect.stringMatching(ISO),
        lastUsedAt: null,
        expiresAt: null,
        rolledAt: null,
        replacedBy: null,
        scopes: null,
        allowedIps: [],
        mode: 'live',
      },
      {
        id: secondId,
        name: 'Key 2',
        maskedKey: `fxk_…${secondKey.slice(-4)}`,
        createdAt: expect.stringMatching(ISO),
        lastUsedAt: null,
        expiresAt: null,
        rolledAt: null,
        replacedBy: null,
        scopes: null,
        allowedIps: [],
        mode: 'live',
      },
    ])
    expect(Object.keys(body.apiKey)).toEqual([firstId, secondId])
  })

  it('creates a key with a name and an expiry; the answer is still { apiProjectId: apiKey }', async () => {
    const p = await newProject(s, owner.accessToken)
    const expiresAt = new Date(now + 24 * HOUR).toISOString()
    const res = await createKey(p.id, { name: '  Production  ', expiresAt })
    expect(res.status).toBe(201)
    expect(Object.keys(res.body)).toHaveLength(1)
    const [id] = only(res.body)
    expect(await keyEntry(p.id, id)).toMatchObject({ name: 'Production', expiresAt })
  })

  it('takes an empty body with a JSON content type like no body at all', async () => {
    const p = await newProject(s, owner.accessToken)
    const res = await s.request('POST', `/api/manage/dapp/${p.id}/api-key`, { token: owner.accessToken, raw: '' })
    expect(res.status).toBe(201)
    expect(await keyEntry(p.id, only(res.body)[0])).toMatchObject({ name: 'Key 2', expiresAt: null })
  })

  it.each([
    ['an empty name', { name: '  ' }, 'Key name is required.', 'KEY_NAME_REQUIRED'],
    ['a name over 60 characters', { name: 'n'.repeat(61) }, 'Key name must be at most 60 characters.', 'KEY_NAME_TOO_LONG'],
    ['a name that is not text', { name: 7 }, 'Key name must be text.', 'KEY_NAME_NOT_TEXT'],
    [
      'an expiry that is not a date',
      { expiresAt: 'next week' },
      'Key expiry must be an ISO-8601 date and time, such as 2030-01-31T12:00:00Z.',
      'KEY_EXPIRY_NOT_A_DATE',
    ],
    [
      'an expiry without its offset',
      { expiresAt: '2999-01-01T00:00:00' },
      'Key expiry must be an ISO-8601 date and time, such as 2030-01-31T12:00:00Z.',
      'KEY_EXPIRY_NOT_A_DATE',
    ],
    ['an expiry in the past', { expiresAt: '2001-01-01T00:00:00Z' }, 'Key expiry must be in the future.', 'KEY_EXPIRY_PAST'],
  ])('refuses %s with 400 and creates nothing', async (_, body, message, code) => {
    const p = await newProject(s, owner.accessToken)
    const res = await createKey(p.id, body)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ message, code })
    expect((await project(p.id)).keys).toHaveLength(1)
  })

  it('accepts a name of exactly 60 characters (an emoji counts as one)', async () => {
    const p = await newProject(s, owner.accessToken)
    const res = await createKey(p.id, { name: '🔑'.repeat(60) })
    expect(res.status).toBe(201)
  })
})

describe('PATCH /api/manage/dapp/{id}/api-key/{keyId}', () => {
  it('renames a key and sets, then clears, its expiry', async () => {
    const p = await newProject(s, owner.accessToken)
    const [id] = only(p.apiKey)
    const expiresAt = new Date(now + HOUR).toISOString()
    const res = await patch(p.id, id, { name: ' Staging ', expiresAt })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      id,
      name: 'Staging',
      maskedKey: expect.stringMatching(/^fxk_…/),
      createdAt: expect.stringMatching(ISO),
      lastUsedAt: null,
      expiresAt,
      rolledAt: null,
      replacedBy: null,
      scopes: null,
      allowedIps: [],
      mode: 'live',
    })
    const cleared = await patch(p.id, id, { expiresAt: null })
    expect(cleared.body).toMatchObject({ name: 'Staging', expiresAt: null })
    expect(await keyEntry(p.id, id)).toEqual(cleared.body)
  })

  it('answers 404 for a missing key (saying so), a missing project and another owner’s project (alike)', async () => {
    const p = await newProject(s, owner.accessToken)
    const [id] = only(p.apiKey)
    expect(await patch(p.id, 'apid_missing', { name: 'x' })).toMatchObject({ status: 404, body: { message: KEY_NOT_FOUND } })
    expect(await patch('prj_missing', id, { name: 'x' })).toMatchObject({ status: 404, body: { message: PROJECT_NOT_FOUND } })
    const other = await signUp(s)
    expect(await patch(p.id, id, { name: 'Stolen' }, other.accessToken)).toMatchObject({ status: 404, body: { message: PROJECT_NOT_FOUND } })
    expect((await keyEntry(p.id, id)).name).toBe('Default key')
  })

  it('refuses a malformed edit with 400, and a missing token with 401', async () => {
    const p = await newProject(s, owner.accessToken)
    const [id] = only(p.apiKey)
    expect(await patch(p.id, id, { name: '' })).toMatchObject({ status: 400, body: { message: 'Key name is required.' } })
    expect(await patch(p.id, id, { expiresAt: 12 })).toMatchObject({ status: 400, body: { message: 'Key expiry must be text.' } })
    expect((await s.request('PATCH', `/api/manage/dapp/${p.id}/api-key/${id}`, { raw: 'nope' })).status).toBe(401)
    const notJson = await s.request('PATCH', `/api/manage/dapp/${p.id}/api-key/${id}`, { token: owner.accessToken, raw: '{' })
    expect(notJson).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON.' } })
  })

  it('renames an expired key but will not bring it back', async () => {
    const p = await newProject(s, owner.accessToken)
    const [id] = only(p.apiKey)
    await patch(p.id, id, { expiresAt: new Date(now + MINUTE).toISOString() })
    now += 2 * MINUTE
    expect(await patch(p.id, id, { expiresAt: null })).toMatchObject({ status: 409, body: { message: KEY_EXPIRED } })
    expect(await patch(p.id, id, { name: 'Old' })).toMatchObject({ status: 200, body: { name: 'Old' } })
  })
})

describe('POST /api/manage/dapp/{id}/api-key/{keyId}/roll', () => {
  it('makes a new key with the old name; the old one verifies until the grace period ends, then is EXPIRED and stays listed', async () => {
    const p = await newProject(s, owner.accessToken)
    const [oldId, oldKey] = only(p.apiKey)
    await patch(p.id, oldId, { name: 'Production' })
    const res = await roll(p.id, oldId, { graceSeconds: 3600 })
    expect(res.status).toBe(201)
    const [newId, newKey] = only(res.body)
    expect(newId).not.toBe(oldId)
    expect(newKey).toMatch(/^fxk_[A-Za-z0-9_-]{43}$/)

    const listed = (await project(p.id)).keys
    expect(listed.map((k: { id: string; name: string }) => [k.id, k.name])).toEqual([
      [oldId, 'Production'],
      [newId, 'Production'],
    ])
    expect(listed[0].expiresAt).toBe(new Date(now + HOUR).toISOString())
    expect(listed[1].expiresAt).toBeNull()
    // Which key replaced which, for the portal's "Replaced" and "Replaces …".
    expect(listed[0]).toMatchObject({ rolledAt: new Date(now).toISOString(), replacedBy: newId })
    expect(listed[1]).toMatchObject({ rolledAt: null, replacedBy: null })

    expect((await verify(oldKey)).body).toMatchObject({ valid: true, keyId: oldId, expiresAt: new Date(now + HOUR).toISOString() })
    now += HOUR - 1
    expect((await verify(oldKey)).body.valid).toBe(true)
    now += 1
    expect((await verify(oldKey)).body).toEqual({ valid: false, code: 'EXPIRED' })
    expect((await verify(newKey)).body).toMatchObject({ valid: true, keyId: newId, name: 'Production', expiresAt: null })
    expect((await project(p.id)).keys.map((k: { id: string }) => k.id)).toEqual([oldId, newId])
  })

  it('with a grace of 0 ends the old key at once, even where it was just verified', async () => {
    const p = await newProject(s, owner.accessToken)
    const [oldId, oldKey] = only(p.apiKey)
    expect((await verify(oldKey)).body.valid).toBe(true)
    expect((await roll(p.id, oldId, { graceSeconds: 0 })).status).toBe(201)
    expect((await verify(oldKey)).body).toEqual({ valid: false, code: 'EXPIRED' })
  })

  it('works at the key limit with no grace period; the limit counts only keys that have not expired', async () => {
    const p = await newProject(s, owner.accessToken)
    await createKey(p.id)
    await createKey(p.id)
    expect((await createKey(p.id)).status).toBe(409) // limit 3
    const [firstId] = only(p.apiKey)
    // Old and new key both living through a grace period would make 4.
    expect(await roll(p.id, firstId, { graceSeconds: 60 })).toMatchObject({ status: 409, body: { message: keyLimitForRoll(3) } })
    expect((await roll(p.id, firstId, { graceSeconds: 0 })).status).toBe(201) // still 3 unexpired
    expect((await createKey(p.id)).status).toBe(409)
    const secondId = (await project(p.id)).keys[1].id
    await patch(p.id, secondId, { expiresAt: new Date(now + 1000).toISOString() })
    now += 1000 // and another: 2 unexpired, so there is room for one
    expect((await createKey(p.id)).status).toBe(201)
    expect((await createKey(p.id)).status).toBe(409)
    expect((await project(p.id)).keys).toHaveLength(5)
  })

  it('never pushes an earlier expiry later', async () => {
    const p = await newProject(s, owner.accessToken)
    const [id] = only(p.apiKey)
    const soon = new Date(now + MINUTE).toISOString()
    await patch(p.id, id, { expiresAt: soon })
    await roll(p.id, id, { graceSeconds: 86_400 })
    expect((await keyEntry(p.id, id)).expiresAt).toBe(soon)
  })

  it.each([
    ['missing', {}, 'Grace period (graceSeconds) is required.'],
    ['negative', { graceSeconds: -1 }, 'Grace period (graceSeconds) must be a whole number from 0 to 604800.'],
    ['over 7 days', { graceSeconds: 604_801 }, 'Grace period (graceSeconds) must be a whole number from 0 to 604800.'],
    ['fractional', { graceSeconds: 1.5 }, 'Grace period (graceSeconds) must be a whole number from 0 to 604800.'],
    ['text', { graceSeconds: '60' }, 'Grace period (graceSeconds) must be a whole number from 0 to 604800.'],
  ])('refuses a grace period that is %s with 400 and changes nothing', async (_, body, message) => {
    const p = await newProject(s, owner.accessToken)
    const [id] = only(p.apiKey)
    expect(await roll(p.id, id, body)).toMatchObject({ status: 400, body: { message } })
    expect((await project(p.id)).keys).toHaveLength(1)
  })

  it('never leaves more live keys than the limit: a rolled key cannot be rolled again, nor its expiry moved later', async () => {
    const p = await newProject(s, owner.accessToken)
    const [firstId, firstKey] = only(p.apiKey)
    const rolled = await roll(p.id, firstId, { graceSeconds: 604_800 })
    expect(rolled.status).toBe(201)
    // Rolling the same key again (the attack: 20 keys became 120) is refused, and makes nothing.
    for (const graceSeconds of [604_800, 0]) {
      expect(await roll(p.id, firstId, { graceSeconds })).toMatchObject({ status: 409, body: { message: KEY_ROLLED } })
    }
    // Its expiry cannot come back or move later; earlier is fine.
    expect(await patch(p.id, firstId, { expiresAt: null })).toMatchObject({ status: 409, body: { message: KEY_ROLLED_EXPIRY } })
    const later = new Date(now + 8 * 24 * HOUR).toISOString()
    expect(await patch(p.id, firstId, { expiresAt: later })).toMatchObject({ status: 409, body: { message: KEY_ROLLED_EXPIRY } })
    const earlier = new Date(now + HOUR).toISOString()
    expect(await patch(p.id, firstId, { expiresAt: earlier })).toMatchObject({ status: 200, body: { expiresAt: earlier } })
    expect((await verify(firstKey)).body.valid).toBe(true)
    // The replacement rolls, but a chain of rolls with grace stops at the limit (3).
    const [secondId] = only(rolled.body)
    const again = await roll(p.id, secondId, { graceSeconds: 604_800 })
    expect(again.status).toBe(201)
    const [thirdId] = only(again.body)
    expect(await roll(p.id, thirdId, { graceSeconds: 604_800 })).toMatchObject({ status: 409, body: { message: keyLimitForRoll(3) } })
    const live = (await project(p.id)).keys.filter((k: { expiresAt: string | null }) => k.expiresAt === null || Date.parse(k.expiresAt) > now)
    expect(live).toHaveLength(3)
  })

  it('lets only one of two parallel rolls of a key through', async () => {
    const p = await newProject(s, owner.accessToken)
    const [id] = only(p.apiKey)
    const answers = await Promise.all([roll(p.id, id, { graceSeconds: 60 }), roll(p.id, id, { graceSeconds: 60 })])
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409])
    expect((await project(p.id)).keys).toHaveLength(2)
  })

  it('accepts exactly 7 days', async () => {
    const p = await newProject(s, owner.accessToken)
    expect((await roll(p.id, only(p.apiKey)[0], { graceSeconds: 604_800 })).status).toBe(201)
  })

  it('answers 404 for another owner’s project or a missing key, and 409 for a key already expired', async () => {
    const p = await newProject(s, owner.accessToken)
    const [id] = only(p.apiKey)
    const other = await signUp(s)
    expect(await roll(p.id, id, { graceSeconds: 0 }, other.accessToken)).toMatchObject({ status: 404, body: { message: PROJECT_NOT_FOUND } })
    expect(await roll(p.id, 'apid_missing', { graceSeconds: 0 })).toMatchObject({ status: 404, body: { message: KEY_NOT_FOUND } })
    await roll(p.id, id, { graceSeconds: 0 })
    expect(await roll(p.id, id, { graceSeconds: 0 })).toMatchObject({ status: 409, body: { message: KEY_EXPIRED } })
    expect((await project(p.id)).keys).toHaveLength(2)
  })
})

describe('POST /api/keys/verify', () => {
  it('names a valid key without any secret', async () => {
    const p = await newProject(s, owner.accessToken)
    const [id, key] = only(p.apiKey)
    const res = await verify(key)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ valid: true, keyId: id, projectId: p.id, name: 'Default key', expiresAt: null, mode: 'live', scopes: null })
    expect(res.text).not.toContain(key)
    expect(res.text).not.toContain(SERVICE_TOKEN)
  })

  it('answers NOT_FOUND for an unknown key and, at once, for a deleted one', async () => {
    const p = await newProject(s, owner.accessToken)
    const [id, key] = only(p.apiKey)
    expect((await verify('fxk_not-a-real-key')).body).toEqual({ valid: false, code: 'NOT_FOUND' })
    expect((await verify(key)).body.valid).toBe(true)
    expect((await s.request('DELETE', `/api/manage/dapp/${p.id}/api-key/${id}`, { token: owner.accessToken })).status).toBe(200)
    expect((await verify(key)).body).toEqual({ valid: false, code: 'NOT_FOUND' })
  })

  it('answers EXPIRED once a key passes the expiry its owner set, and shows a new name at once', async () => {
    const p = await newProject(s, owner.accessToken)
    const [id, key] = only(p.apiKey)
    await verify(key)
    await patch(p.id, id, { name: 'Mobile', expiresAt: new Date(now + HOUR).toISOString() })
    expect((await verify(key)).body).toMatchObject({ valid: true, name: 'Mobile' })
    now += HOUR
    expect((await verify(key)).body).toEqual({ valid: false, code: 'EXPIRED' })
  })

  it('sets lastUsedAt on the first verification at once, then writes it at most once a minute', async () => {
    const p = await newProject(s, owner.accessToken)
    const [id, key] = only(p.apiKey)
    const first = now
    await verify(key)
    expect((await keyEntry(p.id, id)).lastUsedAt).toBe(new Date(first).toISOString())
    now += 30_000
    await verify(key)
    expect((await keyEntry(p.id, id)).lastUsedAt).toBe(new Date(first).toISOString())
    now += 31_000
    await verify(key)
    // The write happens off the request's path: wait for it to land.
    const expected = new Date(now).toISOString()
    for (let i = 0; i < 200 && (await keyEntry(p.id, id)).lastUsedAt !== expected; i++) await new Promise((r) => setTimeout(r, 10))
    expect((await keyEntry(p.id, id)).lastUsedAt).toBe(expected)
  })

  it.each([
    ['no Authorization header', {}],
    ['a wrong service token', { Authorization: 'Bearer not-the-service-token' }],
    ['an access token of a user', null],
    ['another scheme', { Authorization: `Basic ${SERVICE_TOKEN}` }],
  ])('refuses %s with 401', async (_, headers) => {
    const p = await newProject(s, owner.accessToken)
    const res = await s.request('POST', '/api/keys/verify', {
      headers: headers ?? { Authorization: `Bearer ${owner.accessToken}` },
      body: { key: only(p.apiKey)[1] },
    })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ message: SERVICE_TOKEN_REQUIRED, code: 'SERVICE_TOKEN_REQUIRED' })
    expect(res.headers.get('www-authenticate')).toBe('Bearer')
  })

  it.each([
    ['a missing key', '{}', 'Key is required.'],
    ['a key that is not text', '{"key":["fxk_"]}', 'Key must be text.'],
    ['a key over 200 characters', JSON.stringify({ key: 'k'.repeat(201) }), 'Key must be at most 200 characters.'],
    ['a body that is not JSON', '{"key":', 'The request body is not valid JSON.'],
    ['a body that is not an object', '"fxk_x"', 'The request body must be a JSON object.'],
  ])('refuses %s with 400', async (_, raw, message) => {
    const res = await s.request('POST', '/api/keys/verify', { headers: { Authorization: `Bearer ${SERVICE_TOKEN}` }, raw })
    expect(res).toMatchObject({ status: 400, body: { message } })
  })

  it('answers 503 with a message that says so when SERVICE_TOKEN is not set', async () => {
    const bare = await createTestServer()
    try {
      const res = await bare.request('POST', '/api/keys/verify', { headers: { Authorization: 'Bearer anything-at-all-here' }, body: { key: 'fxk_x' } })
      expect(res).toMatchObject({ status: 503, body: { message: VERIFY_NOT_CONFIGURED } })
      expect(VERIFY_NOT_CONFIGURED).toContain('SERVICE_TOKEN')
    } finally {
      await bare.close()
    }
  })
})

describe.runIf(usePostgres)('two instances on one PostgreSQL', () => {
  /**
   * A second instance on the same database, and a new key it has verified
   * (so its cache holds the key): `verifyOnOther()` asks that instance again.
   */
  async function keyKnownToOther(test: (p: { projectId: string; keyId: string; verifyOnOther: () => Promise<TestResponse> }) => Promise<void>) {
    const other = await createTestServer({ storage: s.storage, config: { serviceToken: SERVICE_TOKEN } })
    try {
      const p = await newProject(s, owner.accessToken)
      const [keyId, key] = only(p.apiKey)
      const verifyOnOther = () => other.request('POST', '/api/keys/verify', { headers: { Authorization: `Bearer ${SERVICE_TOKEN}` }, body: { key } })
      // Let the second instance's LISTEN connect, then warm its cache.
      await within(5000, async () => (await verifyOnOther()).body.valid === true)
      await test({ projectId: p.id, keyId, verifyOnOther })
    } finally {
      await other.close()
    }
  }

  it('a key deleted on one instance is refused by the other as soon as it hears of it, though it had just verified it', async () => {
    await keyKnownToOther(async ({ projectId, keyId, verifyOnOther }) => {
      expect((await verifyOnOther()).body.valid).toBe(true)
      expect((await s.request('DELETE', `/api/manage/dapp/${projectId}/api-key/${keyId}`, { token: owner.accessToken })).status).toBe(200)
      await within(HEARD_MS, async () => (await verifyOnOther()).body.code === 'NOT_FOUND')
    })
  })

  it('a key rolled out on one instance is EXPIRED on the other as soon as it hears of it', async () => {
    await keyKnownToOther(async ({ projectId, keyId, verifyOnOther }) => {
      expect((await roll(projectId, keyId, { graceSeconds: 0 })).status).toBe(201)
      await within(HEARD_MS, async () => (await verifyOnOther()).body.code === 'EXPIRED')
    })
  })
})
