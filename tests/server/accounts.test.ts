import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { PASSWORD_RULE } from '../../server/resources/session/password-policy'
import { CODE_REFUSED, HOST_ACCOUNT, VERIFY_FIRST, WRONG_PASSWORD } from '../../server/resources/accounts/messages'
import { MAIL_NOT_CONFIGURED } from '../../server/mail/index'
import type { AppOverrides } from '../../server/config'
import { startInbox, type Inbox } from '../support/smtp'
import { createTestServer, deviceToken, newProject, signUp, uniqueEmail, type SignedUp, type TestServer } from './harness'
import { HEARD_MS, within } from './within'

const SERVICE_TOKEN = 'a-long-random-service-token-for-tests'
const NEW_PASSWORD = 'a brand new passphrase'

let inbox: Inbox
let s: TestServer
let now = Date.now()

beforeAll(async () => {
  inbox = await startInbox()
})
afterAll(async () => {
  await inbox.close()
})
afterEach(async () => {
  await s?.close()
})

async function server(config: AppOverrides = {}) {
  now = Date.now()
  device = undefined
  s = await createTestServer({
    clock: () => now,
    config: { serviceToken: SERVICE_TOKEN, ...config, mail: { smtpUrl: inbox.url, productName: 'Acme Developers', ...config.mail } },
  })
  return s
}

/** Signs up and takes the verification mail sign-up sends, so later waits see only newer mail. */
async function account(): Promise<SignedUp> {
  const a = await signUp(s)
  await inbox.next(a.email)
  return a
}

