import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PROJECT_NOT_FOUND } from '../../server/security/authorization'
import { createTestServer, newProject, signUp, type SignedUp, type TestResponse, type TestServer } from './harness'
import { HEARD_MS, within } from './within'

const SERVICE_TOKEN = 'a-long-random-service-token-for-tests'

let s: TestServer
let owner: SignedUp
beforeEach(async () => {
  s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN } })
  owner = await signUp(s)
})
afterEach(async () => {
  await s.close()
})

const patch = (id: string, body: unknown, token = owner.accessToken) => s.request('PATCH', `/api/manage/dapp/${id}`, { token, body })
const remove = (id: string, token = owner.accessToken) => s.request('DELETE', `/api/manage/dapp/${id}`, { token })
const get = (id: string, token = owner.accessToken) => s.request('GET', `/api/manage/dapp/${id}`, { token })
const verifyOn = (server: TestServer, key: string) =>
  server.request('POST', '/api/keys/verify', { headers: { Authorization: `Bearer ${SERVICE_TOKEN}` }, body: { key } })
const count = async (table: string, projectId: string) =>
  (await s.db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${table} WHERE ${table === 'projects' ? 'id' : 'project_id'} = $1`, [projectId]))[0].n

describe('PATCH /api/manage/dapp/{id}', () => {
  it('renames the project and changes its description, answering the project as GET does', async () => {
    const p = await newProject(s, owner.accessToken)
    const res = await patch(p.id, { name: ' Forecasts v2 ', description: 'Hourly forecasts' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: p.id, name: 'Forecasts v2', description: 'Hourly forecasts', status: 'ACTIVE', createDate: p.createDate })
    expect(res.body.keys).toHaveLength(1)
    expect(typeof res.body.keyLimit).toBe('number')
    expect((await get(p.id)).body).toEqual(res.body)
  })

  it('keeps what is left out, and clears the description when it is sent empty or null', async () => {
    const p = await newProject(s, owner.accessToken)
    expect((await patch(p.id, { name: 'Renamed' })).body).toMatchObject({ name: 'Renamed', description: 'Forecasts' })
    expect((await patch(p.id, { description: 'Kept name' })).body).toMatchObject({ name: 'Renamed', description: 'Kept name' })
    expect((await patch(p.id, { description: '' })).body).toMatchObject({ name: 'Renamed', description: '' })
    await patch(p.id, { description: 'again' })
    expect((await patch(p.id, { description: null })).body).toMatchObject({ description: '' })
    expect((await patch(p.id, {})).body).toMatchObject({ name: 'Renamed', description: '' })
  })

  it.each([
    ['an empty name', { name: '' }, 'Project name is required.'],
    ['a blank name', { name: '   ' }, 'Project name is required.'],
    ['a null name', { name: null }, 'Project name is required.'],
    ['a name over 120 characters', { name: 'n'.repeat(121) }, 'Project name must be at most 120 characters.'],
    ['a description that is not text', { description: 7 }, 'Project description must be text.'],
    ['a description over 2000 characters', { description: 'd'.repeat(2001) }, 'Project description must be at most 2000 characters.'],
    [
      'a description with an escape sequence',
      { description: '\u001b[2J' },
      'Project description must not contain control characters other than line breaks and tabs.',
    ],
    [
      'a description of nothing visible',
      { description: '\u200b' },
      'Project description must contain a visible character, not only spaces or invisible characters.',
    ],
  ])('refuses %s with 400 and changes nothing', async (_, body, message) => {
    const p = await newProject(s, owner.accessToken)
    expect(await patch(p.id, body)).toMatchObject({ status: 400, body: { message } })
    expect((await get(p.id)).body).toMatchObject({ name: 'Weather app', description: 'Forecasts' })
  })

  it('answers 404 to anyone but the owner, as for a project that does not exist, and changes nothing', async () => {
    const p = await newProject(s, owner.accessToken)
    const other = await signUp(s)
    const foreign = await patch(p.id, { name: 'Taken over' }, other.accessToken)
    const missing = await patch('prj_does_not_exist', { name: 'x' })
    expect(foreign).toMatchObject({ status: 404, body: { message: PROJECT_NOT_FOUND } })
    expect(missing).toMatchObject({ status: 404, body: { message: PROJECT_NOT_FOUND } })
    expect((await get(p.id)).body.name).toBe('Weather app')
  })

  it('needs an access token', async () => {
    const p = await newProject(s, owner.accessToken)
    expect((await s.request('PATCH', `/api/manage/dapp/${p.id}`, { body: { name: 'x' } })).status).toBe(401)
  })
})

describe('DELETE /api/manage/dapp/{id}', () => {
  it('answers 204 and deletes the project for good, with every key', async () => {
    const p = await newProject(s, owner.accessToken)
    await s.request('POST', `/api/manage/dapp/${p.id}/api-key`, { token: owner.accessToken })
    const res = await remove(p.id)
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    expect((await get(p.id)).status).toBe(404)
    expect((await s.request('GET', '/api/manage/dapp/owner', { token: owner.accessToken })).body).toEqual([])
    // Rows are gone, not marked: whatever references the project with ON DELETE CASCADE goes too.
    expect(await count('projects', p.id)).toBe(0)
    expect(await count('api_keys', p.id)).toBe(0)
    expect(await remove(p.id)).toMatchObject({ status: 404, body: { message: PROJECT_NOT_FOUND } })
  })

  it("refuses the project's keys at once, though this instance had just verified them", async () => {
    const p = await newProject(s, owner.accessToken)
    const [, key] = Object.entries(p.apiKey)[0]
    expect((await verifyOn(s, key)).body.valid).toBe(true)
    expect((await remove(p.id)).status).toBe(204)
    expect((await verifyOn(s, key)).body).toEqual({ valid: false, code: 'NOT_FOUND' })
  })

  it('answers 404 to anyone but the owner, and the project and its keys keep working', async () => {
    const p = await newProject(s, owner.accessToken)
    const [, key] = Object.entries(p.apiKey)[0]
    const other = await signUp(s)
    expect(await remove(p.id, other.accessToken)).toMatchObject({ status: 404, body: { message: PROJECT_NOT_FOUND } })
    expect(await remove('prj_does_not_exist')).toMatchObject({ status: 404, body: { message: PROJECT_NOT_FOUND } })
    expect((await get(p.id)).status).toBe(200)
    expect((await verifyOn(s, key)).body.valid).toBe(true)
  })

  it('leaves the owner’s other projects and their keys alone', async () => {
    const gone = await newProject(s, owner.accessToken)
    const kept = await newProject(s, owner.accessToken, { name: 'Kept' })
    expect((await remove(gone.id)).status).toBe(204)
    expect((await get(kept.id)).body.keys).toHaveLength(1)
    expect((await verifyOn(s, Object.values(kept.apiKey)[0])).body.valid).toBe(true)
  })

  it('needs an access token', async () => {
    const p = await newProject(s, owner.accessToken)
    expect((await s.request('DELETE', `/api/manage/dapp/${p.id}`)).status).toBe(401)
    expect((await get(p.id)).status).toBe(200)
  })
})

describe('two instances on one database', () => {
  /** A second instance whose cache holds the project's key (it has just verified it). */
  async function keyKnownToOther(test: (p: { projectId: string; verifyOnOther: () => Promise<TestResponse> }) => Promise<void>) {
    const other = await createTestServer({ storage: s.storage, config: { serviceToken: SERVICE_TOKEN } })
    try {
      const p = await newProject(s, owner.accessToken)
      const [, key] = Object.entries(p.apiKey)[0]
      const verifyOnOther = () => verifyOn(other, key)
      // Let the second instance's LISTEN connect, then warm its cache.
      await within(5000, async () => (await verifyOnOther()).body.valid === true)
      await test({ projectId: p.id, verifyOnOther })
    } finally {
      await other.close()
    }
  }

  it('a project deleted on one instance has its keys refused by the other as soon as it hears of it, though it had just verified them', async () => {
    await keyKnownToOther(async ({ projectId, verifyOnOther }) => {
      expect((await verifyOnOther()).body.valid).toBe(true)
      expect((await remove(projectId)).status).toBe(204)
      await within(HEARD_MS, async () => (await verifyOnOther()).body.code === 'NOT_FOUND')
    })
  })
})
