/**
 * A project's members: the list, role changes, removal and leaving, the
 * owner's transfer (refused to a member at PROJECT_LIMIT), access that ends
 * at once on every instance, the red team's IDOR cases across roles, and
 * account deletion's hand-over (which PROJECT_LIMIT does not stop).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import type { Database } from '../../server/db/index'
import { createTestServer, newProject, signUp, type SignedUp, type TestServer } from './harness'
import { addMember } from './teams'
import { HEARD_MS } from './within'

let s: TestServer
let other: TestServer
let owner: SignedUp
let admin: SignedUp
let dev: SignedUp
let viewer: SignedUp
let project: Awaited<ReturnType<typeof newProject>>
const ids = {} as Record<'admin' | 'dev' | 'viewer', string>

/** PROJECT_LIMIT of 2: a transfer to a member who owns 2 is refused (each test's users own none but the owner's one). */
const config = { webhooks: { allowPrivateNetworks: true }, projectLimit: 2 }

beforeEach(async () => {
  s = await createTestServer({ config })
  other = await createTestServer({ storage: s.storage, config })
  owner = await signUp(s, { name: 'Olga Owner' })
  admin = await signUp(s, { name: 'Ada Admin' })
  dev = await signUp(s, { name: 'Dev Eloper' })
  viewer = await signUp(s, { name: 'Vi Ewer' })
  project = await newProject(s, owner.accessToken)
  ids.admin = await addMember(s, project.id, admin, 'admin')
  ids.dev = await addMember(s, project.id, dev, 'developer')
  ids.viewer = await addMember(s, project.id, viewer, 'viewer')
})
afterEach(async () => {
  await other.close()
  await s.close()
})

const call = (server: TestServer, method: string, path: string, who: SignedUp, body?: unknown) =>
  server.request(method, `/api/manage/dapp/${project.id}${path}`, { token: who.accessToken, body })

describe('the members list', () => {
  it('lists the owner first, then the members, to any member', async () => {
    const res = await call(s, 'GET', '/members', viewer)
    expect(res.status).toBe(200)
    expect(res.body.map((m: { role: string; name: string }) => [m.role, m.name])).toEqual([
      ['owner', 'Olga Owner'],
      ['admin', 'Ada Admin'],
      ['developer', 'Dev Eloper'],
      ['viewer', 'Vi Ewer'],
    ])
    expect(res.body[1]).toMatchObject({ id: ids.admin, userId: admin.user.id, email: admin.email, status: 'active' })
    expect(res.body[1].joinedAt).toEqual(expect.any(String))
  })

  it('shows each member the project in their list with their role, and hides it from everyone else', async () => {
    const lists = await Promise.all([owner, admin, viewer].map(async (u) => (await s.request('GET', '/api/manage/dapp/owner', { token: u.accessToken })).body))
    expect(lists.map((l) => l.map((p: { id: string; role: string }) => [p.id, p.role]))).toEqual([
      [[project.id, 'owner']],
      [[project.id, 'admin']],
      [[project.id, 'viewer']],
    ])
    const stranger = await signUp(s)
    expect((await s.request('GET', '/api/manage/dapp/owner', { token: stranger.accessToken })).body).toEqual([])
  })
})

