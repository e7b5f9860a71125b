/**
 * A change a member asks for while their removal or a change of their role
 * holds the project (PostgreSQL, two connections): once the removal has
 * committed, the change is refused as the member's next call would be. It
 * must not be made on the strength of the role they had before: a key or an
 * endpoint made so would outlive the removal, which has already ended what
 * the member held.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Queryable } from '../../server/db/index'
import { blockedBy, holdOpen } from './blocked'
import { createTestServer, newProject, usePostgres, signUp, type SignedUp, type TestServer } from './harness'
import { addMember } from './teams'

const SERVICE_TOKEN = 'service-token-for-the-role-race-tests'
let s: TestServer
let owner: SignedUp
let member: SignedUp
let project: Awaited<ReturnType<typeof newProject>>

beforeEach(async () => {
  s = await createTestServer({
    config: {
      serviceToken: SERVICE_TOKEN,
      webhooks: { allowPrivateNetworks: true, eventTypes: [{ name: 'invoice.paid', description: 'An invoice was paid.' }] },
    },
  })
  owner = await signUp(s, { name: 'Olga Owner' })
  member = await signUp(s, { name: 'Mia Member' })
  project = await newProject(s, owner.accessToken)
})
afterEach(() => s.close())

const call = (method: string, path: string, who: SignedUp, body?: unknown) =>
  s.request(method, `/api/manage/dapp/${project.id}${path}`, { token: who.accessToken, body })

/** The member's row changed as a removal (or a role change) does it: the project locked, then the row; held open. */
const changing = (change: (tx: Queryable) => Promise<unknown>) =>
  holdOpen(s.db, async (tx) => {
    await tx.query('SELECT id FROM projects WHERE id = $1 FOR UPDATE', [project.id])
    await change(tx)
  })
const removing = (memberId: string) => changing((tx) => tx.query('DELETE FROM project_members WHERE id = $1', [memberId]))

/** Sends the member's call while the change holds the project, lets the change commit, and answers the call's answer. */
async function whileChanged(held: Awaited<ReturnType<typeof holdOpen>>, send: () => ReturnType<TestServer['request']>) {
  const answer = send()
  await blockedBy(s.db, held)
  await held.ended
  return answer
}

const count = async (sql: string, params: unknown[]) => (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0].n

describe.runIf(usePostgres)('a call that waited for a removal or a role change of its caller', () => {
  it('makes no key for a developer removed meanwhile (404), nor for one made a viewer (403)', async () => {
    const removed = await addMember(s, project.id, member, 'developer')
    const res = await whileChanged(await removing(removed), () => call('POST', '/api-key', member))
    expect(res.status, res.text).toBe(404)

    const viewer = await signUp(s, { name: 'Vic Viewer' })
    const id = await addMember(s, project.id, viewer, 'developer')
    const demoted = await whileChanged(await changing((tx) => tx.query("UPDATE project_members SET role = 'viewer' WHERE id = $1", [id])), () =>
      call('POST', '/api-key', viewer),
    )
    expect(demoted.status, demoted.text).toBe(403)
    // The project's first key, made with it, is the only one.
    expect(await count('api_keys WHERE project_id = $1', [project.id])).toBe(1)
  })

  it('deletes no key for a developer removed meanwhile (404): the key stays, as after the removal', async () => {
    const keyId = Object.keys(project.apiKey)[0]
    const removed = await addMember(s, project.id, member, 'developer')
    const res = await whileChanged(await removing(removed), () => call('DELETE', `/api-key/${keyId}`, member))
    expect(res.status, res.text).toBe(404)
    expect(await count('api_keys WHERE id = $1', [keyId])).toBe(1)
  })

  it('adds no endpoint for a developer removed meanwhile, and rolls no secret for an admin removed meanwhile', async () => {
    const dev = await addMember(s, project.id, member, 'developer')
    const added = await whileChanged(await removing(dev), () => call('POST', '/webhooks', member, { url: 'http://127.0.0.1:9/theirs' }))
    expect(added.status, added.text).toBe(404)
    expect(await count('webhook_endpoints WHERE project_id = $1', [project.id])).toBe(0)

    const admin = await signUp(s, { name: 'Ada Admin' })
    const adminId = await addMember(s, project.id, admin, 'admin')
    const rolled = await whileChanged(await removing(adminId), () => call('POST', '/webhooks/secret/roll', admin, { graceSeconds: 0 }))
    expect(rolled.status, rolled.text).toBe(404)
    expect(rolled.text).not.toContain('whsec_')
  })

  it('sends no test event and resends nothing for a developer removed meanwhile: nothing queued, nothing in the audit log', async () => {
    const endpoint = (await call('POST', '/webhooks', owner, { url: 'http://127.0.0.1:9/ours' })).body.id as string
    const sent = await s.request('POST', '/api/webhooks/messages', {
      headers: { Authorization: `Bearer ${SERVICE_TOKEN}` },
      body: { projectId: project.id, eventType: 'invoice.paid', payload: {} },
    })
    expect(sent.status, sent.text).toBe(202)
    const messages = await count('webhook_messages WHERE project_id = $1', [project.id])

    const first = await addMember(s, project.id, member, 'developer')
    const tested = await whileChanged(await removing(first), () => call('POST', `/webhooks/${endpoint}/test`, member))
    expect(tested.status, tested.text).toBe(404)

    const again = await addMember(s, project.id, member, 'developer')
    const resent = await whileChanged(await removing(again), () => call('POST', `/webhooks/${endpoint}/messages/${sent.body.id}/resend`, member))
    expect(resent.status, resent.text).toBe(404)

    expect(await count('webhook_messages WHERE project_id = $1', [project.id])).toBe(messages)
    expect(await count('webhook_deliveries WHERE message_id = $1', [sent.body.id])).toBe(1)
    expect(await count("audit_log WHERE actor_id = $1 AND action IN ('test_event.sent', 'message.resent')", [member.user.id])).toBe(0)
  })
})
