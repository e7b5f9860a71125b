import { afterEach, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { HostSession } from '../../contract/requests'
import { northwindEmail } from '../../server/demo/northwind'
import { NEUTRAL_NAME } from '../../server/resources/host-sessions/accounts'
import { CODE_REFUSED, HOST_SESSIONS_NOT_CONFIGURED } from '../../server/resources/host-sessions/routes'
import { SERVICE_TOKEN_REQUIRED } from '../../server/http/service-token'
import { VERIFY_NOT_CONFIGURED } from '../../server/resources/verify/routes'
import { MESSAGES_NOT_CONFIGURED } from '../../server/resources/webhooks/routes'
import { createTestServer, deviceToken, newProject, signUp, uniqueEmail, type TestServer } from './harness'

const SERVICE_TOKEN = 'a-long-random-service-token-for-tests'
const service = { Authorization: `Bearer ${SERVICE_TOKEN}` }

let s: TestServer | undefined
let now = Date.parse('2030-01-01T00:00:00Z')
afterEach(async () => {
  await s?.close()
  s = undefined
})

async function server(config: Parameters<typeof createTestServer>[0] = {}) {
  now = Date.parse('2030-01-01T00:00:00Z')
  s = await createTestServer({ clock: () => now, ...config, config: { serviceToken: SERVICE_TOKEN, ...config.config } })
  return s
}

const newCode = (body: object, headers: Record<string, string> = service) => s!.request('POST', '/api/sessions', { headers, body })
const exchange = async (code: unknown, token?: string, ip = '203.0.113.7') =>
  s!.request('POST', '/api/auth/exchange', { token: token ?? (await deviceToken(s!)), body: { code }, headers: { 'X-Forwarded-For': ip } })

describe("the demo's host user's e-mail", () => {
  it('is made of the name, stable, and valid for any name', () => {
    expect(northwindEmail('Ada Lovelace')).toBe('ada.lovelace@northwind.example')
    expect(northwindEmail('  Ada  Lovelace! ')).toBe('ada.lovelace@northwind.example')
    expect(northwindEmail('山田')).toBe('e5b1b1e794b0@northwind.example')
    for (const name of ['Ada Lovelace', '山田', '-', 'x'.repeat(60)])
      expect(HostSession.safeParse({ externalId: 'n', email: northwindEmail(name) }).success).toBe(true)
  })
})

describe('POST /sessions', () => {
  it('needs the service token: 401 without it or with another, 503 when SERVICE_TOKEN is not set', async () => {
    await server()
    const refused: Record<string, string>[] = [{}, { Authorization: 'Bearer not-the-service-token' }, { Authorization: `Basic ${SERVICE_TOKEN}` }]
    for (const headers of refused) {
      const res = await newCode({ externalId: 'u1' }, headers)
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ message: SERVICE_TOKEN_REQUIRED, code: 'SERVICE_TOKEN_REQUIRED' })
    }
    // A user's access token is not a service token either.
    const user = await signUp(s!)
    expect((await s!.request('POST', '/api/sessions', { token: user.accessToken, body: { externalId: 'u1' } })).status).toBe(401)

    const unconfigured = await createApp({ db: s!.db, log: () => undefined }).request('/api/sessions', {
      method: 'POST',
      headers: { ...service, 'Content-Type': 'application/json' },
      body: '{"externalId":"u1"}',
    })
    expect(unconfigured.status).toBe(503)
    expect(await unconfigured.json()).toEqual({ message: HOST_SESSIONS_NOT_CONFIGURED, code: 'HOST_SESSIONS_NOT_CONFIGURED' })
    expect((await s!.db.query('SELECT 1 FROM users WHERE external_id IS NOT NULL')).length).toBe(0)
  })

  it("the demo's host sign-in without SERVICE_TOKEN: its own token signs in through /northwind, and the other service routes still answer 503", async () => {
    await server()
    const demo = createApp({ db: s!.db, config: { demoHostSessions: true }, clock: () => now, log: () => undefined })
    const login = await demo.request('/northwind/login', { method: 'POST', body: new URLSearchParams({ name: 'Ada' }) })
    const cookie = login.headers.get('set-cookie')!.split(';')[0]
    const session = await demo.request('/northwind/portal-session', { method: 'POST', headers: { cookie } })
    expect(session.status).toBe(200)
    const { code } = (await session.json()) as { code: string }
    expect(code).toEqual(expect.any(String))
    // Its user has an e-mail in the portal: the account, and the Members table of a project they own (existing.html).
    const signedIn = await exchange(code)
    expect(signedIn.body.user).toMatchObject({ name: 'Ada', email: 'ada@northwind.example' })
    const project = await newProject(s!, signedIn.body.accessToken)
    const members = await s!.request('GET', `/api/manage/dapp/${project.id}/members`, { token: signedIn.body.accessToken })
    expect(members.body).toEqual([expect.objectContaining({ role: 'owner', name: 'Ada', email: 'ada@northwind.example' })])
    // Northwind gives that address and vouches for it: one user an address, so "ADA" is Ada, and the address is verified.
    const me = await s!.request('GET', '/api/me', { token: signedIn.body.accessToken })
    expect(me.body).toMatchObject({ emailVerified: true })
    const again = await demo.request('/northwind/login', { method: 'POST', body: new URLSearchParams({ name: 'ADA' }) })
    const code2 = (await (
      await demo.request('/northwind/portal-session', { method: 'POST', headers: { cookie: again.headers.get('set-cookie')!.split(';')[0] } })
    ).json()) as {
      code: string
    }
    expect((await exchange(code2.code)).body.user.id).toBe(signedIn.body.user.id)
    // No token a provider could hold is accepted for them: they are not configured, and say so.
    const json = { ...service, 'Content-Type': 'application/json' }
    const verify = await demo.request('/api/keys/verify', { method: 'POST', headers: json, body: '{"key":"fxk_x"}' })
    expect(verify.status).toBe(503)
    expect(await verify.json()).toEqual({ message: VERIFY_NOT_CONFIGURED, code: 'VERIFY_NOT_CONFIGURED' })
    const message = await demo.request('/api/webhooks/messages', {
      method: 'POST',
      headers: json,
      body: '{"projectId":"prj_x","eventType":"webhook.test","payload":{}}',
    })
    expect(message.status).toBe(503)
    expect(await message.json()).toEqual({ message: MESSAGES_NOT_CONFIGURED, code: 'WEBHOOK_MESSAGES_NOT_CONFIGURED' })
    // Its log-in form is outside /api and its body limit: a form bigger than a name is refused, not read whole.
    const huge = await demo.request('/northwind/login', { method: 'POST', body: new URLSearchParams({ name: 'A'.repeat(100_000) }) })
    expect(huge.status).toBe(413)
    await demo.close()
  })

  it('answers 201 { code, expiresAt } with a code that is stored only as a hash, and checks the body', async () => {
    await server({ config: { sessionCodeTtlSeconds: 90 } })
    const res = await newCode({ externalId: 'acme-42', email: 'Grace@Example.com', name: 'Grace Hopper' })
    expect(res.status).toBe(201)
    expect(Object.keys(res.body).sort()).toEqual(['code', 'expiresAt'])
    expect(res.body.code).toMatch(/^fxc_[A-Za-z0-9_-]{43}$/)
    expect(res.body.expiresAt).toBe(new Date(now + 90_000).toISOString())
    const rows = await s!.db.query<{ code_hash: string }>('SELECT code_hash FROM session_codes')
    expect(rows).toHaveLength(1)
    expect(rows[0].code_hash).not.toContain(res.body.code)
    expect(JSON.stringify(rows)).not.toContain(res.body.code.slice(4))
    expect(s!.logs.join('\n')).not.toContain(res.body.code)

    expect((await newCode({})).body).toEqual({ message: 'externalId is required.', code: 'EXTERNAL_ID_REQUIRED' })
    expect((await newCode({ externalId: 'x', email: 'nope' })).body).toEqual({ message: 'Enter a valid e-mail address.', code: 'EMAIL_INVALID' })
    expect((await newCode({ externalId: 'x', name: '' })).status).toBe(400)
  })
})