describe('roles and removal', () => {
  it('lets an admin change a role, which applies to the next call', async () => {
    expect((await call(s, 'POST', '/api-key', viewer)).status).toBe(403)
    const res = await call(s, 'PATCH', `/members/${ids.viewer}`, admin, { role: 'developer' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: ids.viewer, role: 'developer' })
    expect((await call(s, 'POST', '/api-key', viewer)).status).toBe(201)
  })

  it('refuses a role change or removal from a developer, and any change of the owner', async () => {
    expect((await call(s, 'PATCH', `/members/${ids.viewer}`, dev, { role: 'admin' })).status).toBe(403)
    expect((await call(s, 'DELETE', `/members/${ids.viewer}`, dev)).status).toBe(403)
    const owned = await call(s, 'DELETE', `/members/${owner.user.id}`, admin)
    expect(owned.status).toBe(403)
    expect(owned.body.message).toMatch(/transfer ownership first/)
    expect((await call(s, 'PATCH', `/members/${owner.user.id}`, admin, { role: 'viewer' })).status).toBe(403)
    expect((await call(s, 'PATCH', `/members/${ids.viewer}`, admin, { role: 'owner' })).status).toBe(400)
  })

  it('lets any member leave, but not the owner', async () => {
    expect((await call(s, 'DELETE', `/members/${ids.viewer}`, viewer)).status).toBe(200)
    expect((await call(s, 'GET', '', viewer)).status).toBe(404)
    const stay = await call(s, 'DELETE', `/members/${owner.user.id}`, owner)
    expect(stay.status).toBe(403)
  })

  it('answers the member with the new role even when they leave the moment the change has committed', async () => {
    // The app's database, with the member leaving as soon as a transaction that changed their role has committed.
    let left = false
    const db: Database = {
      ...s.db,
      async transaction(work) {
        const done = await s.db.transaction(work)
        const [row] = await s.db.query<{ role: string }>('SELECT role FROM project_members WHERE id = $1', [ids.viewer])
        if (!left && row?.role === 'developer') left = (await call(s, 'DELETE', `/members/${ids.viewer}`, viewer)).status === 200
        return done
      },
    }
    const app = createApp({ db, log: () => undefined })
    try {
      const res = await app.request(`/api/manage/dapp/${project.id}/members/${ids.viewer}`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${admin.accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ role: 'developer' }),
      })
      expect(left).toBe(true)
      expect([res.status, await res.text()]).toEqual([200, expect.stringContaining(`"role":"developer"`)])
    } finally {
      await app.close()
    }
  })

  it("ends a removed member's access on the other instance as soon as it hears of it, and a role change too", async () => {
    // Both instances have answered the member (and kept their project lists).
    for (const server of [s, other]) {
      expect((await call(server, 'GET', '', dev)).status).toBe(200)
      expect((await server.request('GET', '/api/manage/dapp/owner', { token: dev.accessToken })).body).toHaveLength(1)
    }
    expect((await call(s, 'PATCH', `/members/${ids.dev}`, admin, { role: 'viewer' })).status).toBe(200)
    await expect.poll(async () => (await call(other, 'POST', '/api-key', dev)).status, { timeout: HEARD_MS, interval: 10 }).toBe(403)
    await expect
      .poll(async () => (await other.request('GET', '/api/manage/dapp/owner', { token: dev.accessToken })).body[0]?.role, { timeout: HEARD_MS, interval: 10 })
      .toBe('viewer')

    expect((await call(s, 'DELETE', `/members/${ids.dev}`, admin)).status).toBe(200)
    await expect.poll(async () => (await call(other, 'GET', '', dev)).status, { timeout: HEARD_MS, interval: 10 }).toBe(404)
    await expect
      .poll(async () => (await other.request('GET', '/api/manage/dapp/owner', { token: dev.accessToken })).body, { timeout: HEARD_MS, interval: 10 })
      .toEqual([])
  })
})

