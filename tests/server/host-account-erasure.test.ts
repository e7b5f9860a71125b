/**
 * The erasure of an account of host sign-in by its provider (DELETE /api/sessions/{externalId}, by service token):
 * such an account has no password, so DELETE /me refuses it (409), and only its provider can delete it. The deletion
 * is DELETE /me's own: sessions end at once, projects pass to an admin or go, the others are left, the audit log
 * records it; and it never reaches a password account.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { SERVICE_TOKEN_REQUIRED } from '../../server/http/service-token'
import { consumeCode } from '../../server/resources/host-sessions/codes'
import { HOST_SESSIONS_NOT_CONFIGURED } from '../../server/resources/host-sessions/routes'
import { issueToken } from '../../server/resources/session/tokens'
import { blockedBy, holdOpen } from './blocked'
import { createTestServer, deviceToken, newProject, signUp, usePostgres, type SignedUp, type TestServer } from './harness'
import { addMember } from './teams'
import { HEARD_MS, within } from './within'

const SERVICE_TOKEN = 'a-long-random-service-token-for-host-erasure'
const service = { Authorization: `Bearer ${SERVICE_TOKEN}` }
const NOT_FOUND = { message: 'No account of host sign-in has this externalId.', code: 'HOST_ACCOUNT_NOT_FOUND' }

let s: TestServer
const closing: TestServer[] = []
afterEach(async () => {
  for (const c of closing.splice(0)) await c.close()
  await s?.close()
})

async function server() {
  s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN } })
  return s
}

const erase = (externalId: string, headers: Record<string, string> = service) =>
  s.request('DELETE', `/api/sessions/${encodeURIComponent(externalId)}`, { headers })
const me = (token: string, srv = s) => srv.request('GET', '/api/me', { token })

/** A code for `externalId` from the provider, and the session the widget makes of it: a SignedUp of host sign-in. */
async function hostSignIn(externalId: string, name: string, email: string): Promise<SignedUp & { code: string }> {
  const issued = await s.request('POST', '/api/sessions', { headers: service, body: { externalId, email, name, emailVerified: true } })
  expect(issued.status, issued.text).toBe(201)
  const signedIn = await s.request('POST', '/api/auth/exchange', { token: await deviceToken(s), body: { code: issued.body.code } })
  expect(signedIn.status, signedIn.text).toBe(200)
  const again = await s.request('POST', '/api/sessions', { headers: service, body: { externalId, email, name, emailVerified: true } })
  return { deviceToken: '', accessToken: signedIn.body.accessToken, user: signedIn.body.user, email, password: 'none', code: again.body.code }
}

