/**
 * Who did it, told apart: each audit entry names its actor by e-mail beside
 * the name (names are anyone's to choose), in JSON and CSV, and a name with
 * line breaks stored before names refused them stays on one CSV line.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { migrate } from '../../server/db/migrate'
import { createTestServer, deviceToken, newProject, signUp, type SignedUp, type TestServer } from './harness'
import { addMember } from './teams'

let s: TestServer | undefined
afterEach(async () => {
  await s?.close()
  s = undefined
})

type Entry = { action: string; actor: { id: string; name: string; email: string } }
const audit = async (projectId: string, who: SignedUp, query = '') =>
  s!.request('GET', `/api/manage/dapp/${projectId}/audit${query}`, { token: who.accessToken })

describe("the audit log's actors", () => {
  it("name a project's heir of host sign-in by the address its provider gave, when its owner's account is deleted", async () => {
    const serviceToken = 'a-long-random-service-token-for-the-heir'
    s = await createTestServer({ config: { serviceToken } })
    const owner = await signUp(s, { name: 'Olga Owner' })
    const p = await newProject(s, owner.accessToken)
    const email = 'heir@northwind.example'
    const session = await s.request('POST', '/api/sessions', {
      headers: { Authorization: `Bearer ${serviceToken}` },
      body: { externalId: 'heir-1', email, name: 'Hana Heir' },
    })
    const heir = (await s.request('POST', '/api/auth/exchange', { token: await deviceToken(s), body: { code: session.body.code } })).body
    await s.db.query(
      `INSERT INTO project_members (id, project_id, user_id, email, role, invited_at, joined_at) VALUES ('mem_heir', $1, $2, $3, 'admin', now(), now())`,
      [p.id, heir.user.id, email],
    )
    expect((await s.request('DELETE', '/api/me', { token: owner.accessToken, body: { password: owner.password } })).status).toBe(204)
    const entries = (await s.request('GET', `/api/manage/dapp/${p.id}/audit`, { token: heir.accessToken })).body.entries as Array<{
      action: string
      details: object
    }>
    expect(entries.find((e) => e.action === 'ownership.transferred')?.details).toEqual({ email, reason: 'account deleted' })
  })

  it("name each actor by e-mail too, so a developer renamed to the owner's name is told apart, in JSON and in the CSV", async () => {
    s = await createTestServer()
    const owner = await signUp(s, { name: 'Olga Owner' })
    const p = await newProject(s, owner.accessToken)
    const dev = await signUp(s, { name: 'Dev' })
    await addMember(s, p.id, dev, 'developer')
    expect((await s.request('PATCH', '/api/me', { token: dev.accessToken, body: { name: 'Olga Owner' } })).status).toBe(200)
    const keyId = Object.keys(p.apiKey)[0]
    expect((await s.request('DELETE', `/api/manage/dapp/${p.id}/api-key/${keyId}`, { token: dev.accessToken })).status).toBe(200)

    const entries = (await audit(p.id, owner)).body.entries as Entry[]
    expect(entries.map((e) => [e.action, e.actor])).toEqual([
      ['key.deleted', { id: dev.user.id, name: 'Olga Owner', email: dev.email }],
      ['project.created', { id: owner.user.id, name: 'Olga Owner', email: owner.email }],
    ])
    const csv = (await audit(p.id, owner, '?format=csv')).text.trim().split('\r\n')
    expect(csv[0].split(',').slice(2, 6)).toEqual(['actor_id', 'actor_name', 'actor_email', 'action'])
    expect(csv[1]).toContain(`,${dev.user.id},Olga Owner,${dev.email},key.deleted,`)
    expect(csv[2]).toContain(`,${owner.user.id},Olga Owner,${owner.email},project.created,`)

    // The address is copied, as the name is: the entry outlives the account.
    expect((await s.request('DELETE', '/api/me', { token: dev.accessToken, body: { password: dev.password } })).status).toBe(204)
    expect(((await audit(p.id, owner)).body.entries as Entry[])[0].actor).toEqual({ id: dev.user.id, name: 'Olga Owner', email: dev.email })
  })

  it('keep a name stored with CR/LF (before names refused it) on one CSV line, shown, and intact in JSON', async () => {
    s = await createTestServer()
    const owner = await signUp(s)
    const p = await newProject(s, owner.accessToken)
    const forged = 'Bob\r\nprj_x,2026-01-01,usr_x,Olga Owner,owner@example.com,project.deleted'
    await s.db.query('UPDATE users SET name = $1 WHERE id = $2', [forged, owner.user.id])
    expect((await s.request('PATCH', `/api/manage/dapp/${p.id}`, { token: owner.accessToken, body: { name: 'Renamed' } })).status).toBe(200)
    await s.db.query(
      `INSERT INTO audit_log (id, project_id, at, actor_id, actor_name, actor_email, action, target, details)
       VALUES ('aud_old', $1, now(), 'usr_old', $2, '', 'project.renamed', NULL, $3::jsonb)`,
      [p.id, '\u3164', JSON.stringify({ from: 'a\u2028b', to: '\tc' })],
    )
    const json = await audit(p.id, owner)
    expect(json.status).toBe(200)
    expect((json.body.entries as Entry[]).map((e) => e.actor.name)).toEqual(['\u3164', forged, 'Ada Lovelace'])

    const res = await audit(p.id, owner, '?format=csv')
    expect(res.status).toBe(200)
    // Every line-based reading sees the header and three entries, whatever it takes for a line break.
    const lines = res.text.split(/\r\n|\r|\n|\u2028|\u2029|\u0085/).filter((l) => l !== '')
    expect(lines).toHaveLength(4)
    expect(lines[1]).toContain('a\ufffdb')
    expect(lines[2]).toContain(',"Bob␍␊prj_x,')
  })

  it('give entries written before the column the address of their actor, if the account still exists', async () => {
    s = await createTestServer()
    const owner = await signUp(s)
    const p = await newProject(s, owner.accessToken)
    // The state before migration 020, then the migration again.
    await s.db.exec('ALTER TABLE audit_log DROP COLUMN actor_email')
    await s.db.query('DELETE FROM schema_migrations WHERE version = 20')
    await s.db.query(
      `INSERT INTO audit_log (id, project_id, at, actor_id, actor_name, action) VALUES ('aud_gone', $1, now(), 'usr_gone', 'Gone', 'key.created')`,
      [p.id],
    )
    expect(await migrate(s.db)).toEqual([20])
    const entries = (await audit(p.id, owner)).body.entries as Entry[]
    expect(entries.map((e) => e.actor)).toEqual([
      { id: 'usr_gone', name: 'Gone', email: '' },
      { id: owner.user.id, name: 'Ada Lovelace', email: owner.email },
    ])
  })
})