// One browser asks for the code and types it: a reset code is the asking device's (code-budget.test.ts).
let device: Promise<string> | undefined
const ownDevice = () => (device ??= deviceToken(s))
const forgot = async (email: string) => s.request('POST', '/api/auth/password/forgot', { token: await ownDevice(), body: { email } })
const reset = async (body: object) => s.request('POST', '/api/auth/password/reset', { token: await ownDevice(), body })
const logIn = async (email: string, password: string) => s.request('POST', '/api/auth/authenticate', { token: await deviceToken(s), body: { email, password } })
const me = (token: string) => s.request('GET', '/api/me', { token })
/** The devices the log-in limits spare for the account (known_devices): those that signed in to it. */
const knownDevices = async (userId: string) =>
  (await s.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM known_devices WHERE user_id = $1', [userId]))[0].n

describe('password reset', () => {
  it('answers an unknown address exactly as a known one and mails only the known one (how long each takes: bench/reset-timing.ts)', async () => {
    await server()
    const known = await account()
    const unknown = uniqueEmail('nobody')
    const first = await forgot(unknown)
    const second = await forgot(known.email)
    expect(first.status).toBe(202)
    expect(second.status).toBe(202)
    expect(first.text).toBe(second.text)
    expect(first.body.message).toMatch(/If an account uses this address/)

    const mail = await inbox.next(known.email)
    expect(mail.subject).toBe('Your password reset code — Acme Developers')
    expect(mail.text).toMatch(/Acme Developers/)
    expect(mail.text).toMatch(/If you did not ask for this, you can ignore this e-mail/)
    // The code works only where it was asked for (code-budget.test.ts): the mail says so.
    expect(mail.text).toMatch(/Enter this code in the same browser where you asked for it/)
    expect(mail.html).toMatch(/Acme Developers/)
    expect(mail.subject).not.toMatch(/\d{4}/)
    // The unknown address's request did no work after its answer: nothing else arrived.
    expect(inbox.mails.filter((m) => m.text?.includes('reset the password'))).toHaveLength(1)

    // Timings, reported (not asserted): the two cases alternate, each on one address asked again and
    // again (so both update a rate-limit row, as an attacker's repeated probe would).
    const again = uniqueEmail('nobody')
    const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] }
    for (let i = 0; i < 6; i++) {
      for (const [kind, email] of [
        ['known', known.email],
        ['unknown', again],
      ] as const) {
        const device = await deviceToken(s)
        const t = performance.now()
        const res = await s.request('POST', '/api/auth/password/forgot', { token: device, body: { email } })
        times[kind].push(performance.now() - t)
        expect(res.status).toBe(202)
      }
    }
    for (let i = 0; i < 6; i++) await inbox.next(known.email)
    const median = (xs: number[]) => ((xs.toSorted((a, b) => a - b)[2] + xs.toSorted((a, b) => a - b)[3]) / 2).toFixed(1)
    console.log(
      `forgot-password answer time on ${s.db.kind}, median of 6: existing account ${median(times.known)} ms, unknown address ${median(times.unknown)} ms`,
    )
  }, 120_000)

  it('signs in with the code and a new password; every other session and the old password stop working; the code works once', async () => {
    await server()
    const a = await account()
    const otherSession = (await logIn(a.email, a.password)).body.accessToken
    await forgot(a.email)
    const code = await inbox.code(a.email)

    expect(await knownDevices(a.user.id)).toBe(2)
    const res = await reset({ email: a.email, code, password: NEW_PASSWORD })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ tokenType: 'Bearer', user: { id: a.user.id, email: a.email } })
    // The devices that knew the old password are no longer spared the log-in limits.
    expect(await knownDevices(a.user.id)).toBe(0)
    expect((await me(res.body.accessToken)).status).toBe(200)
    expect((await me(a.accessToken)).status).toBe(401)
    expect((await me(otherSession)).status).toBe(401)
    expect((await logIn(a.email, a.password)).status).toBe(401)
    expect((await logIn(a.email, NEW_PASSWORD)).status).toBe(200)
    // A reset code reached the mailbox: the address is the owner's.
    expect((await me(res.body.accessToken)).body.emailVerified).toBe(true)

    const again = await reset({ email: a.email, code, password: 'yet another passphrase' })
    expect(again.status).toBe(400)
    expect(again.body.message).toBe(CODE_REFUSED)
    expect(s.logs.join('\n')).not.toContain(code)
  })

  it('burns the code after 5 wrong tries: the right one is then refused with the same message', async () => {
    await server()
    const a = await account()
    await forgot(a.email)
    const code = await inbox.code(a.email)
    const wrong = code === '0000000000' ? '1111111111' : '0000000000'
    for (let i = 0; i < 5; i++) {
      const res = await reset({ email: a.email, code: wrong, password: NEW_PASSWORD })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe(CODE_REFUSED)
    }
    const late = await reset({ email: a.email, code, password: NEW_PASSWORD })
    expect(late.status).toBe(400)
    expect(late.body.message).toBe(CODE_REFUSED)
    expect((await logIn(a.email, a.password)).status).toBe(200)
  })

  it('accepts the right code after 4 wrong tries', async () => {
    await server()
    const a = await account()
    await forgot(a.email)
    const code = await inbox.code(a.email)
    const wrong = code === '0000000000' ? '1111111111' : '0000000000'
    for (let i = 0; i < 4; i++) expect((await reset({ email: a.email, code: wrong, password: NEW_PASSWORD })).status).toBe(400)
    expect((await reset({ email: a.email, code, password: NEW_PASSWORD })).status).toBe(200)
  })

  it('refuses an expired code (CODE_TTL_SECONDS) with the same message', async () => {
    await server({ codeTtlSeconds: 120 })
    const a = await account()
    await forgot(a.email)
    const code = await inbox.code(a.email)
    now += 121_000
    const res = await reset({ email: a.email, code, password: NEW_PASSWORD })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(CODE_REFUSED)
  })

  it('a new code replaces the last one', async () => {
    await server()
    const a = await account()
    await forgot(a.email)
    const first = await inbox.code(a.email)
    await forgot(a.email)
    const second = await inbox.code(a.email)
    if (first !== second) expect((await reset({ email: a.email, code: first, password: NEW_PASSWORD })).body.message).toBe(CODE_REFUSED)
    expect((await reset({ email: a.email, code: second, password: NEW_PASSWORD })).status).toBe(200)
  })

  it('holds the new password to the password rule, without spending the code', async () => {
    await server()
    const a = await account()
    await forgot(a.email)
    const code = await inbox.code(a.email)
    const weak = await reset({ email: a.email, code, password: 'password' })
    expect(weak.status).toBe(400)
    expect(weak.body.message).toMatch(/too common/)
    expect(PASSWORD_RULE).toMatch(/at least 8/)
    expect((await reset({ email: a.email, code: 'abc', password: NEW_PASSWORD })).body.message).toBe('Enter the 10-digit code from the e-mail.')
    // The six digits codes used to have are not enough.
    expect((await reset({ email: a.email, code: code.slice(0, 6), password: NEW_PASSWORD })).body.message).toBe('Enter the 10-digit code from the e-mail.')
    expect((await reset({ email: a.email, code: ` ${code.slice(0, 3)} ${code.slice(3)} `, password: NEW_PASSWORD })).status).toBe(200)
  })

  it('never gives a host sign-in account a password: its address gets no mail, and no code resets it', async () => {
    await server()
    const external = uniqueEmail('host')
    const session = await s.request('POST', '/api/sessions', {
      headers: { Authorization: `Bearer ${SERVICE_TOKEN}` },
      body: { externalId: 'ext-1', email: external },
    })
    const signedIn = await s.request('POST', '/api/auth/exchange', { token: await deviceToken(s), body: { code: session.body.code } })
    expect((await forgot(external)).status).toBe(202)
    for (const code of ['0000000000', '1234567890']) expect((await reset({ email: external, code, password: NEW_PASSWORD })).body.message).toBe(CODE_REFUSED)
    const profile = await me(signedIn.body.accessToken)
    expect(profile.body).toMatchObject({ signIn: 'host', email: external })
    const host = { token: signedIn.body.accessToken }
    expect((await s.request('POST', '/api/me/password', { ...host, body: { currentPassword: 'x', newPassword: NEW_PASSWORD } })).body.message).toBe(
      HOST_ACCOUNT,
    )
    expect((await s.request('DELETE', '/api/me', { ...host, body: { password: 'x' } })).status).toBe(409)
    expect((await s.request('POST', '/api/auth/email/verify/send', host)).status).toBe(409)
    // A known account's mail is the only one that arrives.
    const a = await account()
    await forgot(a.email)
    await inbox.next(a.email)
    expect(inbox.mails.some((m) => JSON.stringify(m.to).includes(external))).toBe(false)
  })

  it('limits requests per e-mail (whether or not it has an account) and per address', async () => {
    await server({ rateLimit: { perEmail: 2, perIp: 4 } })
    const email = uniqueEmail('nobody')
    expect((await forgot(email)).status).toBe(202)
    expect((await forgot(email)).status).toBe(202)
    const third = await forgot(email)
    expect(third.status).toBe(429)
    expect(third.headers.get('retry-after')).toBeTruthy()
    expect((await forgot(uniqueEmail('nobody'))).status).toBe(202)
    expect((await forgot(uniqueEmail('nobody'))).status).toBe(429) // the address's fifth
  })

  it('answers 503 saying so when mail is off (production without SMTP_URL)', async () => {
    await server({ mail: { smtpUrl: undefined, folder: undefined } })
    const a = await signUp(s)
    for (const res of [await forgot(a.email), await reset({ email: a.email, code: '1234567890', password: NEW_PASSWORD })]) {
      expect(res.status).toBe(503)
      expect(res.body.message).toBe(MAIL_NOT_CONFIGURED)
    }
    expect((await s.request('POST', '/api/auth/email/verify/send', { token: a.accessToken })).status).toBe(503)
    // Everything that needs no mail still works.
    expect((await me(a.accessToken)).status).toBe(200)
  })

  it('without SMTP_URL, writes the mail to a folder and logs its path, never the code', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'flex-mail-'))
    try {
      await server({ mail: { smtpUrl: undefined, folder } })
      const a = await signUp(s)
      const [file] = await waitForFiles(folder, 1)
      const text = await readFile(join(folder, file), 'utf8')
      const code = /^\s+(\d+)\s*$/m.exec(text)![1]
      expect(text).toMatch(/Enter this code in Acme Developers to confirm/)
      expect(s.logs.join('\n')).toContain(join(folder, file))
      expect(s.logs.join('\n')).not.toContain(code)
      expect((await s.request('POST', '/api/auth/email/verify', { token: a.accessToken, body: { code } })).status).toBe(200)
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })
})