/** For each needle, every table.column of the schema with a text, jsonb or array cell holding it. */
async function columnsNaming(needles: string[]): Promise<string[][]> {
  const columns = await s.db.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema = current_schema() AND c.data_type IN ('text', 'jsonb', 'ARRAY', 'character varying')
        AND c.table_name <> 'schema_migrations'`,
  )
  const found = needles.map((): string[] => [])
  for (const { table_name, column_name } of columns) {
    const [row] = await s.db.query<{ hits: boolean[] }>(
      `SELECT array_agg(EXISTS (SELECT 1 FROM "${table_name}" WHERE strpos("${column_name}"::text, needle) > 0) ORDER BY i) AS hits
         FROM unnest($1::text[]) WITH ORDINALITY AS n(needle, i)`,
      [needles],
    )
    row.hits.forEach((hit, i) => hit && found[i].push(`${table_name}.${column_name}`))
  }
  return found
}

describe('a host sign-in account', () => {
  it('can be erased by its provider: DELETE /me sends the user there, and DELETE /sessions/{externalId} deletes it with its projects', async () => {
    await server()
    const hedy = await hostSignIn('crm-4711', 'Hedy Host', 'hedy.host@example.com')
    await newProject(s, hedy.accessToken, { name: 'Hedy’s app' })

    // The user: "Manage it there" (409 HOST_ACCOUNT_NO_PASSWORD).
    const own = await s.request('DELETE', '/api/me', { token: hedy.accessToken, body: { password: 'anything' } })
    expect(own.status).toBe(409)
    expect(own.body.code).toBe('HOST_ACCOUNT_NO_PASSWORD')

    // The provider's backend: one call, documented as a service-token operation.
    const doc = (await s.request('GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, { security?: Array<Record<string, unknown>> }>>
    }
    const providerDeletes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method, op]) => method === 'delete' && (op.security ?? []).some((s) => 'serviceToken' in s))
        .map(([method]) => `${method} ${path}`),
    )
    expect(providerDeletes).toEqual(['delete /sessions/{externalId}'])

    // Before: the search finds her (her account's row names her).
    expect((await columnsNaming(['crm-4711']))[0]).toContain('users.external_id')
    const res = await erase('crm-4711')
    expect(res.status, res.text).toBe(204)
    expect(res.text).toBe('')
    expect(await s.db.query('SELECT id FROM users WHERE external_id = $1 OR id = $2', ['crm-4711', hedy.user.id])).toEqual([])
    expect(await s.db.query('SELECT id FROM projects WHERE owner_id = $1', [hedy.user.id])).toEqual([])
    // Nothing but the audit log still names her (as after DELETE /me: teams.md, "The audit log").
    const needles = ['crm-4711', 'hedy.host@example.com', 'Hedy Host', hedy.user.id]
    const naming = await columnsNaming(needles)
    naming.forEach((columns, i) =>
      expect(
        columns.filter((column) => !column.startsWith('audit_log.')),
        needles[i],
      ).toEqual([]),
    )

    expect((await me(hedy.accessToken)).status).toBe(401)
  })

  it('ends every session and code at once, on every instance, and hands over, leaves or deletes its projects as DELETE /me does', async () => {
    await server()
    const other = await createTestServer({ storage: s.storage, config: { serviceToken: SERVICE_TOKEN } })
    closing.push(other)
    const hedy = await hostSignIn('crm-1', 'Hedy Host', 'hedy.host@example.com')
    const grace = await signUp(s, { name: 'Grace Hopper' })
    const olga = await signUp(s, { name: 'Olga Owner' })
    const solo = await newProject(s, hedy.accessToken, { name: 'Solo' })
    const shared = await newProject(s, hedy.accessToken, { name: 'Shared' })
    const team = await newProject(s, olga.accessToken, { name: 'Team' })
    await addMember(s, shared.id, grace, 'admin')
    await addMember(s, team.id, hedy, 'admin')
    const soloKey = Object.values(solo.apiKey)[0]
    const verify = (srv: TestServer) => srv.request('POST', '/api/keys/verify', { headers: service, body: { key: soloKey } })
    // Both instances have her session and Solo's key in their caches.
    for (const srv of [s, other]) {
      expect((await me(hedy.accessToken, srv)).status).toBe(200)
      expect((await verify(srv)).body.valid).toBe(true)
    }

    expect((await erase('crm-1')).status).toBe(204)
    await within(HEARD_MS, async () => {
      const answers = await Promise.all([me(hedy.accessToken), me(hedy.accessToken, other), verify(s), verify(other)])
      return answers[0].status === 401 && answers[1].status === 401 && answers[2].body.valid === false && answers[3].body.valid === false
    })
    // A code the provider issued before, not yet exchanged, went with the account.
    const late = await s.request('POST', '/api/auth/exchange', { token: await deviceToken(s), body: { code: hedy.code } })
    expect(late.status).toBe(401)

    const owners = await s.db.query<{ id: string; owner_id: string }>('SELECT id, owner_id FROM projects WHERE id = ANY($1) ORDER BY name', [
      [solo.id, shared.id, team.id],
    ])
    // Solo went with her, Shared passed to its admin, she left Team.
    expect(owners).toEqual([
      { id: shared.id, owner_id: grace.user.id },
      { id: team.id, owner_id: olga.user.id },
    ])
    const audited = await s.db.query<{ project_id: string; action: string; reason: string }>(
      `SELECT project_id, action, details->>'reason' AS reason FROM audit_log WHERE actor_id = $1 AND details->>'reason' = 'account deleted' ORDER BY seq`,
      [hedy.user.id],
    )
    expect(audited).toEqual(
      expect.arrayContaining([
        { project_id: shared.id, action: 'ownership.transferred', reason: 'account deleted' },
        { project_id: team.id, action: 'member.left', reason: 'account deleted' },
      ]),
    )
    expect((await s.request('GET', `/api/manage/dapp/${team.id}/members`, { token: olga.accessToken })).body).toHaveLength(1)
  })

  it('answers 404 to an externalId no account has: unknown, already erased, or a password account’s id or address, never deleted', async () => {
    await server()
    const ada = await signUp(s, { name: 'Ada Lovelace' })
    const odd = 'tenant/7 user@example.com?x=1#y'
    const hedy = await hostSignIn(odd, 'Hedy Host', 'hedy.host@example.com')
    await newProject(s, hedy.accessToken, { name: 'Hedy’s app' })

    for (const unknown of ['nobody', ada.user.id, ada.email, 'tenant']) {
      const res = await erase(unknown)
      expect(res.status, unknown).toBe(404)
      expect(res.body).toEqual(NOT_FOUND)
    }
    expect((await me(ada.accessToken)).status).toBe(200)
    expect((await me(hedy.accessToken)).status).toBe(200)

    // URL-encoded, any externalId reaches its account; sent again, the deletion finds none.
    expect((await erase(odd)).status).toBe(204)
    const again = await erase(odd)
    expect(again.status).toBe(404)
    expect(again.body).toEqual(NOT_FOUND)
    expect((await me(ada.accessToken)).status).toBe(200)
    expect(await s.db.query('SELECT id FROM users WHERE id = $1 AND password_hash IS NOT NULL', [ada.user.id])).toHaveLength(1)

    // A later sign-in of the same externalId makes a new, empty account.
    const back = await hostSignIn(odd, 'Hedy Host', 'hedy.host@example.com')
    expect(back.user.id).not.toBe(hedy.user.id)
    expect((await me(back.accessToken)).body).toMatchObject({ projects: 0, keys: 0, signIn: 'host' })
    expect((await s.request('GET', '/api/manage/dapp/owner', { token: back.accessToken })).body).toEqual([])
  })

  it('needs the service token: 401 without it, with another or with a session, 503 when SERVICE_TOKEN is not set; nothing is deleted', async () => {
    await server()
    const hedy = await hostSignIn('crm-9', 'Hedy Host', 'hedy.host@example.com')
    const refused: Record<string, string>[] = [{}, { Authorization: 'Bearer not-the-service-token' }, { Authorization: `Bearer ${hedy.accessToken}` }]
    for (const headers of refused) {
      const res = await erase('crm-9', headers)
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ message: SERVICE_TOKEN_REQUIRED, code: 'SERVICE_TOKEN_REQUIRED' })
      expect(res.headers.get('www-authenticate')).toBe('Bearer')
    }
    const unconfigured = await createApp({ db: s.db, log: () => undefined }).request('/api/sessions/crm-9', { method: 'DELETE', headers: service })
    expect(unconfigured.status).toBe(503)
    expect(await unconfigured.json()).toEqual({ message: HOST_SESSIONS_NOT_CONFIGURED, code: 'HOST_SESSIONS_NOT_CONFIGURED' })
    expect((await me(hedy.accessToken)).status).toBe(200)
  })

  it('reaches the account POST /sessions made for the same externalId, as that call kept it (trimmed) and whatever it holds', async () => {
    await server()
    for (const externalId of ['100%', 'a%2Fb', 'x/y?z#w', ' padded ', 'e\u0301-nfd']) {
      expect((await s.request('POST', '/api/sessions', { headers: service, body: { externalId, name: 'H' } })).status, externalId).toBe(201)
      expect((await erase(externalId)).status, JSON.stringify(externalId)).toBe(204)
    }
  })
})

describe.runIf(usePostgres)('a host sign-in account erased while one of its codes is being exchanged (PostgreSQL)', () => {
  it('the exchange first: the erasure waits for it, then ends the session it made (204; no deadlock, no 500)', async () => {
    await server()
    const hedy = await hostSignIn('crm-race', 'Hedy Host', 'hedy.host@example.com')
    // POST /auth/exchange's own statements, held open between them: the code used up (its row taken), then,
    // once released, the session made for its user (which holds the user's row against its deletion).
    let made = ''
    const held = await holdOpen(
      s.db,
      async (tx) => expect(await consumeCode(tx, hedy.code, Date.now())).toBe(hedy.user.id),
      async (tx) => void (made = (await issueToken(tx, 'access', { userId: hedy.user.id }, 3600, Date.now())).token),
    )
    const erasure = erase('crm-race')
    await blockedBy(s.db, held)
    const res = await erasure
    expect(res.status, res.text).toBe(204)
    expect(await s.db.query('SELECT id FROM users WHERE id = $1', [hedy.user.id])).toEqual([])
    expect((await me(made)).status).toBe(401)
  })
})
