/**
 * Every /manage route, for every role: a non-member gets 404, a member whose
 * role falls short 403 naming the role it needs, the others a success. The
 * table below must name every route the app registers under /manage, so a
 * route added later without an entry (and so without a decision about who
 * may call it) fails here.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { servedPath } from '../../server/openapi/contract-app'
import { startInbox, type Inbox } from '../support/smtp'
import { createTestServer, newProject, signUp, uniqueEmail, type SignedUp, type TestServer } from './harness'
import { addMember, verifyEmail } from './teams'
import { CATALOG } from './scope-catalog'

const SERVICE_TOKEN = 'a-long-random-service-token-for-the-walk'
type Caller = 'owner' | 'admin' | 'developer' | 'viewer' | 'outsider'
const CALLERS: Caller[] = ['owner', 'admin', 'developer', 'viewer', 'outsider']
const RANK = { viewer: 0, developer: 1, admin: 2, owner: 3 } as const
type Least = keyof typeof RANK

interface Fixture {
  id: string
  keyIds: string[]
  endpointIds: string[]
  messageId: string
  memberIds: string[]
  invitationIds: string[]
}

/** The least role each project route allows, and the body a successful call sends. Terminal calls get a project of their own. */
const TABLE: Record<string, { least: Least; body?: (f: Fixture) => unknown; own?: boolean }> = {
  'GET /manage/dapp/{id}': { least: 'viewer' },
  'GET /manage/dapp/{id}/usage': { least: 'viewer' },
  'GET /manage/dapp/{id}/logs': { least: 'viewer' },
  'GET /manage/dapp/{id}/logs/summary': { least: 'viewer' },
  'GET /manage/dapp/{id}/scopes': { least: 'viewer' },
  'GET /manage/dapp/{id}/webhooks': { least: 'viewer' },
  'GET /manage/dapp/{id}/webhooks/{endpointId}/attempts': { least: 'viewer' },
  'GET /manage/dapp/{id}/members': { least: 'viewer' },
  'GET /manage/dapp/{id}/audit': { least: 'admin' },
  'PATCH /manage/dapp/{id}': { least: 'admin', body: () => ({ name: 'Renamed' }) },
  'POST /manage/dapp/{id}/api-key': { least: 'developer', body: () => ({ name: 'Walk key' }) },
  'PATCH /manage/dapp/{id}/api-key/{keyId}': { least: 'developer', body: () => ({ name: 'Walked' }) },
  'POST /manage/dapp/{id}/api-key/{keyId}/roll': { least: 'developer', body: () => ({ graceSeconds: 0 }), own: true },
  'DELETE /manage/dapp/{id}/api-key/{keyId}': { least: 'developer', own: true },
  'POST /manage/dapp/{id}/webhooks': { least: 'developer', body: () => ({ url: 'http://127.0.0.1:9/walk' }) },
  'PATCH /manage/dapp/{id}/webhooks/{endpointId}': { least: 'developer', body: () => ({ description: 'walked' }) },
  'POST /manage/dapp/{id}/webhooks/{endpointId}/test': { least: 'developer' },
  'POST /manage/dapp/{id}/webhooks/{endpointId}/messages/{messageId}/resend': { least: 'developer' },
  'DELETE /manage/dapp/{id}/webhooks/{endpointId}': { least: 'admin', own: true },
  'POST /manage/dapp/{id}/webhooks/secret/roll': { least: 'admin', body: () => ({ graceSeconds: 0 }) },
  'POST /manage/dapp/{id}/members': { least: 'admin', body: () => ({ email: uniqueEmail('walk'), role: 'viewer' }) },
  'PATCH /manage/dapp/{id}/members/{memberId}': { least: 'admin', body: () => ({ role: 'developer' }) },
  'DELETE /manage/dapp/{id}/members/{memberId}': { least: 'admin', own: true },
  'GET /manage/dapp/{id}/members/{memberId}/removal': { least: 'admin' },
  'POST /manage/dapp/{id}/members/{memberId}/resend': { least: 'admin' },
  'POST /manage/dapp/{id}/owner': { least: 'owner', body: (f) => ({ memberId: f.memberIds[0], password: 'correct horse battery' }), own: true },
  'DELETE /manage/dapp/{id}': { least: 'owner', own: true },
}
/** The /manage routes that are no project's: every signed-in user may call them. */
const ANYONE = ['GET /manage/dapp/owner', 'POST /manage/dapp']

let inbox: Inbox
let s: TestServer
const users = {} as Record<Caller, SignedUp>