async function waitForFiles(folder: string, n: number): Promise<string[]> {
  return vi.waitFor(
    async () => {
      const files = await readdir(folder).catch(() => [])
      if (files.length < n) throw new Error(`${files.length} of ${n} mails written`)
      return files.sort()
    },
    { timeout: 10_000, interval: 10 },
  )
}

describe('e-mail verification', () => {
  it('sign-up mails a code; a wrong one is refused, the right one verifies, once', async () => {
    await server()
    const a = await signUp(s)
    expect((await me(a.accessToken)).body.emailVerified).toBe(false)
    const code = await inbox.code(a.email)
    const wrong = code === '0000000000' ? '1111111111' : '0000000000'
    expect((await s.request('POST', '/api/auth/email/verify', { token: a.accessToken, body: { code: wrong } })).body.message).toBe(CODE_REFUSED)
    const ok = await s.request('POST', '/api/auth/email/verify', { token: a.accessToken, body: { code } })
    expect(ok.status).toBe(200)
    expect(ok.body).toEqual({ emailVerified: true })
    expect((await me(a.accessToken)).body.emailVerified).toBe(true)
    expect((await s.request('POST', '/api/auth/email/verify/send', { token: a.accessToken })).status).toBe(409)
  })

  it('"send" mails a new code that replaces the first; it needs a session', async () => {
    await server()
    const a = await signUp(s)
    const first = await inbox.code(a.email)
    const sent = await s.request('POST', '/api/auth/email/verify/send', { token: a.accessToken })
    expect(sent.status).toBe(202)
    expect(sent.body.message).toContain(a.email)
    const second = await inbox.code(a.email)
    if (first !== second) expect((await s.request('POST', '/api/auth/email/verify', { token: a.accessToken, body: { code: first } })).status).toBe(400)
    expect((await s.request('POST', '/api/auth/email/verify', { token: a.accessToken, body: { code: second } })).status).toBe(200)
    expect((await s.request('POST', '/api/auth/email/verify/send')).status).toBe(401)
  })

  it('burns a verification code after 5 wrong tries', async () => {
    await server()
    const a = await signUp(s)
    const code = await inbox.code(a.email)
    const wrong = code === '0000000000' ? '1111111111' : '0000000000'
    for (let i = 0; i < 5; i++) await s.request('POST', '/api/auth/email/verify', { token: a.accessToken, body: { code: wrong } })
    expect((await s.request('POST', '/api/auth/email/verify', { token: a.accessToken, body: { code } })).body.message).toBe(CODE_REFUSED)
  })

  it('REQUIRE_VERIFIED_EMAIL: project and key creation answer 403 until the address is verified', async () => {
    await server({ requireVerifiedEmail: true })
    const a = await signUp(s)
    const code = await inbox.code(a.email)
    const refused = await s.request('POST', '/api/manage/dapp', { token: a.accessToken, body: { name: 'Weather' } })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe(VERIFY_FIRST)
    expect((await s.request('GET', '/api/manage/dapp/owner', { token: a.accessToken })).status).toBe(200)
    await s.request('POST', '/api/auth/email/verify', { token: a.accessToken, body: { code } })
    const p = await newProject(s, a.accessToken)
    expect((await s.request('POST', `/api/manage/dapp/${p.id}/api-key`, { token: a.accessToken })).status).toBe(201)
  })

  it('REQUIRE_VERIFIED_EMAIL: rolling a key answers 403 until the address is verified, for an account whose keys predate the setting', async () => {
    await server()
    const a = await signUp(s)
    const code = await inbox.code(a.email)
    const p = await newProject(s, a.accessToken)
    const [keyId, oldKey] = Object.entries(p.apiKey)[0]
    // The same database, now served with the setting on (the account and its key were made before).
    const gated = await createTestServer({ storage: s.storage, clock: () => now, config: { serviceToken: SERVICE_TOKEN, requireVerifiedEmail: true } })
    try {
      const roll = () => gated.request('POST', `/api/manage/dapp/${p.id}/api-key/${keyId}/roll`, { token: a.accessToken, body: { graceSeconds: 0 } })
      const refused = await roll()
      expect([refused.status, refused.body]).toEqual([403, { message: VERIFY_FIRST, code: 'VERIFY_EMAIL_FIRST' }])
      const verified = await gated.request('POST', '/api/keys/verify', { token: SERVICE_TOKEN, body: { key: oldKey } })
      expect(verified.body).toMatchObject({ valid: true })
      expect((await gated.request('POST', '/api/auth/email/verify', { token: a.accessToken, body: { code } })).status).toBe(200)
      const rolled = await roll()
      expect(rolled.status).toBe(201)
      expect(Object.values(rolled.body as Record<string, string>)[0]).toMatch(/^fxk_/)
    } finally {
      await gated.close()
    }
  })

  it('by default, creation does not wait for verification', async () => {
    await server()
    const a = await signUp(s)
    await newProject(s, a.accessToken)
  })
})

