/**
 * The audit log: an entry for each change the issue lists, by whom, newest
 * first, paged, never holding a key, secret, code or payload; as CSV that a
 * spreadsheet cannot run; kept AUDIT_RETENTION_DAYS.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { csvCell } from '../../server/resources/audit/csv'
import { startInbox, type Inbox } from '../support/smtp'
import { createTestServer, deviceToken, newProject, signUp, uniqueEmail, type SignedUp, type TestServer } from './harness'
import { addMember, mailedCode, verifyEmail } from './teams'

let inbox: Inbox
let s: TestServer
let now = Date.now()
let owner: SignedUp

beforeAll(async () => {
  inbox = await startInbox()
})
afterAll(async () => {
  await inbox.close()
})
afterEach(async () => {
  await s?.close()
})

async function server() {
  now = Date.now()
  s = await createTestServer({
    clock: () => now,
    config: { webhooks: { allowPrivateNetworks: true }, mail: { smtpUrl: inbox.url }, rateLimit: { perUser: 100_000 } },
  })
  owner = await signUp(s, { name: 'Olga Owner' })
  await verifyEmail(s, owner)
}

/** A new session for `who`, as of the app's clock now (sessions expire on it). */
async function logInAgain(who: SignedUp) {
  const res = await s.request('POST', '/api/auth/authenticate', { token: await deviceToken(s), body: { email: who.email, password: who.password } })
  expect(res.status).toBe(200)
  who.accessToken = res.body.accessToken
}

const auditOf = async (projectId: string, who: SignedUp, query = '') =>
  s.request('GET', `/api/manage/dapp/${projectId}/audit${query}`, { token: who.accessToken })