beforeAll(async () => {
  inbox = await startInbox()
})
afterAll(async () => {
  await inbox.close()
})
beforeEach(async () => {
  s = await createTestServer({
    // The owner makes a project of its own for each terminal call: beyond a user's fair share of a minute.
    config: { serviceToken: SERVICE_TOKEN, webhooks: { allowPrivateNetworks: true }, mail: { smtpUrl: inbox.url }, rateLimit: { perUser: 100_000 } },
  })
  for (const caller of CALLERS) users[caller] = await signUp(s, { name: caller })
  await verifyEmail(s, users.owner)
})
afterEach(async () => {
  await s?.close()
})

/** A project of the owner's with every caller's role, keys, endpoints, a message, a bystander member and an invitation. */
async function fixture(): Promise<Fixture> {
  const owner = users.owner.accessToken
  const p = await newProject(s, owner)
  for (const role of ['admin', 'developer', 'viewer'] as const) await addMember(s, p.id, users[role], role)
  const bystander = await signUp(s, { name: 'bystander' })
  const memberIds = [await addMember(s, p.id, bystander, 'viewer')]
  const key = await s.request('POST', `/api/manage/dapp/${p.id}/api-key`, { token: owner })
  const endpoint = await s.request('POST', `/api/manage/dapp/${p.id}/webhooks`, { token: owner, body: { url: 'http://127.0.0.1:9/hook' } })
  const message = await s.request('POST', `/api/manage/dapp/${p.id}/webhooks/${endpoint.body.id}/test`, { token: owner })
  const invited = await s.request('POST', `/api/manage/dapp/${p.id}/members`, { token: owner, body: { email: uniqueEmail('pending'), role: 'viewer' } })
  expect([key.status, endpoint.status, message.status, invited.status]).toEqual([201, 201, 202, 201])
  return {
    id: p.id,
    keyIds: [...Object.keys(p.apiKey), ...Object.keys(key.body)],
    endpointIds: [endpoint.body.id],
    messageId: message.body.id,
    memberIds,
    invitationIds: [invited.body.id],
  }
}

function path(route: string, f: Fixture): string {
  const [, template] = route.split(' ')
  // A member to change is the bystander; a member to remove or resend to is the pending invitation.
  const memberId = route.startsWith('PATCH') ? f.memberIds[0] : f.invitationIds[0]
  return template
    .replace('{id}', f.id)
    .replace('{keyId}', f.keyIds[1])
    .replace('{endpointId}', f.endpointIds[0])
    .replace('{messageId}', f.messageId)
    .replace('{memberId}', memberId)
}

const registered = () =>
  [
    ...new Set(
      s.app.routes
        .map((r) => ({ method: r.method, path: servedPath(r) }))
        .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/manage'))
        .map((r) => `${r.method} ${r.path.slice(4).replace(/:(\w+)/g, '{$1}')}`),
    ),
  ].sort()

describe('the authorization walk', () => {
  it('names every /manage route the app registers: a new route must say who may call it', () => {
    expect(registered()).toEqual([...Object.keys(TABLE), ...ANYONE].sort())
  })

  it.each(CALLERS)('answers the %s of a project by the role table, every route', async (caller) => {
    const shared = await fixture()
    const token = users[caller].accessToken
    const seen: Record<string, number> = {}
    for (const [route, { least, body, own }] of Object.entries(TABLE)) {
      const f = own ? await fixture() : shared
      const res = await s.request(route.split(' ')[0], `/api${path(route, f)}`, { token, body: body?.(f) })
      seen[route] = res.status
      if (caller === 'outsider') {
        expect(res.status, route).toBe(404)
        expect(res.body.message, route).toBe('Project not found.')
      } else if (RANK[caller] < RANK[least]) {
        expect(res.status, route).toBe(403)
        expect(res.body.message, route).toMatch(least === 'owner' ? /owner/ : new RegExp(least))
      } else {
        expect(res.status, `${route}: ${res.text}`).toBeGreaterThanOrEqual(200)
        expect(res.status, `${route}: ${res.text}`).toBeLessThan(300)
      }
    }
    for (const route of ANYONE) {
      const res = await s.request(route.split(' ')[0], `/api${route.split(' ')[1]}`, { token, body: route.startsWith('POST') ? { name: 'Own' } : undefined })
      expect(res.status, route).toBeLessThan(300)
    }
    expect(Object.keys(seen)).toHaveLength(Object.keys(TABLE).length)
  })

  it('names the roles in the API reference of every project route, and the 403 of those not every member may call', async () => {
    const doc = (await s.request('GET', '/api/openapi.json')).body
    for (const [route, { least }] of Object.entries(TABLE)) {
      const [method, template] = route.split(' ')
      const op = doc.paths[template][method.toLowerCase()]
      const allowed = (Object.keys(RANK) as Least[]).filter((r) => RANK[r] >= RANK[least]).reverse()
      expect(op.description, route).toMatch(new RegExp(`^Roles: ${allowed.join(', ')}[.;]`))
      if (least !== 'viewer') expect(Object.keys(op.responses), route).toContain('403')
    }
  })

  it('shows a viewer the keys masked and never a secret', async () => {
    const f = await fixture()
    const token = users.viewer.accessToken
    const project = await s.request('GET', `/api/manage/dapp/${f.id}`, { token })
    expect(project.status).toBe(200)
    expect(project.body.role).toBe('viewer')
    for (const masked of Object.values(project.body.apiKey as Record<string, string>)) expect(masked).toMatch(/…|\*/)
    const roll = await s.request('POST', `/api/manage/dapp/${f.id}/webhooks/secret/roll`, { token, body: { graceSeconds: 0 } })
    expect(roll.status).toBe(403)
    expect(roll.text).not.toMatch(/whsec_/)
    const key = await s.request('POST', `/api/manage/dapp/${f.id}/api-key`, { token })
    expect(key.status).toBe(403)
    expect(key.text).not.toMatch(/fxk_/)
  })
})