describe('profile, password change, sign out everywhere', () => {
  it('GET /me and PATCH /me', async () => {
    await server()
    const a = await account()
    await newProject(s, a.accessToken)
    const got = await me(a.accessToken)
    expect(got.body).toMatchObject({ id: a.user.id, name: 'Ada Lovelace', email: a.email, emailVerified: false, signIn: 'password', projects: 1, keys: 1 })
    expect(new Date(got.body.createdAt).getTime()).toBeGreaterThan(0)
    const renamed = await s.request('PATCH', '/api/me', { token: a.accessToken, body: { name: '  Ada King  ' } })
    expect(renamed.status).toBe(200)
    expect(renamed.body.name).toBe('Ada King')
    expect((await s.request('PATCH', '/api/me', { token: a.accessToken, body: { name: '' } })).body.message).toBe('Name is required.')
    expect((await me('fxa_nobody')).status).toBe(401)
  })

  it('changing the password needs the current one, and signs out every other session but this one', async () => {
    await server()
    const a = await account()
    const other = (await logIn(a.email, a.password)).body.accessToken
    const wrong = await s.request('POST', '/api/me/password', { token: a.accessToken, body: { currentPassword: 'not it at all', newPassword: NEW_PASSWORD } })
    expect(wrong.status).toBe(403)
    expect(wrong.body.message).toBe(WRONG_PASSWORD)
    expect((await me(other)).status).toBe(200)
    const weak = await s.request('POST', '/api/me/password', { token: a.accessToken, body: { currentPassword: a.password, newPassword: a.email } })
    expect(weak.status).toBe(400)
    const ok = await s.request('POST', '/api/me/password', { token: a.accessToken, body: { currentPassword: a.password, newPassword: NEW_PASSWORD } })
    expect(ok.status).toBe(204)
    expect(await knownDevices(a.user.id)).toBe(0)
    expect((await me(a.accessToken)).status).toBe(200)
    expect((await me(other)).status).toBe(401)
    expect((await logIn(a.email, a.password)).status).toBe(401)
    expect((await logIn(a.email, NEW_PASSWORD)).status).toBe(200)
  })

  it('sign out everywhere revokes every session, this one included', async () => {
    await server()
    const a = await account()
    const other = (await logIn(a.email, a.password)).body.accessToken
    expect(await knownDevices(a.user.id)).toBe(2)
    expect((await s.request('POST', '/api/auth/logout-all', { token: a.accessToken })).status).toBe(204)
    expect(await knownDevices(a.user.id)).toBe(0)
    expect((await me(a.accessToken)).status).toBe(401)
    expect((await me(other)).status).toBe(401)
    expect((await logIn(a.email, a.password)).status).toBe(200)
  })
})

