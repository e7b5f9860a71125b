/**
 * The API's mutating calls fired together on one resource, as a double-clicked
 * submit, two tabs, two members or a provider's service and a developer at once
 * would send them: the same call several times over, and different calls on the
 * same key, project, member, invitation or account. Every answer is a success or
 * a refusal with a JSON { message, code } (a 409, or a 404 for what the other call
 * removed), never a 5xx or an error line in the log, and the state read back
 * through the API afterwards is one the answers explain: limits held, one winner
 * where only one may win, lists and the audit log agreeing with what succeeded.
 * Races show on PostgreSQL (row locks, unique violations, serialization); PGlite
 * runs one statement at a time and checks the same answers without them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODES } from '../../contract/error-codes'
import { startInbox, type Inbox } from '../support/smtp'
import { NO_RATE_LIMITS, createTestServer, deviceToken, newProject, signUp, uniqueEmail, type TestResponse, type TestServer } from './harness'
import { addMember, mailedCode, verifyEmail } from './teams'

const SERVICE_TOKEN = 'service-token-for-the-race-walk'
const KEY_LIMIT = 5
const ENDPOINT_LIMIT = 3
const PROJECT_LIMIT = 3
const MEMBER_LIMIT = 8
/** Rounds per race, and calls fired together in each. */
const ROUNDS = 5
const AT_ONCE = 6

type Call = () => Promise<TestResponse>