describe('POST /auth/exchange', () => {
  it('signs in once with the log-in body; the same code again, an unknown one and an expired one get one 401', async () => {
    await server()
    const { code } = (await newCode({ externalId: 'acme-1', email: 'grace@example.com', name: 'Grace Hopper' })).body
    const first = await exchange(code)
    expect(first.status).toBe(200)
    expect(Object.keys(first.body).sort()).toEqual(['accessToken', 'expiresAt', 'tokenType', 'user'])
    expect(first.body.user).toMatchObject({ name: 'Grace Hopper', email: 'grace@example.com' })
    // The session works on the project calls.
    expect((await s!.request('GET', '/api/manage/dapp/owner', { token: first.body.accessToken })).status).toBe(200)

    const again = await exchange(code)
    expect(again.status).toBe(401)
    expect(again.body).toEqual({ message: CODE_REFUSED, code: 'SIGN_IN_CODE_REFUSED' })
    expect((await exchange('fxc_unknown')).body).toEqual({ message: CODE_REFUSED, code: 'SIGN_IN_CODE_REFUSED' })

    const late = (await newCode({ externalId: 'acme-1' })).body.code
    now += 61_000
    const expired = await exchange(late)
    expect(expired.status).toBe(401)
    expect(expired.body).toEqual({ message: CODE_REFUSED, code: 'SIGN_IN_CODE_REFUSED' })
  })

  it('is valid until SESSION_CODE_TTL_SECONDS have passed', async () => {
    await server({ config: { sessionCodeTtlSeconds: 30 } })
    const { code } = (await newCode({ externalId: 'acme-ttl' })).body
    now += 29_000
    expect((await exchange(code)).status).toBe(200)
  })

  it('needs a device token, as log-in does', async () => {
    await server()
    const { code } = (await newCode({ externalId: 'acme-2' })).body
    const res = await s!.request('POST', '/api/auth/exchange', { body: { code } })
    expect(res.status).toBe(401)
    // The code was not spent by the refused call.
    expect((await exchange(code)).status).toBe(200)
  })

  it('is rate-limited as log-in is: per address before the body, and failures with the failed log-ins', async () => {
    await server({ config: { trustProxy: true, rateLimit: { perIp: 1000, failuresPerIp: 3, windowSeconds: 600 } } })
    const token = await deviceToken(s!)
    for (let i = 0; i < 3; i++) expect((await exchange(`fxc_guess${i}`, token)).status).toBe(401)
    const { code } = (await newCode({ externalId: 'acme-3' })).body
    const refused = await exchange(code, token)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another address is not affected, and the refused attempt did not spend the code.
    expect((await exchange(code, token, '203.0.113.99')).status).toBe(200)

    await s!.close()
    await server({ config: { trustProxy: true, rateLimit: { perIp: 2, windowSeconds: 600 } } })
    const device = await deviceToken(s!)
    expect((await exchange('fxc_a', device)).status).toBe(401)
    expect((await exchange('fxc_b', device)).status).toBe(401)
    expect((await exchange('fxc_c', device)).status).toBe(429)
  })
})