describe('the audit log', () => {
  it('records every listed action, newest first, with its actor, and never a secret', async () => {
    await server()
    const secrets: string[] = []
    const p = await newProject(s, owner.accessToken, { name: 'Weather app' })
    secrets.push(p.webhookSecret, ...Object.values(p.apiKey))
    const base = `/api/manage/dapp/${p.id}`
    const go = async (method: string, path: string, body?: unknown, who = owner) => {
      const res = await s.request(method, `${base}${path}`, { token: who.accessToken, body })
      expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300)
      return res.body
    }
    await go('PATCH', '', { name: 'Weather API' })
    const key = await go('POST', '/api-key', { name: 'CI' })
    const [keyId] = Object.keys(key)
    secrets.push(...Object.values(key as Record<string, string>))
    await go('PATCH', `/api-key/${keyId}`, { name: 'CI runner' })
    const rolled = await go('POST', `/api-key/${keyId}/roll`, { graceSeconds: 0 })
    secrets.push(...Object.values(rolled as Record<string, string>))
    await go('DELETE', `/api-key/${Object.keys(rolled)[0]}`)
    const endpoint = await go('POST', '/webhooks', { url: 'http://127.0.0.1:9/hook?token=hunter2' })
    await go('PATCH', `/webhooks/${endpoint.id}`, { description: 'Orders' })
    await go('POST', `/webhooks/${endpoint.id}/test`)
    await go('PATCH', `/webhooks/${endpoint.id}`, { disabled: true })
    await go('DELETE', `/webhooks/${endpoint.id}`)
    secrets.push((await go('POST', '/webhooks/secret/roll', { graceSeconds: 0 })).webhookSecret)

    const email = uniqueEmail('joiner')
    await go('POST', '/members', { email, role: 'viewer' })
    const { code } = await mailedCode(inbox, email)
    secrets.push(code)
    const joiner = await signUp(s, { email, name: 'Jo Joiner' })
    expect((await s.request('POST', '/api/invitations/accept', { token: joiner.accessToken, body: { code } })).status).toBe(200)
    const members = await go('GET', '/members')
    const joinerId = members.find((m: { userId: string }) => m.userId === joiner.user.id).id
    await go('PATCH', `/members/${joinerId}`, { role: 'admin' })
    const leaver = await signUp(s)
    const leaverId = await addMember(s, p.id, leaver, 'viewer')
    await go('DELETE', `/members/${leaverId}`, undefined, leaver)
    const removed = await signUp(s)
    await go('DELETE', `/members/${await addMember(s, p.id, removed, 'developer')}`)
    await go('POST', '/owner', { memberId: joinerId, password: owner.password })

    const res = await auditOf(p.id, joiner, '?limit=100')
    expect(res.status).toBe(200)
    const entries = res.body.entries as Array<{
      action: string
      actor: { id: string; name: string; email: string }
      target: string
      details: object
      at: string
      id: string
    }>
    expect(entries.map((e) => e.action).reverse()).toEqual([
      'project.created',
      'project.renamed',
      'key.created',
      'key.renamed',
      'key.rolled',
      'key.deleted',
      'endpoint.added',
      'endpoint.changed',
      'test_event.sent',
      'endpoint.disabled',
      'endpoint.deleted',
      'secret.rolled',
      'member.invited',
      'member.joined',
      'member.role_changed',
      'member.left',
      'member.removed',
      'ownership.transferred',
    ])
    expect(entries[0]).toMatchObject({ actor: { id: owner.user.id, name: 'Olga Owner', email: owner.email }, target: joiner.user.id })
    expect(entries.find((e) => e.action === 'member.joined')!.actor).toEqual({ id: joiner.user.id, name: 'Jo Joiner', email })
    expect(entries.find((e) => e.action === 'project.renamed')!.details).toEqual({ from: 'Weather app', to: 'Weather API' })
    expect(entries.find((e) => e.action === 'member.role_changed')!.details).toEqual({ email, from: 'viewer', to: 'admin' })
    const text = JSON.stringify(entries)
    for (const secret of secrets) expect(text).not.toContain(secret)
    expect(text).not.toContain('hunter2')
    // The test event's payload is not in the log either.
    expect(text).not.toMatch(/"data"|payload/)
  })

  it("records a re-pointed endpoint's old and new origin, never its path or query", async () => {
    await server()
    const p = await newProject(s, owner.accessToken)
    const hooks = `/api/manage/dapp/${p.id}/webhooks`
    const added = await s.request('POST', hooks, { token: owner.accessToken, body: { url: 'http://127.0.0.1:9/old/hook?token=hunter2' } })
    const change = (body: object) => s.request('PATCH', `${hooks}/${added.body.id}`, { token: owner.accessToken, body })
    expect((await change({ url: 'https://93.184.216.34:8443/new/path?sig=s3cret', eventTypes: ['webhook.test'] })).status).toBe(200)
    expect((await change({ description: 'Orders' })).status).toBe(200)
    const entries = (await auditOf(p.id, owner)).body.entries as Array<{ action: string; details: object }>
    expect(entries.filter((e) => e.action === 'endpoint.changed').map((e) => e.details)).toEqual([
      { fields: 'description' },
      { fields: 'url,eventTypes', from: 'http://127.0.0.1:9', to: 'https://93.184.216.34:8443' },
    ])
    expect(JSON.stringify(entries)).not.toMatch(/hunter2|s3cret|\/old|\/new/)
  })

  it('is refused to a developer (403) and a non-member (404), and pages with before and limit', async () => {
    await server()
    const p = await newProject(s, owner.accessToken)
    for (let i = 0; i < 4; i++) await s.request('PATCH', `/api/manage/dapp/${p.id}`, { token: owner.accessToken, body: { name: `Name ${i}` } })
    const dev = await signUp(s)
    await addMember(s, p.id, dev, 'developer')
    expect((await auditOf(p.id, dev)).status).toBe(403)
    expect((await auditOf(p.id, await signUp(s))).status).toBe(404)
    const first = await auditOf(p.id, owner, '?limit=2')
    expect(first.body.entries.map((e: { details: { to?: string } }) => e.details.to)).toEqual(['Name 3', 'Name 2'])
    const second = await auditOf(p.id, owner, `?limit=2&before=${first.body.entries[1].id}`)
    expect(second.body.entries.map((e: { details: { to?: string } }) => e.details.to)).toEqual(['Name 1', 'Name 0'])
    expect((await auditOf(p.id, owner, '?limit=0')).status).toBe(400)
    expect((await auditOf(p.id, owner, '?before=aud_nope')).status).toBe(400)
  })

  it('refuses a query value it cannot use, for a page and for the CSV download alike', async () => {
    await server()
    const p = await newProject(s, owner.accessToken)
    const limitRefused = { message: 'limit must be a whole number from 1 to 100.', code: 'LIMIT_OUT_OF_RANGE' }
    for (const query of ['?limit=abc', '?format=csv&limit=abc', '?format=csv&limit=0', '?limit=1e1']) {
      const res = await auditOf(p.id, owner, query)
      expect([query, res.status, res.body]).toEqual([query, 400, limitRefused])
    }
    expect((await auditOf(p.id, owner, '?format=xml')).body).toEqual({ message: 'format must be json or csv.', code: 'FORMAT_INVALID' })
    expect((await auditOf(p.id, owner, '?format=csv&limit=5')).status).toBe(200)
  })

  it('records nothing for a change that was refused', async () => {
    await server()
    const p = await newProject(s, owner.accessToken)
    const viewer = await signUp(s)
    await addMember(s, p.id, viewer, 'viewer')
    expect((await s.request('PATCH', `/api/manage/dapp/${p.id}`, { token: viewer.accessToken, body: { name: 'Nope' } })).status).toBe(403)
    expect((await auditOf(p.id, owner)).body.entries.map((e: { action: string }) => e.action)).toEqual(['project.created'])
  })

  it('downloads as CSV that a spreadsheet cannot run', async () => {
    await server()
    const p = await newProject(s, owner.accessToken, { name: '=HYPERLINK("http://evil.example","x")' })
    await s.request('PATCH', `/api/manage/dapp/${p.id}`, { token: owner.accessToken, body: { name: '@SUM(1+1)' } })
    const res = await auditOf(p.id, owner, '?format=csv')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-prj_/)
    const lines = res.text.trim().split('\r\n')
    expect(lines[0]).toBe('id,at,actor_id,actor_name,actor_email,action,target,details')
    expect(lines).toHaveLength(3)
    for (const line of lines.slice(1)) for (const cell of line.split(',')) expect(cell).not.toMatch(/^"?[=+\-@]/)
    expect(csvCell('=1+1')).toBe("'=1+1")
    expect(csvCell('-2')).toBe("'-2")
    expect(csvCell('+x')).toBe("'+x")
    expect(csvCell('@x')).toBe("'@x")
    expect(csvCell('a,"b"')).toBe('"a,""b"""')
    expect(csvCell('plain')).toBe('plain')
  })

  it('downloads as CSV that a spreadsheet reading semicolon-separated lists cannot run either', async () => {
    await server()
    const p = await newProject(s, owner.accessToken)
    await s.request('PATCH', `/api/manage/dapp/${p.id}`, { token: owner.accessToken, body: { name: 'Weather;=HYPERLINK("http://evil.example")' } })
    const mallory = await signUp(s, { name: 'Mallory; "+1' })
    const memberId = await addMember(s, p.id, mallory, 'viewer')
    expect((await s.request('DELETE', `/api/manage/dapp/${p.id}/members/${memberId}`, { token: mallory.accessToken })).status).toBe(200)
    const res = await auditOf(p.id, owner, '?format=csv')
    const lines = res.text.trim().split('\r\n')
    expect(lines).toHaveLength(4)
    // Where the list separator is a semicolon (much of Europe), a spreadsheet opening the file starts a cell after each one.
    for (const line of lines.slice(1)) for (const cell of line.split(';').slice(1)) expect(cell).not.toMatch(/^[" ]*[=+\-@]/)
    expect(lines.join('\n')).toContain(`Weather;'=HYPERLINK`)
    expect(csvCell('a;-1;b')).toBe("a;'-1;b")
  })

  it('keeps entries AUDIT_RETENTION_DAYS', async () => {
    await server()
    const p = await newProject(s, owner.accessToken)
    expect((await auditOf(p.id, owner)).body.entries).toHaveLength(1)
    now += 364 * 86_400_000
    // The owner's session expired long ago on the app's clock: a new one.
    await logInAgain(owner)
    expect((await auditOf(p.id, owner)).body.entries).toHaveLength(1)
    now += 2 * 86_400_000
    await logInAgain(owner)
    expect((await auditOf(p.id, owner)).body.entries).toEqual([])
  })
})