describe('account deletion', () => {
  it('a wrong password removes nothing', async () => {
    await server()
    const a = await account()
    await newProject(s, a.accessToken)
    const res = await s.request('DELETE', '/api/me', { token: a.accessToken, body: { password: 'not the password' } })
    expect(res.status).toBe(403)
    expect(res.body.message).toBe(WRONG_PASSWORD)
    expect((await me(a.accessToken)).body.projects).toBe(1)
  })

  it('removes the account, its projects and keys; its keys stop verifying on a second instance as soon as it hears of it', async () => {
    await server()
    const other = await createTestServer({ storage: s.storage, config: { serviceToken: SERVICE_TOKEN } })
    try {
      const a = await account()
      const keys = [...Object.values((await newProject(s, a.accessToken)).apiKey), ...Object.values((await newProject(s, a.accessToken)).apiKey)]
      const verify = (key: string) => other.request('POST', '/api/keys/verify', { headers: { Authorization: `Bearer ${SERVICE_TOKEN}` }, body: { key } })
      // The second instance's LISTEN is up and its cache holds every key.
      await within(5000, async () => (await Promise.all(keys.map(verify))).every((r) => r.body.valid === true))

      expect((await s.request('DELETE', '/api/me', { token: a.accessToken, body: { password: a.password } })).status).toBe(204)
      const took = await within(HEARD_MS, async () => (await Promise.all(keys.map(verify))).every((r) => r.body.code === 'NOT_FOUND'))
      console.log(`deleted account's keys refused by the second instance (${s.db.kind}) after ${took.toFixed(0)} ms`)
      expect((await me(a.accessToken)).status).toBe(401)
      expect((await logIn(a.email, a.password)).status).toBe(401)
      const [{ n }] = await s.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM projects')
      expect(n).toBe(0)
      // The address is free again.
      await signUp(s, { email: a.email })
    } finally {
      await other.close()
    }
  })
})