describe("the red team's IDOR cases, across roles", () => {
  /** Every change a caller might try on the project; none may land. */
  async function tryEverything(who: SignedUp) {
    const [keyId] = Object.keys(project.apiKey)
    return [
      await call(s, 'PATCH', '', who, { name: 'Hijacked' }),
      await call(s, 'DELETE', '', who),
      await call(s, 'POST', '/api-key', who),
      await call(s, 'PATCH', `/api-key/${keyId}`, who, { name: 'Hijacked' }),
      await call(s, 'POST', `/api-key/${keyId}/roll`, who, { graceSeconds: 0 }),
      await call(s, 'DELETE', `/api-key/${keyId}`, who),
      await call(s, 'POST', '/webhooks', who, { url: 'http://127.0.0.1:9/steal' }),
      await call(s, 'POST', '/webhooks/secret/roll', who, { graceSeconds: 0 }),
      await call(s, 'POST', '/members', who, { email: 'friend@example.com', role: 'admin' }),
      await call(s, 'PATCH', `/members/${ids.admin}`, who, { role: 'viewer' }),
      await call(s, 'DELETE', `/members/${ids.admin}`, who),
      await call(s, 'POST', '/owner', who, { memberId: ids.viewer, password: who.password }),
    ]
  }
  async function unchanged(roles = ['owner', 'admin', 'developer', 'viewer']) {
    const p = await call(s, 'GET', '', owner)
    expect(p.body.name).toBe(project.name)
    expect(p.body.keys.map((k: { id: string; name: string; rolledAt: string | null }) => [k.id, k.name, k.rolledAt])).toEqual(
      Object.keys(project.apiKey).map((id) => [id, 'Default key', null]),
    )
    expect((await call(s, 'GET', '/webhooks', owner)).body.endpoints).toEqual([])
    expect((await call(s, 'GET', '/members', owner)).body.map((m: { role: string }) => m.role)).toEqual(roles)
  }

  it('a viewer changes nothing (403 each time)', async () => {
    const answers = await tryEverything(viewer)
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 403))
    await unchanged()
  })

  it('a removed member changes nothing and learns nothing (404 each time)', async () => {
    expect((await call(s, 'DELETE', `/members/${ids.viewer}`, admin)).status).toBe(200)
    const answers = await tryEverything(viewer)
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 404))
    expect(new Set(answers.map((a) => a.body.message))).toEqual(new Set(['Project not found.']))
    expect((await call(s, 'GET', '/members', viewer)).status).toBe(404)
    await unchanged(['owner', 'admin', 'developer'])
  })

  it("cannot reach another project's members through this one's ids", async () => {
    const theirs = await newProject(s, dev.accessToken, { name: 'Theirs' })
    const outsider = await signUp(s)
    const theirMember = await addMember(s, theirs.id, outsider, 'viewer')
    // An admin here names the other project's member under this project: no such member.
    expect((await call(s, 'DELETE', `/members/${theirMember}`, admin)).status).toBe(404)
    expect((await call(s, 'PATCH', `/members/${theirMember}`, admin, { role: 'admin' })).status).toBe(404)
    expect((await s.request('GET', `/api/manage/dapp/${theirs.id}/members`, { token: admin.accessToken })).status).toBe(404)
  })
})