describe('mutating calls fired together on one resource', () => {
  let s: TestServer
  let inbox: Inbox
  beforeAll(async () => {
    inbox = await startInbox()
    s = await createTestServer({
      config: {
        serviceToken: SERVICE_TOKEN,
        rateLimit: NO_RATE_LIMITS,
        // X-Forwarded-For read, so that a race may come from an address of its own.
        trustProxy: true,
        keyLimit: KEY_LIMIT,
        projectLimit: PROJECT_LIMIT,
        memberLimit: MEMBER_LIMIT,
        webhooks: { endpointLimit: ENDPOINT_LIMIT, testEventsPerMinute: 1_000_000, allowPrivateNetworks: true },
        mail: { smtpUrl: inbox.url },
      },
    })
  })
  afterAll(async () => {
    await s?.close()
    await inbox?.close()
  })

  /**
   * Fires the calls together and answers their answers, each checked: below 500, a JSON { message, code } with a
   * listed code on a refusal, and no error line logged meanwhile.
   */
  const race = async (what: string, calls: Call[]): Promise<TestResponse[]> => {
    const logged = s.logs.length
    const answers = await Promise.all(calls.map((call) => call()))
    const problems: string[] = []
    answers.forEach((a, i) => {
      if (a.status >= 500) problems.push(`call ${i}: ${a.status} ${a.text.slice(0, 300)}`)
      else if (a.status >= 400 && (typeof a.body?.message !== 'string' || !(ERROR_CODES as readonly string[]).includes(a.body?.code)))
        problems.push(`call ${i}: ${a.status} without a listed { message, code }: ${a.text.slice(0, 300)}`)
    })
    for (const line of s.logs.slice(logged).filter((l) => l.startsWith('error'))) problems.push(`logged: ${line.slice(0, 600)}`)
    expect(problems, `${what}:\n${problems.join('\n')}`).toEqual([])
    return answers
  }
  const statuses = (answers: TestResponse[]) => answers.map((a) => a.status)
  const count = (answers: TestResponse[], status: number) => answers.filter((a) => a.status === status).length
  const times = (n: number, call: Call): Call[] => Array.from({ length: n }, () => call)

  const ok = (res: TestResponse, status: number) => {
    expect(res.status, res.text).toBe(status)
    return res.body
  }
  const get = async (path: string, token: string) => ok(await s.request('GET', `/api${path}`, { token }), 200)
  const project = (id: string, token: string) => get(`/manage/dapp/${id}`, token)
  const audit = async (id: string, token: string) =>
    (await get(`/manage/dapp/${id}/audit`, token)).entries as { action: string; target: string; details: Record<string, unknown> }[]
  const members = async (id: string, token: string) =>
    (await get(`/manage/dapp/${id}/members`, token)) as { id: string; userId: string | null; email: string; role: string; status: string }[]
  const newKey = async (id: string, token: string) => Object.keys(ok(await s.request('POST', `/api/manage/dapp/${id}/api-key`, { token }), 201))[0]
  /** An owner with a verified address (it may invite) and a project. */
  const ownerWithProject = async (name = 'Raced') => {
    const owner = await signUp(s, { name: 'Owner' })
    await verifyEmail(s, owner)
    const p = await newProject(s, owner.accessToken, { name, description: 'A race' })
    return { owner, id: p.id, token: owner.accessToken }
  }
  const invite = async (id: string, token: string, email: string, role = 'viewer') =>
    ok(await s.request('POST', `/api/manage/dapp/${id}/members`, { token, body: { email, role } }), 201).id as string

  describe('the same call several times at once', () => {
    it('creating a project of the same name, one short of the limit: exactly one is made', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const owner = await signUp(s, { name: 'Maker' })
        for (let i = 0; i < PROJECT_LIMIT - 1; i++) await newProject(s, owner.accessToken, { name: `Project ${i}`, description: '' })
        const answers = await race(
          'POST /manage/dapp',
          times(AT_ONCE, () => s.request('POST', '/api/manage/dapp', { token: owner.accessToken, body: { name: 'Twin', description: 'Same' } })),
        )
        expect(count(answers, 201), statuses(answers).join()).toBe(1)
        expect(answers.filter((a) => a.status !== 201).map((a) => a.body.code)).toEqual(Array<string>(AT_ONCE - 1).fill('PROJECT_LIMIT_REACHED'))
        const owned = (await get('/manage/dapp/owner', owner.accessToken)) as { name: string }[] | { projects: { name: string }[] }
        const list = Array.isArray(owned) ? owned : owned.projects
        expect(list.filter((p) => p.name === 'Twin')).toHaveLength(1)
        expect(list).toHaveLength(PROJECT_LIMIT)
      }
    })

    it('creating a key one short of the key limit: exactly one is made, the limit holds', async () => {
      const { id, token } = await ownerWithProject()
      for (let round = 0; round < ROUNDS; round++) {
        const keys = (await project(id, token)).keys as { id: string }[]
        for (const key of keys) ok(await s.request('DELETE', `/api/manage/dapp/${id}/api-key/${key.id}`, { token }), 200)
        for (let i = 0; i < KEY_LIMIT - 1; i++) await newKey(id, token)
        const answers = await race(
          'POST api-key',
          times(AT_ONCE, () => s.request('POST', `/api/manage/dapp/${id}/api-key`, { token, body: { name: 'Last' } })),
        )
        expect(count(answers, 201), statuses(answers).join()).toBe(1)
        expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true)
        const after = (await project(id, token)).keys as { name: string }[]
        expect(after).toHaveLength(KEY_LIMIT)
        expect(after.filter((k) => k.name === 'Last')).toHaveLength(1)
      }
      expect((await audit(id, token)).filter((e) => e.action === 'key.created' && e.details.name === 'Last')).toHaveLength(ROUNDS)
    })

    it('rolling a key: one roll wins, one replacement made, one audit entry', async () => {
      const { id, token } = await ownerWithProject()
      for (let round = 0; round < ROUNDS; round++) {
        const keyId = await newKey(id, token)
        const answers = await race(
          'POST roll',
          times(AT_ONCE, () => s.request('POST', `/api/manage/dapp/${id}/api-key/${keyId}/roll`, { token, body: { graceSeconds: 3600 } })),
        )
        expect(count(answers, 201), statuses(answers).join()).toBe(1)
        const keys = (await project(id, token)).keys as { id: string; replacedBy: string | null }[]
        const replacement = Object.keys(answers.find((a) => a.status === 201)!.body)[0]
        expect(keys.find((k) => k.id === keyId)?.replacedBy).toBe(replacement)
        expect((await audit(id, token)).filter((e) => e.action === 'key.rolled' && e.target === keyId)).toHaveLength(1)
        for (const k of [keyId, replacement]) await s.request('DELETE', `/api/manage/dapp/${id}/api-key/${k}`, { token })
      }
    })

    it('deleting a key: one 200, the others 404, one audit entry', async () => {
      const { id, token } = await ownerWithProject()
      for (let round = 0; round < ROUNDS; round++) {
        const keyId = await newKey(id, token)
        const answers = await race(
          'DELETE api-key',
          times(AT_ONCE, () => s.request('DELETE', `/api/manage/dapp/${id}/api-key/${keyId}`, { token })),
        )
        expect(statuses(answers).sort()).toEqual([200, ...Array<number>(AT_ONCE - 1).fill(404)])
        expect(((await project(id, token)).keys as { id: string }[]).map((k) => k.id)).not.toContain(keyId)
        expect((await audit(id, token)).filter((e) => e.target === keyId && e.action !== 'key.created')).toHaveLength(1)
      }
    })

    it('deleting a project: one 204, the others 404, and it is gone', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { id, token } = await ownerWithProject()
        const answers = await race(
          'DELETE project',
          times(AT_ONCE, () => s.request('DELETE', `/api/manage/dapp/${id}`, { token })),
        )
        expect(statuses(answers).sort()).toEqual([204, ...Array<number>(AT_ONCE - 1).fill(404)])
        expect((await s.request('GET', `/api/manage/dapp/${id}`, { token })).status).toBe(404)
      }
    })

    it('adding a webhook endpoint one short of the limit: exactly one is added', async () => {
      const { id, token } = await ownerWithProject()
      for (let round = 0; round < ROUNDS; round++) {
        const listed = (await get(`/manage/dapp/${id}/webhooks`, token)).endpoints as { id: string }[]
        for (const e of listed) ok(await s.request('DELETE', `/api/manage/dapp/${id}/webhooks/${e.id}`, { token }), 204)
        for (let i = 0; i < ENDPOINT_LIMIT - 1; i++)
          ok(await s.request('POST', `/api/manage/dapp/${id}/webhooks`, { token, body: { url: `http://127.0.0.1:9/e${i}` } }), 201)
        const answers = await race(
          'POST webhooks',
          times(AT_ONCE, () => s.request('POST', `/api/manage/dapp/${id}/webhooks`, { token, body: { url: 'http://127.0.0.1:9/last' } })),
        )
        expect(count(answers, 201), statuses(answers).join()).toBe(1)
        expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true)
        expect((await get(`/manage/dapp/${id}/webhooks`, token)).endpoints).toHaveLength(ENDPOINT_LIMIT)
      }
    })

    it('inviting the same address: one invitation listed for it, one audit entry per one made', async () => {
      const { id, token } = await ownerWithProject()
      for (let round = 0; round < ROUNDS; round++) {
        const email = uniqueEmail('twice')
        const answers = await race(
          'POST members',
          times(AT_ONCE, () => s.request('POST', `/api/manage/dapp/${id}/members`, { token, body: { email, role: 'viewer' } })),
        )
        expect(count(answers, 201), statuses(answers).join()).toBeGreaterThanOrEqual(1)
        const listed = (await members(id, token)).filter((m) => m.email === email)
        expect(listed).toHaveLength(1)
        expect(new Set(answers.filter((a) => a.status === 201).map((a) => a.body.id))).toEqual(new Set([listed[0].id]))
        const invited = (await audit(id, token)).filter((e) => e.action === 'member.invited' && e.target === listed[0].id)
        expect(invited.length).toBeLessThanOrEqual(1)
      }
    })

    it('accepting the same invitation, by id and by code: one member joins, once', async () => {
      const { id, token } = await ownerWithProject()
      for (let round = 0; round < ROUNDS; round++) {
        const invitee = await signUp(s, { name: 'Invitee' })
        await inbox.next(invitee.email)
        const invitationId = await invite(id, token, invitee.email)
        const { code } = await mailedCode(inbox, invitee.email)
        const answers = await race('accept', [
          ...times(AT_ONCE / 2, () => s.request('POST', `/api/invitations/${invitationId}/accept`, { token: invitee.accessToken })),
          ...times(AT_ONCE / 2, () => s.request('POST', '/api/invitations/accept', { token: invitee.accessToken, body: { code } })),
        ])
        expect(count(answers, 200), statuses(answers).join()).toBeGreaterThanOrEqual(1)
        const listed = (await members(id, token)).filter((m) => m.userId === invitee.user.id || m.email === invitee.email)
        expect(listed).toHaveLength(1)
        expect(listed[0].status).toBe('active')
        expect((await audit(id, token)).filter((e) => e.action === 'member.joined' && e.target === invitationId)).toHaveLength(1)
      }
    })

    it("changing a member's role: the last role stands, one audit entry per change", async () => {
      const { id, token } = await ownerWithProject()
      const member = await signUp(s, { name: 'Member' })
      const memberId = await addMember(s, id, member, 'viewer')
      for (let round = 0; round < ROUNDS; round++) {
        const role = round % 2 ? 'viewer' : 'developer'
        const answers = await race(
          'PATCH member',
          times(AT_ONCE, () => s.request('PATCH', `/api/manage/dapp/${id}/members/${memberId}`, { token, body: { role } })),
        )
        expect(answers.every((a) => a.status === 200)).toBe(true)
        expect((await members(id, token)).find((m) => m.id === memberId)?.role).toBe(role)
      }
      const changes = (await audit(id, token)).filter((e) => e.action === 'member.role_changed' && e.target === memberId)
      expect(changes).toHaveLength(ROUNDS)
    })

    it('removing a member: one 200, the others 404, one audit entry', async () => {
      const { id, token } = await ownerWithProject()
      for (let round = 0; round < ROUNDS; round++) {
        const member = await signUp(s, { name: 'Member' })
        const memberId = await addMember(s, id, member, 'developer')
        const answers = await race(
          'DELETE member',
          times(AT_ONCE, () => s.request('DELETE', `/api/manage/dapp/${id}/members/${memberId}`, { token })),
        )
        expect(statuses(answers).sort()).toEqual([200, ...Array<number>(AT_ONCE - 1).fill(404)])
        expect((await members(id, token)).map((m) => m.id)).not.toContain(memberId)
        expect((await audit(id, token)).filter((e) => e.action === 'member.removed' && e.target === memberId)).toHaveLength(1)
      }
    })

    it('transferring ownership, to one member and to two: one owner afterwards', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { owner, id, token } = await ownerWithProject()
        const a = await signUp(s, { name: 'Heir A' })
        const b = await signUp(s, { name: 'Heir B' })
        const ids = [await addMember(s, id, a, 'admin'), await addMember(s, id, b, 'admin')]
        const answers = await race(
          'POST owner',
          Array.from(
            { length: AT_ONCE },
            (_, i) => () =>
              s.request('POST', `/api/manage/dapp/${id}/owner`, { token, body: { memberId: ids[round % 2 ? i % 2 : 0], password: owner.password } }),
          ),
        )
        expect(count(answers, 200), statuses(answers).join()).toBe(1)
        const listed = await members(id, a.accessToken)
        expect(listed.filter((m) => m.role === 'owner')).toHaveLength(1)
        expect(listed.find((m) => m.userId === owner.user.id)?.role).toBe('admin')
      }
    })

    it('changing the password: one change wins, its password signs in, and the others are told the password sent is no longer the account’s', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const user = await signUp(s, { name: 'Changer' })
        const passwords = Array.from({ length: AT_ONCE }, (_, i) => `new long phrase number ${i}`)
        const answers = await race(
          'POST /me/password',
          passwords.map(
            (newPassword) => () => s.request('POST', '/api/me/password', { token: user.accessToken, body: { currentPassword: user.password, newPassword } }),
          ),
        )
        const won = answers.flatMap((a, i) => (a.status === 204 ? [passwords[i]] : []))
        expect(won.length, statuses(answers).join()).toBeGreaterThanOrEqual(1)
        // The session that changed it stands, so no other change of it is told it was signed out (a 401 signs the widget out).
        expect(answers.filter((a) => a.status !== 204).map((a) => [a.status, a.body.code])).toEqual(Array(AT_ONCE - won.length).fill([403, 'WRONG_PASSWORD']))
        expect((await s.request('GET', '/api/me', { token: user.accessToken })).status).toBe(200)
        const device = await deviceToken(s)
        const signIns = await Promise.all(
          passwords.map((password) => s.request('POST', '/api/auth/authenticate', { token: device, body: { email: user.email, password } })),
        )
        expect(passwords.filter((_, i) => signIns[i].status === 200)).toHaveLength(1)
        expect(won).toContain(passwords[signIns.findIndex((a) => a.status === 200)])
      }
    })

    it('verifying an e-mail code: verified once, every answer below 500', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const user = await signUp(s, { name: 'Verifier' })
        const code = await inbox.code(user.email)
        const answers = await race(
          'POST /auth/email/verify',
          times(AT_ONCE, () => s.request('POST', '/api/auth/email/verify', { token: user.accessToken, body: { code } })),
        )
        expect(count(answers, 200), statuses(answers).join()).toBeGreaterThanOrEqual(1)
        expect((await get('/me', user.accessToken)).emailVerified).toBe(true)
      }
    })

    it('exchanging one host sign-in code: one session, the others refused', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const externalId = `race-${uniqueEmail('host')}`
        const code = ok(await s.request('POST', '/api/sessions', { token: SERVICE_TOKEN, body: { externalId } }), 201).code as string
        const devices = await Promise.all(Array.from({ length: AT_ONCE }, () => deviceToken(s)))
        const answers = await race(
          'POST /auth/exchange',
          devices.map((device) => () => s.request('POST', '/api/auth/exchange', { token: device, body: { code } })),
        )
        expect(count(answers, 200), statuses(answers).join()).toBe(1)
      }
    })

    it('reporting the same batch of request logs: each entry stored once', async () => {
      const { id, token } = await ownerWithProject()
      const keyId = ((await project(id, token)).keys as { id: string }[])[0].id
      for (let round = 0; round < ROUNDS; round++) {
        const entries = Array.from({ length: 3 }, (_, i) => ({
          requestId: `req_race_${round}_${i}`,
          keyId,
          method: 'GET',
          route: '/v1/race',
          status: 200,
          durationMs: 3,
          at: new Date().toISOString(),
        }))
        await race(
          'POST /logs',
          times(AT_ONCE, () => s.request('POST', '/api/logs', { token: SERVICE_TOKEN, body: { entries } })),
        )
        const listed = (await get(`/manage/dapp/${id}/logs`, token)).entries as { requestId: string }[]
        for (const e of entries) expect(listed.filter((l) => l.requestId === e.requestId)).toHaveLength(1)
      }
    })
    it('inviting different addresses one short of the member limit: exactly one invitation is made', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { id, token } = await ownerWithProject()
        for (let i = 0; i < MEMBER_LIMIT - 2; i++) await invite(id, token, uniqueEmail('filler'))
        const answers = await race(
          'POST members at the limit',
          Array.from({ length: AT_ONCE }, () => uniqueEmail('last')).map(
            (email) => () => s.request('POST', `/api/manage/dapp/${id}/members`, { token, body: { email, role: 'viewer' } }),
          ),
        )
        expect(count(answers, 201), statuses(answers).join()).toBe(1)
        expect(answers.filter((a) => a.status !== 201).map((a) => a.body.code)).toEqual(Array<string>(AT_ONCE - 1).fill('MEMBER_LIMIT_REACHED'))
        expect(await members(id, token)).toHaveLength(MEMBER_LIMIT)
        expect((await audit(id, token)).filter((e) => e.action === 'member.invited')).toHaveLength(MEMBER_LIMIT - 1)
      }
    })

    it('deleting a webhook endpoint: one success, the others 404', async () => {
      const { id, token } = await ownerWithProject()
      for (let round = 0; round < ROUNDS; round++) {
        const endpointId = ok(await s.request('POST', `/api/manage/dapp/${id}/webhooks`, { token, body: { url: 'http://127.0.0.1:9/x' } }), 201).id as string
        const answers = await race(
          'DELETE webhook',
          times(AT_ONCE, () => s.request('DELETE', `/api/manage/dapp/${id}/webhooks/${endpointId}`, { token })),
        )
        expect(count(answers, 404), statuses(answers).join()).toBe(AT_ONCE - 1)
        expect(((await get(`/manage/dapp/${id}/webhooks`, token)).endpoints as { id: string }[]).map((e) => e.id)).not.toContain(endpointId)
      }
    })

    it("rolling the project's webhook secret: every answer below 500, one audit entry per roll answered", async () => {
      const { id, token } = await ownerWithProject()
      let rolled = 0
      for (let round = 0; round < ROUNDS; round++) {
        const answers = await race(
          'POST webhooks/secret/roll',
          times(AT_ONCE, () => s.request('POST', `/api/manage/dapp/${id}/webhooks/secret/roll`, { token, body: { graceSeconds: 60 } })),
        )
        rolled += count(answers, 200) + count(answers, 201)
        expect(rolled).toBeGreaterThan(0)
      }
      const entries = (await audit(id, token)).filter((e) => /secret/.test(e.action))
      expect(entries).toHaveLength(rolled)
    })

    it('deleting the account: one 204, the others refused, and it is gone', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { owner, token } = await ownerWithProject()
        const answers = await race(
          'DELETE /me',
          times(AT_ONCE, () => s.request('DELETE', '/api/me', { token, body: { password: owner.password } })),
        )
        expect(count(answers, 204), statuses(answers).join()).toBe(1)
        const device = await deviceToken(s)
        expect((await s.request('POST', '/api/auth/authenticate', { token: device, body: { email: owner.email, password: owner.password } })).status).toBe(401)
      }
    })

    it('signing out, and signing out everywhere, with the same session: the session ends', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const user = await signUp(s, { name: 'Leaver' })
        await race('logout + logout-all', [
          ...times(AT_ONCE / 2, () => s.request('POST', '/api/auth/logout', { token: user.accessToken })),
          ...times(AT_ONCE / 2, () => s.request('POST', '/api/auth/logout-all', { token: user.accessToken })),
        ])
        expect((await s.request('GET', '/api/me', { token: user.accessToken })).status).toBe(401)
      }
    })

    it("ending a host user's sessions: every answer below 500, and the user's session ends", async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const externalId = `race-${uniqueEmail('ended')}`
        const code = ok(await s.request('POST', '/api/sessions', { token: SERVICE_TOKEN, body: { externalId } }), 201).code as string
        const session = ok(await s.request('POST', '/api/auth/exchange', { token: await deviceToken(s), body: { code } }), 200).accessToken as string
        await race(
          'DELETE /sessions',
          times(AT_ONCE, () => s.request('DELETE', `/api/sessions/${encodeURIComponent(externalId)}`, { token: SERVICE_TOKEN })),
        )
        expect((await s.request('GET', '/api/me', { token: session })).status).toBe(401)
      }
    })
    it('registering the same address: one account, the others refused', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const email = uniqueEmail('twin')
        const devices = await Promise.all(Array.from({ length: AT_ONCE }, () => deviceToken(s)))
        const answers = await race(
          'POST /register',
          devices.map(
            (device, i) => () => s.request('POST', '/api/register', { token: device, body: { name: 'Twin', email, password: `a long phrase number ${i}` } }),
          ),
        )
        expect(count(answers, 200), statuses(answers).join()).toBe(1)
        const won = answers.findIndex((a) => a.status === 200)
        const device = await deviceToken(s)
        const signIns = await Promise.all(
          devices.map((_, i) => s.request('POST', '/api/auth/authenticate', { token: device, body: { email, password: `a long phrase number ${i}` } })),
        )
        expect(
          statuses(signIns)
            .map((status, i) => [i, status])
            .filter(([, status]) => status === 200),
        ).toEqual([[won, 200]])
      }
    })

    it('registering the same device: every answer below 500, each token works', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const device = { deviceUDID: `web-race-${round}-${uniqueEmail('d')}`, deviceType: 'WEB' }
        const answers = await race(
          'POST /device',
          times(AT_ONCE, () => s.request('POST', '/api/device', { body: device })),
        )
        for (const a of answers.filter((x) => x.status === 201))
          expect(
            (await s.request('POST', '/api/auth/authenticate', { token: a.body.accessToken, body: { email: 'nobody@example.com', password: 'x'.repeat(12) } }))
              .status,
          ).toBe(401)
      }
    })

    it('resetting a password with the same code: one reset wins, and its password signs in', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const user = await signUp(s, { name: 'Forgetful' })
        await inbox.next(user.email)
        ok(await s.request('POST', '/api/auth/password/forgot', { token: user.deviceToken, body: { email: user.email } }), 202)
        const code = await inbox.code(user.email)
        const passwords = Array.from({ length: AT_ONCE }, (_, i) => `a reset phrase number ${i}`)
        const answers = await race(
          'POST /auth/password/reset',
          // The losers' repeats of the used code count as no wrong code (code-double-submit.test.ts); each round from an address of its own all the same.
          passwords.map(
            (password) => () =>
              s.request('POST', '/api/auth/password/reset', {
                token: user.deviceToken,
                body: { email: user.email, code, password },
                headers: { 'X-Forwarded-For': `198.51.100.${round + 1}` },
              }),
          ),
        )
        expect(count(answers, 200), statuses(answers).join()).toBe(1)
        const device = await deviceToken(s)
        const signIns = await Promise.all(
          passwords.map((password) => s.request('POST', '/api/auth/authenticate', { token: device, body: { email: user.email, password } })),
        )
        expect(signIns.findIndex((a) => a.status === 200)).toBe(answers.findIndex((a) => a.status === 200))
        expect(count(signIns, 200)).toBe(1)
      }
    })

    it('starting host sessions for the same new user, and exchanging their codes at once: one account for the user', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const externalId = `race-${uniqueEmail('new-host')}`
        const started = await race(
          'POST /sessions',
          times(AT_ONCE, () =>
            s.request('POST', '/api/sessions', { token: SERVICE_TOKEN, body: { externalId, name: 'Host user', email: uniqueEmail('hosted') } }),
          ),
        )
        const codes = started.filter((a) => a.status === 201).map((a) => a.body.code as string)
        expect(codes).toHaveLength(AT_ONCE)
        const devices = await Promise.all(codes.map(() => deviceToken(s)))
        const answers = await race(
          'POST /auth/exchange, one user',
          codes.map((code, i) => () => s.request('POST', '/api/auth/exchange', { token: devices[i], body: { code } })),
        )
        expect(count(answers, 200), statuses(answers).join()).toBe(AT_ONCE)
        expect(new Set(answers.map((a) => a.body.user.id)).size).toBe(1)
      }
    })

    it('verifying a key many times at once: each valid answer counted once in its usage', async () => {
      const { id, token } = await ownerWithProject()
      const [keyId, key] = Object.entries(ok(await s.request('POST', `/api/manage/dapp/${id}/api-key`, { token }), 201) as Record<string, string>)[0]
      let valid = 0
      for (let round = 0; round < ROUNDS; round++) {
        const answers = await race(
          'POST /keys/verify',
          times(AT_ONCE, () => s.request('POST', '/api/keys/verify', { token: SERVICE_TOKEN, body: { key } })),
        )
        valid += answers.filter((a) => a.body.valid === true).length
      }
      await s.app.settle()
      const used = ((await get(`/manage/dapp/${id}/usage?days=1`, token)).keys as { keyId: string; valid: number[] }[]).find((k) => k.keyId === keyId)
      expect(used?.valid).toEqual([valid])
    })
    it('sending a webhook message with one idempotency key: one message, every answer its id; other content refused 409', async () => {
      const { id } = await ownerWithProject()
      for (let round = 0; round < ROUNDS; round++) {
        const idempotencyKey = `race-${round}`
        const send = (n: number) => () =>
          s.request('POST', '/api/webhooks/messages', {
            token: SERVICE_TOKEN,
            body: { projectId: id, eventType: 'webhook.test', payload: { n }, idempotencyKey },
          })
        const same = await race('POST /webhooks/messages, same content', times(AT_ONCE, send(0)))
        expect(statuses(same)).toEqual(Array<number>(AT_ONCE).fill(202))
        expect(new Set(same.map((a) => a.body.id)).size).toBe(1)
        const other = await race(
          'POST /webhooks/messages, other content',
          Array.from({ length: AT_ONCE }, (_, n) => send(n + 1)),
        )
        expect(statuses(other)).toEqual(Array<number>(AT_ONCE).fill(409))
        const fresh = await race(
          'POST /webhooks/messages, a new key, other contents',
          Array.from(
            { length: AT_ONCE },
            (_, n) => () =>
              s.request('POST', '/api/webhooks/messages', {
                token: SERVICE_TOKEN,
                body: { projectId: id, eventType: 'webhook.test', payload: { n }, idempotencyKey: `fresh-${round}` },
              }),
          ),
        )
        expect(count(fresh, 202), statuses(fresh).join()).toBe(1)
        expect(count(fresh, 409), statuses(fresh).join()).toBe(AT_ONCE - 1)
      }
    })
  })

  describe('different calls on one resource at once', () => {
    it('rolling a key while deleting it: the key is gone, and a replacement only if the roll answered one', async () => {
      const { id, token } = await ownerWithProject()
      for (let round = 0; round < ROUNDS; round++) {
        const keyId = await newKey(id, token)
        const answers = await race('roll + delete', [
          ...times(AT_ONCE / 2, () => s.request('POST', `/api/manage/dapp/${id}/api-key/${keyId}/roll`, { token, body: { graceSeconds: 3600 } })),
          ...times(AT_ONCE / 2, () => s.request('DELETE', `/api/manage/dapp/${id}/api-key/${keyId}`, { token })),
        ])
        const keys = ((await project(id, token)).keys as { id: string }[]).map((k) => k.id)
        expect(keys).not.toContain(keyId)
        expect(count(answers.slice(AT_ONCE / 2), 200), statuses(answers).join()).toBe(1)
        const rolled = answers.slice(0, AT_ONCE / 2).filter((a) => a.status === 201)
        expect(rolled.length).toBeLessThanOrEqual(1)
        for (const r of rolled) {
          const replacement = Object.keys(r.body)[0]
          expect(keys).toContain(replacement)
          await s.request('DELETE', `/api/manage/dapp/${id}/api-key/${replacement}`, { token })
        }
        expect(keys.length).toBeLessThanOrEqual(KEY_LIMIT)
      }
    })

    it("editing a key's restrictions while rolling it: the replacement carries what the key held when rolled", async () => {
      const { id, token } = await ownerWithProject()
      for (let round = 0; round < ROUNDS; round++) {
        const keyId = await newKey(id, token)
        const allowedIps = [`203.0.113.${round + 1}`]
        const answers = await race('patch + roll', [
          () => s.request('PATCH', `/api/manage/dapp/${id}/api-key/${keyId}`, { token, body: { allowedIps } }),
          () => s.request('POST', `/api/manage/dapp/${id}/api-key/${keyId}/roll`, { token, body: { graceSeconds: 3600 } }),
          () => s.request('PATCH', `/api/manage/dapp/${id}/api-key/${keyId}`, { token, body: { allowedIps } }),
        ])
        expect(answers[1].status).toBe(201)
        const replacement = Object.keys(answers[1].body)[0]
        const keys = (await project(id, token)).keys as { id: string; allowedIps: string[] }[]
        const old = keys.find((k) => k.id === keyId)!
        const made = keys.find((k) => k.id === replacement)!
        // A patch that answered 200 before the roll was copied; one after changed only the old key.
        if (answers[0].status === 200 && answers[2].status === 200) expect(old.allowedIps).toEqual(allowedIps)
        expect([[], allowedIps]).toContainEqual(made.allowedIps)
        for (const k of [keyId, replacement]) await s.request('DELETE', `/api/manage/dapp/${id}/api-key/${k}`, { token })
      }
    })

    it('deleting a project while creating a key in it, reporting its request logs and adding an endpoint: it is gone, all of it', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { id, token } = await ownerWithProject()
        const keyId = ((await project(id, token)).keys as { id: string }[])[0].id
        const entries = [{ requestId: `req_gone_${round}`, keyId, method: 'GET', route: '/v1/race', status: 200, durationMs: 3, at: new Date().toISOString() }]
        const answers = await race('delete project + writes', [
          () => s.request('POST', `/api/manage/dapp/${id}/api-key`, { token }),
          () => s.request('POST', '/api/logs', { token: SERVICE_TOKEN, body: { entries } }),
          () => s.request('DELETE', `/api/manage/dapp/${id}`, { token }),
          () => s.request('POST', `/api/manage/dapp/${id}/webhooks`, { token, body: { url: 'http://127.0.0.1:9/gone' } }),
          () => s.request('POST', `/api/manage/dapp/${id}/api-key`, { token }),
          () => s.request('DELETE', `/api/manage/dapp/${id}`, { token }),
        ])
        expect(count([answers[2], answers[5]], 204), statuses(answers).join()).toBe(1)
        expect((await s.request('GET', `/api/manage/dapp/${id}`, { token })).status).toBe(404)
        expect((await s.request('GET', `/api/manage/dapp/${id}/logs`, { token })).status).toBe(404)
      }
    })

    it('removing a member while changing their role: removed, and not listed', async () => {
      const { id, token } = await ownerWithProject()
      for (let round = 0; round < ROUNDS; round++) {
        const member = await signUp(s, { name: 'Member' })
        const memberId = await addMember(s, id, member, 'viewer')
        const answers = await race('remove + role', [
          () => s.request('PATCH', `/api/manage/dapp/${id}/members/${memberId}`, { token, body: { role: 'developer' } }),
          () => s.request('DELETE', `/api/manage/dapp/${id}/members/${memberId}`, { token }),
          () => s.request('PATCH', `/api/manage/dapp/${id}/members/${memberId}`, { token, body: { role: 'admin' } }),
        ])
        expect(answers[1].status).toBe(200)
        expect((await members(id, token)).map((m) => m.id)).not.toContain(memberId)
        expect((await s.request('GET', `/api/manage/dapp/${id}`, { token: member.accessToken })).status).toBe(404)
      }
    })

    it('transferring ownership while the owner deletes their account: the project keeps exactly one owner, or goes with the account', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { owner, id, token } = await ownerWithProject()
        const heir = await signUp(s, { name: 'Heir' })
        const heirId = await addMember(s, id, heir, 'admin')
        const answers = await race('transfer + delete account', [
          () => s.request('POST', `/api/manage/dapp/${id}/owner`, { token, body: { memberId: heirId, password: owner.password } }),
          () => s.request('DELETE', '/api/me', { token, body: { password: owner.password } }),
        ])
        const seen = await s.request('GET', `/api/manage/dapp/${id}/members`, { token: heir.accessToken })
        if (seen.status === 200) {
          expect((seen.body as { role: string }[]).filter((m) => m.role === 'owner')).toHaveLength(1)
        } else expect(seen.status, statuses(answers).join()).toBe(404)
        if (answers[0].status === 200) expect(seen.status).toBe(200)
      }
    })

    it('revoking an invitation while it is accepted: either a member or no one, never both answered', async () => {
      const { id, token } = await ownerWithProject()
      for (let round = 0; round < ROUNDS; round++) {
        const invitee = await signUp(s, { name: 'Invitee' })
        await verifyEmail(s, invitee)
        const invitationId = await invite(id, token, invitee.email)
        const answers = await race('revoke + accept', [
          () => s.request('DELETE', `/api/manage/dapp/${id}/members/${invitationId}`, { token }),
          () => s.request('POST', `/api/invitations/${invitationId}/accept`, { token: invitee.accessToken }),
        ])
        const listed = (await members(id, token)).filter((m) => m.id === invitationId)
        // The revocation first: no member. The acceptance first: removing a joined member is a removal, so no member either.
        if (answers[0].status === 200) expect(listed).toHaveLength(0)
        else expect(listed.map((m) => m.status)).toEqual(['active'])
        expect(answers[0].status === 200 || answers[1].status === 200, statuses(answers).join()).toBe(true)
      }
    })
    it('rolling a key with a grace period while creating keys, one short of the limit: the live keys stay within it', async () => {
      const { id, token } = await ownerWithProject()
      for (let round = 0; round < ROUNDS; round++) {
        for (const key of (await project(id, token)).keys as { id: string }[])
          ok(await s.request('DELETE', `/api/manage/dapp/${id}/api-key/${key.id}`, { token }), 200)
        for (let i = 0; i < KEY_LIMIT - 1; i++) await newKey(id, token)
        const keyId = ((await project(id, token)).keys as { id: string }[])[0].id
        const answers = await race('roll + create at the limit', [
          () => s.request('POST', `/api/manage/dapp/${id}/api-key/${keyId}/roll`, { token, body: { graceSeconds: 3600 } }),
          ...times(AT_ONCE - 1, () => s.request('POST', `/api/manage/dapp/${id}/api-key`, { token })),
        ])
        expect(count(answers, 201), statuses(answers).join()).toBe(1)
        const now = Date.now()
        const live = ((await project(id, token)).keys as { expiresAt: string | null }[]).filter((k) => k.expiresAt === null || Date.parse(k.expiresAt) > now)
        expect(live).toHaveLength(KEY_LIMIT)
      }
    })

    it('accepting an invitation while it is declined: a member, or a declined invitation, not both', async () => {
      const { id, token } = await ownerWithProject()
      for (let round = 0; round < ROUNDS; round++) {
        const invitee = await signUp(s, { name: 'Invitee' })
        await verifyEmail(s, invitee)
        const invitationId = await invite(id, token, invitee.email)
        const answers = await race('accept + decline', [
          () => s.request('POST', `/api/invitations/${invitationId}/accept`, { token: invitee.accessToken }),
          () => s.request('POST', `/api/invitations/${invitationId}/decline`, { token: invitee.accessToken }),
        ])
        expect(count(answers, 404), statuses(answers).join()).toBe(1)
        const listed = (await members(id, token)).filter((m) => m.id === invitationId)
        if (answers[0].status === 200) expect(listed.map((m) => m.status)).toEqual(['active'])
        else expect(listed).toEqual([])
        expect((await audit(id, token)).filter((e) => e.target === invitationId && e.action !== 'member.invited')).toHaveLength(1)
      }
    })

    it('resending an invitation while it is revoked: revoked, and the resend answered 404 or sent before', async () => {
      const { id, token } = await ownerWithProject()
      for (let round = 0; round < ROUNDS; round++) {
        const invitationId = await invite(id, token, uniqueEmail('resent'))
        const answers = await race('resend + revoke', [
          () => s.request('POST', `/api/manage/dapp/${id}/members/${invitationId}/resend`, { token }),
          () => s.request('DELETE', `/api/manage/dapp/${id}/members/${invitationId}`, { token }),
        ])
        expect(answers[1].status, statuses(answers).join()).toBe(200)
        expect((await members(id, token)).map((m) => m.id)).not.toContain(invitationId)
      }
    })

    it('a member leaving while the owner removes them: gone, one departure in the audit log', async () => {
      const { id, token } = await ownerWithProject()
      for (let round = 0; round < ROUNDS; round++) {
        const member = await signUp(s, { name: 'Member' })
        const memberId = await addMember(s, id, member, 'developer')
        const answers = await race('leave + remove', [
          () => s.request('DELETE', `/api/manage/dapp/${id}/members/${memberId}`, { token: member.accessToken }),
          () => s.request('DELETE', `/api/manage/dapp/${id}/members/${memberId}`, { token }),
        ])
        expect(count(answers, 200), statuses(answers).join()).toBe(1)
        expect((await members(id, token)).map((m) => m.id)).not.toContain(memberId)
        expect((await audit(id, token)).filter((e) => e.target === memberId && /member\.(left|removed)/.test(e.action))).toHaveLength(1)
      }
    })
    it('verifying a key while it is rolled and deleted: each verification answers valid or not, and the key is gone', async () => {
      const { id, token } = await ownerWithProject()
      for (let round = 0; round < ROUNDS; round++) {
        const made = ok(await s.request('POST', `/api/manage/dapp/${id}/api-key`, { token }), 201) as Record<string, string>
        const [keyId, key] = Object.entries(made)[0]
        const answers = await race('verify + roll + delete', [
          ...times(AT_ONCE - 2, () => s.request('POST', '/api/keys/verify', { token: SERVICE_TOKEN, body: { key } })),
          () => s.request('POST', `/api/manage/dapp/${id}/api-key/${keyId}/roll`, { token, body: { graceSeconds: 3600 } }),
          () => s.request('DELETE', `/api/manage/dapp/${id}/api-key/${keyId}`, { token }),
        ])
        expect(answers.slice(0, AT_ONCE - 2).map((a) => a.status)).toEqual(Array<number>(AT_ONCE - 2).fill(200))
        expect(answers[AT_ONCE - 1].status).toBe(200)
        expect(((await project(id, token)).keys as { id: string }[]).map((k) => k.id)).not.toContain(keyId)
        for (const k of (await project(id, token)).keys as { id: string }[]) await s.request('DELETE', `/api/manage/dapp/${id}/api-key/${k.id}`, { token })
      }
    })

    it('transferring ownership to a member while they are removed, or leave: one owner, and the removed member not listed', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { owner, id, token } = await ownerWithProject()
        const heir = await signUp(s, { name: 'Heir' })
        const heirId = await addMember(s, id, heir, 'admin')
        const answers = await race('transfer + removal', [
          () => s.request('POST', `/api/manage/dapp/${id}/owner`, { token, body: { memberId: heirId, password: owner.password } }),
          () => s.request('DELETE', `/api/manage/dapp/${id}/members/${heirId}`, { token: round % 2 ? heir.accessToken : token }),
        ])
        const listed = await members(id, answers[0].status === 200 ? heir.accessToken : token)
        expect(
          listed.filter((m) => m.role === 'owner'),
          statuses(answers).join(),
        ).toHaveLength(1)
        expect(count(answers, 200), statuses(answers).join()).toBe(1)
        if (answers[1].status === 200) expect(listed.map((m) => m.userId)).not.toContain(heir.user.id)
      }
    })

    it('renaming a project while it is deleted, and inviting to it: it is gone, the invitation with it', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { id, token } = await ownerWithProject()
        const invitee = await signUp(s, { name: 'Invitee' })
        await verifyEmail(s, invitee)
        const answers = await race('rename + invite + delete', [
          () => s.request('PATCH', `/api/manage/dapp/${id}`, { token, body: { name: 'Renamed' } }),
          () => s.request('POST', `/api/manage/dapp/${id}/members`, { token, body: { email: invitee.email, role: 'viewer' } }),
          () => s.request('DELETE', `/api/manage/dapp/${id}`, { token }),
        ])
        expect(answers[2].status).toBe(204)
        expect((await s.request('GET', `/api/manage/dapp/${id}`, { token })).status).toBe(404)
        const pending = (await get('/invitations', invitee.accessToken)) as unknown[] | { invitations: unknown[] }
        expect(Array.isArray(pending) ? pending : pending.invitations).toEqual([])
      }
    })

    it('accepting an invitation while its project is deleted: no member of a project that is gone', async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { id, token } = await ownerWithProject()
        const invitee = await signUp(s, { name: 'Invitee' })
        await verifyEmail(s, invitee)
        const invitationId = await invite(id, token, invitee.email)
        const answers = await race('accept + delete project', [
          () => s.request('POST', `/api/invitations/${invitationId}/accept`, { token: invitee.accessToken }),
          () => s.request('DELETE', `/api/manage/dapp/${id}`, { token }),
        ])
        expect(answers[1].status, statuses(answers).join()).toBe(204)
        expect((await s.request('GET', `/api/manage/dapp/${id}`, { token: invitee.accessToken })).status).toBe(404)
      }
    })

    it("changing a member's role while ownership is transferred to them: one owner, and the role change answered for what it found", async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { owner, id, token } = await ownerWithProject()
        const heir = await signUp(s, { name: 'Heir' })
        const heirId = await addMember(s, id, heir, 'admin')
        const answers = await race('transfer + role change', [
          () => s.request('POST', `/api/manage/dapp/${id}/owner`, { token, body: { memberId: heirId, password: owner.password } }),
          () => s.request('PATCH', `/api/manage/dapp/${id}/members/${heirId}`, { token, body: { role: 'viewer' } }),
        ])
        const listed = await members(id, heir.accessToken)
        expect(
          listed.filter((m) => m.role === 'owner'),
          statuses(answers).join(),
        ).toHaveLength(1)
        if (answers[0].status === 200) expect(listed.find((m) => m.userId === heir.user.id)?.role).toBe('owner')
      }
    })
    it('editing a webhook endpoint, sending it a test event and resending to it while it is deleted: gone, nothing left queued for it', async () => {
      const { id, token } = await ownerWithProject()
      for (let round = 0; round < ROUNDS; round++) {
        const endpointId = ok(await s.request('POST', `/api/manage/dapp/${id}/webhooks`, { token, body: { url: 'http://127.0.0.1:9/x' } }), 201).id as string
        const messageId = ok(await s.request('POST', `/api/manage/dapp/${id}/webhooks/${endpointId}/test`, { token }), 202).id as string
        const answers = await race('endpoint writes + delete', [
          () => s.request('PATCH', `/api/manage/dapp/${id}/webhooks/${endpointId}`, { token, body: { description: 'edited' } }),
          () => s.request('POST', `/api/manage/dapp/${id}/webhooks/${endpointId}/test`, { token }),
          () => s.request('POST', `/api/manage/dapp/${id}/webhooks/${endpointId}/messages/${messageId}/resend`, { token }),
          () => s.request('DELETE', `/api/manage/dapp/${id}/webhooks/${endpointId}`, { token }),
          () => s.request('PATCH', `/api/manage/dapp/${id}/webhooks/${endpointId}`, { token, body: { disabled: true } }),
        ])
        expect(answers[3].status, statuses(answers).join()).toBe(204)
        expect(((await get(`/manage/dapp/${id}/webhooks`, token)).endpoints as { id: string }[]).map((e) => e.id)).not.toContain(endpointId)
        expect((await s.request('GET', `/api/manage/dapp/${id}/webhooks/${endpointId}/attempts`, { token })).status).toBe(404)
      }
    })

    it("a member leaving while the project is deleted, and while the owner's account is deleted: every answer below 500, all of it gone", async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { owner, id, token } = await ownerWithProject()
        const member = await signUp(s, { name: 'Member' })
        const memberId = await addMember(s, id, member, 'developer')
        await race('leave + delete project + delete owner', [
          () => s.request('DELETE', `/api/manage/dapp/${id}/members/${memberId}`, { token: member.accessToken }),
          round % 2
            ? () => s.request('DELETE', `/api/manage/dapp/${id}`, { token })
            : () => s.request('DELETE', '/api/me', { token, body: { password: owner.password } }),
          () => s.request('POST', `/api/manage/dapp/${id}/api-key`, { token: member.accessToken }),
        ])
        expect((await s.request('GET', `/api/manage/dapp/${id}`, { token: member.accessToken })).status).toBe(404)
      }
    })
  })
})