describe('accounts made by the provider', () => {
  it("names a new account without a name by its address or externalId only when a typed name could be it, else 'User'", async () => {
    await server()
    const nameOf = async (body: object) => (await exchange((await newCode(body)).body.code)).body.user.name
    // Neither field is checked as a name: a line break, a tab, NEL, only a zero-width space, or too long.
    for (const externalId of ['line1\nline2', 'tab\there', '\u0085x', '\u200B', 'x'.repeat(200)]) {
      expect(await nameOf({ externalId }), JSON.stringify(externalId)).toBe(NEUTRAL_NAME)
    }
    expect(NEUTRAL_NAME).toBe('User')
    const long = `${'a'.repeat(64)}@${'b'.repeat(60)}.example.com`
    expect(await nameOf({ externalId: 'acme-long', email: long })).toBe('acme-long')
    expect(await nameOf({ externalId: 'acme-5', email: 'ada@example.com' })).toBe('ada@example.com')
    expect(await nameOf({ externalId: '  acme-6 ' })).toBe('acme-6')
  })

  it('the same externalId reaches the same account, with its projects; name and e-mail are updated when given', async () => {
    await server()
    const one = (await exchange((await newCode({ externalId: 'acme-7', email: 'ada@example.com', name: 'Ada' })).body.code)).body
    const project = await newProject(s!, one.accessToken)
    const two = (await exchange((await newCode({ externalId: 'acme-7', name: 'Ada Lovelace' })).body.code)).body
    expect(two.user).toEqual({ id: one.user.id, name: 'Ada Lovelace', email: 'ada@example.com' })
    const list = await s!.request('GET', '/api/manage/dapp/owner', { token: two.accessToken })
    expect(list.body.map((p: { id: string }) => p.id)).toEqual([project.id])
    const three = (await exchange((await newCode({ externalId: 'acme-7', email: 'ada@new.example.com' })).body.code)).body
    expect(three.user).toEqual({ id: one.user.id, name: 'Ada Lovelace', email: 'ada@new.example.com' })

    // Another externalId is another account.
    const other = (await exchange((await newCode({ externalId: 'acme-8' })).body.code)).body
    expect(other.user.id).not.toBe(one.user.id)
    expect(other.user.name).toBe('acme-8')
  })

  it('is never linked with a password account of the same e-mail, either way round', async () => {
    await server()
    const email = uniqueEmail('same')
    const password = await signUp(s!, { email, name: 'Password owner' })
    const passwordProject = await newProject(s!, password.accessToken)

    const host = (await exchange((await newCode({ externalId: 'acme-9', email, name: 'Provider user' })).body.code)).body
    expect(host.user.id).not.toBe(password.user.id)
    const seen = await s!.request('GET', '/api/manage/dapp/owner', { token: host.accessToken })
    expect(seen.body).toEqual([])
    expect((await s!.request('GET', `/api/manage/dapp/${passwordProject.id}`, { token: host.accessToken })).status).toBe(404)

    // The password account still logs in as itself.
    const login = await s!.request('POST', '/api/auth/authenticate', { token: await deviceToken(s!), body: { email, password: password.password } })
    expect(login.status).toBe(200)
    expect(login.body.user.id).toBe(password.user.id)

    // And a provider's address taken first does not block, or get, a sign-up with it.
    const email2 = uniqueEmail('first')
    const host2 = (await exchange((await newCode({ externalId: 'acme-10', email: email2 })).body.code)).body
    const later = await signUp(s!, { email: email2 })
    expect(later.user.id).not.toBe(host2.user.id)
  })

  it('has no password: password log-in never reaches it', async () => {
    await server()
    const email = uniqueEmail('nopass')
    await exchange((await newCode({ externalId: 'acme-11', email })).body.code)
    const res = await s!.request('POST', '/api/auth/authenticate', { token: await deviceToken(s!), body: { email, password: 'any password at all' } })
    expect(res.status).toBe(401)
    const [row] = await s!.db.query<{ email: string | null; password_hash: string | null }>('SELECT email, password_hash FROM users WHERE external_id = $1', [
      'acme-11',
    ])
    expect(row).toEqual({ email: null, password_hash: null })
  })
})