describe('ownership', () => {
  it('passes to a member with the owner’s password; the owner becomes an admin', async () => {
    const wrong = await call(s, 'POST', '/owner', owner, { memberId: ids.dev, password: 'not the password' })
    expect(wrong.status).toBe(403)
    const res = await call(s, 'POST', '/owner', owner, { memberId: ids.dev, password: owner.password })
    expect(res.status).toBe(200)
    const roles = Object.fromEntries(res.body.map((m: { userId: string; role: string }) => [m.userId, m.role]))
    expect(roles).toMatchObject({ [dev.user.id]: 'owner', [owner.user.id]: 'admin' })
    expect(res.body[0].userId).toBe(dev.user.id)
    expect((await call(s, 'DELETE', '', owner)).status).toBe(403)
    expect((await call(s, 'POST', '/owner', admin, { memberId: ids.viewer, password: admin.password })).status).toBe(403)
  })

  it('is refused (409) to a member who already owns PROJECT_LIMIT projects, and stays with the owner; one below it takes it', async () => {
    await newProject(s, dev.accessToken, { name: 'Dev one' })
    await newProject(s, dev.accessToken, { name: 'Dev two' })
    const full = await call(s, 'POST', '/owner', owner, { memberId: ids.dev, password: owner.password })
    expect(full.status).toBe(409)
    expect(full.body).toEqual({
      code: 'RECIPIENT_PROJECT_LIMIT',
      message: 'This member already owns 2 projects, the most an account can have: they must delete or transfer one first.',
    })
    // Nothing moved: the owner still owns it, the member is still a developer who owns their 2, and no transfer is logged.
    expect((await call(s, 'GET', '/members', owner)).body.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([
      [owner.user.id, 'owner'],
      [admin.user.id, 'admin'],
      [dev.user.id, 'developer'],
      [viewer.user.id, 'viewer'],
    ])
    const owned = async (who: SignedUp) => (await s.db.query('SELECT id FROM projects WHERE owner_id = $1', [who.user.id])).length
    expect(await owned(dev)).toBe(2)
    const audit = await call(s, 'GET', '/audit', owner)
    expect(audit.body.entries.map((e: { action: string }) => e.action)).not.toContain('ownership.transferred')
    // A member who owns 1 may take it, and then owns 2, the limit.
    await newProject(s, viewer.accessToken, { name: 'Viewer one' })
    const res = await call(s, 'POST', '/owner', owner, { memberId: ids.viewer, password: owner.password })
    expect(res.status).toBe(200)
    expect(res.body[0].userId).toBe(viewer.user.id)
    expect(await owned(viewer)).toBe(2)
    expect(await owned(owner)).toBe(0)
  })

  it('goes to the longest-standing admin when the owner deletes their account, and the preview says so', async () => {
    const later = await signUp(s, { name: 'Later Admin' })
    await addMember(s, project.id, later, 'admin')
    const lonely = await newProject(s, owner.accessToken, { name: 'Lonely' })
    const preview = await s.request('GET', '/api/me/deletion', { token: owner.accessToken })
    expect(preview.body).toEqual({
      handedOver: [{ projectId: project.id, name: project.name, to: { id: admin.user.id, name: 'Ada Admin' } }],
      deleted: [{ projectId: lonely.id, name: 'Lonely' }],
      left: [],
    })
    // The profile counts what would go: the project no admin takes over, and its key.
    const [{ n: keysOfTheHandedOver }] = await s.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM api_keys WHERE project_id = $1', [project.id])
    expect(keysOfTheHandedOver).toBeGreaterThan(0)
    expect((await s.request('GET', '/api/me', { token: owner.accessToken })).body).toMatchObject({ projects: 1, keys: 1 })
    const res = await s.request('DELETE', '/api/me', { token: owner.accessToken, body: { password: owner.password } })
    expect(res.status).toBe(204)
    const p = await call(s, 'GET', '', admin)
    expect(p.status).toBe(200)
    expect(p.body.role).toBe('owner')
    expect((await call(s, 'GET', '/members', admin)).body.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([
      ['Ada Admin', 'owner'],
      ['Dev Eloper', 'developer'],
      ['Vi Ewer', 'viewer'],
      ['Later Admin', 'admin'],
    ])
    expect((await s.request('GET', `/api/manage/dapp/${lonely.id}`, { token: admin.accessToken })).status).toBe(404)
    expect(await s.db.query('SELECT 1 FROM projects WHERE id = $1', [lonely.id])).toEqual([])
    // The audit log names the new owner by address, as a transfer by hand does.
    const audit = await s.request('GET', `/api/manage/dapp/${project.id}/audit`, { token: admin.accessToken })
    const handed = audit.body.entries.find((e: { action: string }) => e.action === 'ownership.transferred')
    expect([handed.target, handed.details]).toEqual([admin.user.id, { email: admin.email, reason: 'account deleted' }])
  })

  it('goes to the longest-standing admin when the owner deletes their account, even one who already owns PROJECT_LIMIT projects', async () => {
    // Refused, the project would be deleted with the account: the admin owns one more than the limit instead.
    await newProject(s, admin.accessToken, { name: 'Admin one' })
    await newProject(s, admin.accessToken, { name: 'Admin two' })
    expect((await s.request('DELETE', '/api/me', { token: owner.accessToken, body: { password: owner.password } })).status).toBe(204)
    expect((await call(s, 'GET', '', admin)).body.role).toBe('owner')
    expect(await s.db.query('SELECT id FROM projects WHERE owner_id = $1', [admin.user.id])).toHaveLength(3)
  })

  it('is deleted with its keys when the owner leaves no admin; a deleted member leaves their projects', async () => {
    expect((await s.request('DELETE', '/api/me', { token: viewer.accessToken, body: { password: viewer.password } })).status).toBe(204)
    expect((await call(s, 'GET', '/members', owner)).body.map((m: { role: string }) => m.role)).toEqual(['owner', 'admin', 'developer'])
    await s.db.query('DELETE FROM project_members WHERE role = $1', ['admin'])
    expect((await s.request('DELETE', '/api/me', { token: owner.accessToken, body: { password: owner.password } })).status).toBe(204)
    expect(await s.db.query('SELECT 1 FROM api_keys WHERE project_id = $1', [project.id])).toEqual([])
    expect((await call(s, 'GET', '', dev)).status).toBe(404)
  })
})