/**
 * With a scope catalog, who may make broad keys: a developer may make test
 * keys and read-only live keys; a live key with a write scope or every scope
 * (made, edited into one, or rolled) needs an admin or the owner.
 */
const BROAD: Array<{ what: string; least: Least; call: (f: { id: string; readOnly: string; broad: string }) => [string, string, unknown] }> = [
  { what: 'a test key with every scope', least: 'developer', call: (f) => ['POST', `/api/manage/dapp/${f.id}/api-key`, { mode: 'test' }] },
  { what: 'a read-only live key', least: 'developer', call: (f) => ['POST', `/api/manage/dapp/${f.id}/api-key`, { scopes: ['invoices:read'] }] },
  { what: 'a live key with a write scope', least: 'admin', call: (f) => ['POST', `/api/manage/dapp/${f.id}/api-key`, { scopes: ['invoices:write'] }] },
  { what: 'a live key with every scope (no body)', least: 'admin', call: (f) => ['POST', `/api/manage/dapp/${f.id}/api-key`, undefined] },
  {
    what: 'an allowlist on a read-only key',
    least: 'developer',
    call: (f) => ['PATCH', `/api/manage/dapp/${f.id}/api-key/${f.readOnly}`, { allowedIps: ['127.0.0.1'] }],
  },
  {
    what: 'a write scope on a live key',
    least: 'admin',
    call: (f) => ['PATCH', `/api/manage/dapp/${f.id}/api-key/${f.readOnly}`, { scopes: ['invoices:write'] }],
  },
  { what: 'a new name for a broad key', least: 'developer', call: (f) => ['PATCH', `/api/manage/dapp/${f.id}/api-key/${f.broad}`, { name: 'Renamed' }] },
  { what: 'a roll of a broad key', least: 'admin', call: (f) => ['POST', `/api/manage/dapp/${f.id}/api-key/${f.broad}/roll`, { graceSeconds: 0 }] },
  { what: 'a roll of a read-only key', least: 'developer', call: (f) => ['POST', `/api/manage/dapp/${f.id}/api-key/${f.readOnly}/roll`, { graceSeconds: 0 }] },
]

describe('the authorization walk of broad keys, with a scope catalog', () => {
  it.each(['owner', 'admin', 'developer', 'viewer'] as const)('answers the %s by the rule, each kind of key', async (caller) => {
    const withCatalog = await createTestServer({
      storage: s.storage,
      config: { serviceToken: SERVICE_TOKEN, keyScopes: CATALOG, rateLimit: { perUser: 100_000 } },
    })
    try {
      for (const { what, least, call } of BROAD) {
        const f = await fixture()
        const owner = users.owner.accessToken
        const readOnly = await withCatalog.request('POST', `/api/manage/dapp/${f.id}/api-key`, { token: owner, body: { scopes: ['invoices:read'] } })
        const [method, path, body] = call({ id: f.id, readOnly: Object.keys(readOnly.body)[0], broad: f.keyIds[1] })
        const res = await withCatalog.request(method, path, { token: users[caller].accessToken, body })
        if (RANK[caller] < RANK[least]) {
          expect(res.status, what).toBe(403)
          // A viewer meets the first wall: keys need a developer.
          expect(res.body.message, what).toMatch(caller === 'viewer' ? /developer/ : new RegExp(least))
          if (caller === 'developer') expect(res.body.code, what).toBe('BROAD_KEY_ROLE_NEEDED')
          expect(res.text, what).not.toMatch(/fxk_/)
        } else {
          expect(res.status, `${what}: ${res.text}`).toBeGreaterThanOrEqual(200)
          expect(res.status, `${what}: ${res.text}`).toBeLessThan(300)
        }
      }
    } finally {
      await withCatalog.close()
    }
  })
})
