import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestServer, deviceToken, newProject, signUp, uniqueEmail, type SignedUp, type TestServer } from './harness'

const SERVICE_TOKEN = 'a-long-random-service-token-for-tests'
const service = { Authorization: `Bearer ${SERVICE_TOKEN}` }

let s: TestServer | undefined
let folder: string | undefined
afterEach(async () => {
  await s?.close()
  s = undefined
  if (folder) await rm(folder, { recursive: true, force: true })
  folder = undefined
})

const blank = (label: string) => `${label} must contain a visible character, not only spaces or invisible characters.`
const control = (label: string) => `${label} must not contain line breaks, tabs or other control characters.`

/** Characters that render as nothing: a name made only of them shows as a blank actor, inviter or row. */
const BLANK: Array<[string, string]> = [
  ['Hangul filler U+3164', '\u3164'],
  ['Hangul choseong filler U+115F', '\u115f'],
  ['Hangul jungseong filler U+1160', '\u1160'],
  ['halfwidth Hangul filler U+FFA0', '\uffa0'],
  ['combining grapheme joiner U+034F', '\u034f'],
  ['zero-width space U+200B', '\u200b'],
  ['right-to-left mark U+200F', '\u200f'],
  ['word joiner U+2060', '\u2060'],
  ['invisible plus U+2064', '\u2064'],
  ['Mongolian vowel separator U+180E', '\u180e'],
  ['Braille blank U+2800', '\u2800'],
  ['variation selector-16 U+FE0F', '\ufe0f'],
  ['tag space U+E0020', '\u{e0020}'],
  ['musical null notehead U+1D159', '\u{1d159}'],
  ['a mix with spaces', ' \u200b \u3164\u2800 '],
]

/** Characters that break a line where a name is shown, mailed or exported, or reorder the words after it. */
const CONTROL: Array<[string, string]> = [
  ['CR LF and a forged header', 'Bob\r\nBcc: mallory@example.com'],
  ['a line feed', 'Ada\nLovelace'],
  ['a tab', 'Ada\tLovelace'],
  ['a next-line character U+0085', 'Ada\u0085Lovelace'],
  ['a line separator U+2028', 'Ada\u2028Lovelace'],
  ['an escape character', 'Ada\u001b[2J'],
  ['a right-to-left override U+202E', 'Mallory\u202e'],
  ['a left-to-right isolate U+2066', '\u2066Ada'],
]

type Call = [label: string, send: (name: string) => Promise<{ status: number; body: { message?: string } }>]

/** Every call that takes a name (user, project, key, endpoint description), each with its field's label. */
async function nameCalls(t: TestServer): Promise<Call[]> {
  const u = await signUp(t)
  const p = await newProject(t, u.accessToken)
  const keyId = Object.keys(p.apiKey)[0]
  const endpoint = await t.request('POST', `/api/manage/dapp/${p.id}/webhooks`, { token: u.accessToken, body: { url: 'http://127.0.0.1:9/hook' } })
  expect(endpoint.status).toBe(201)
  const device = await deviceToken(t)
  const as =
    (method: string, path: string, field: string, rest: Record<string, unknown> = {}) =>
    (name: string) =>
      t.request(method, path, { token: u.accessToken, body: { ...rest, [field]: name } })
  return [
    ['Name', (name) => t.request('POST', '/api/register', { token: device, body: { name, email: uniqueEmail(), password: 'correct horse battery' } })],
    ['Name', as('PATCH', '/api/me', 'name')],
    ['Name', (name) => t.request('POST', '/api/sessions', { headers: service, body: { externalId: 'user-42', name } })],
    ['Project name', as('POST', '/api/manage/dapp', 'name')],
    ['Project name', as('PATCH', `/api/manage/dapp/${p.id}`, 'name')],
    ['Key name', as('POST', `/api/manage/dapp/${p.id}/api-key`, 'name')],
    ['Key name', as('PATCH', `/api/manage/dapp/${p.id}/api-key/${keyId}`, 'name')],
    ['Endpoint description', as('POST', `/api/manage/dapp/${p.id}/webhooks`, 'description', { url: 'http://127.0.0.1:9/other' })],
    ['Endpoint description', as('PATCH', `/api/manage/dapp/${p.id}/webhooks/${endpoint.body.id}`, 'description')],
  ]
}

const roomy = {
  serviceToken: SERVICE_TOKEN,
  webhooks: { allowPrivateNetworks: true },
  rateLimit: { perUser: 100_000, perAddress: 100_000, perIp: 100_000, projectsPerUser: 100_000 },
}

async function nothingStored(t: TestServer, marker: string) {
  const [{ n }] = await t.db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM users WHERE strpos(name, $1) > 0) + (SELECT count(*) FROM projects WHERE strpos(name, $1) > 0)
          + (SELECT count(*) FROM api_keys WHERE strpos(name, $1) > 0) + (SELECT count(*) FROM webhook_endpoints WHERE strpos(description, $1) > 0) AS n`,
    [marker],
  )
  expect(Number(n)).toBe(0)
}

describe('a name that shows nothing gets 400 naming its field, wherever a name is taken', () => {
  it.each(BLANK)('%s', async (_, chars) => {
    s = await createTestServer({ config: roomy })
    for (const [label, send] of await nameCalls(s)) {
      const res = await send(chars)
      expect(res, `${label}: ${JSON.stringify(chars)}`).toMatchObject({ status: 400, body: { message: blank(label) } })
    }
    await nothingStored(s, chars.trim())
  })
})

describe('a name holding a control character gets 400 naming its field, wherever a name is taken', () => {
  it.each(CONTROL)('%s', async (_, name) => {
    s = await createTestServer({ config: roomy })
    for (const [label, send] of await nameCalls(s)) {
      const res = await send(name)
      expect(res, `${label}: ${JSON.stringify(name)}`).toMatchObject({ status: 400, body: { message: control(label) } })
    }
    await nothingStored(s, name)
  })
})

describe('names that show something are taken as they are', () => {
  it('a joiner inside an emoji or a word, a script with combining marks, an empty optional description', async () => {
    s = await createTestServer({ config: roomy })
    const calls = await nameCalls(s)
    // A right-to-left mark is a letter's direction, not an override: a name in two scripts may need one.
    for (const name of ['👩‍💻 Ada', 'नमस्ते', 'Jo\u200dsé', '한글 이름', 'אבי\u200f (Avi)']) {
      for (const [label, send] of calls) expect((await send(name)).status, `${label}: ${name}`).toBeLessThan(300)
    }
    const endpointDescription = calls.at(-1)![1]
    expect((await endpointDescription('')).status).toBe(200)
  })

  it('names stored before the rule still display: profile, project list and detail, keys', async () => {
    s = await createTestServer()
    const u = await signUp(s)
    const p = await newProject(s, u.accessToken)
    await s.db.query('UPDATE users SET name = $1 WHERE id = $2', ['\u3164', u.user.id])
    await s.db.query('UPDATE projects SET name = $1 WHERE id = $2', ['Bob\r\nBcc: x', p.id])
    await s.db.query('UPDATE api_keys SET name = $1 WHERE project_id = $2', ['\u200b', p.id])
    expect(await s.request('GET', '/api/me', { token: u.accessToken })).toMatchObject({ status: 200, body: { name: '\u3164' } })
    const list = await s.request('GET', '/api/manage/dapp/owner', { token: u.accessToken })
    expect(list.status).toBe(200)
    expect(JSON.stringify(list.body)).toContain('Bob\\r\\nBcc: x')
    const detail = await s.request('GET', `/api/manage/dapp/${p.id}`, { token: u.accessToken })
    expect(detail).toMatchObject({ status: 200, body: { name: 'Bob\r\nBcc: x', keys: [expect.objectContaining({ name: '\u200b' })] } })
  })
})

const EMAIL_INVISIBLE = 'E-mail address must not contain invisible or control characters (such as a zero-width space or a soft hyphen).'
const EMAIL_NOT_A_DOMAIN = 'E-mail address must end in a domain name, not an IP address.'

describe('unusual e-mail addresses get 400 wherever an address is taken', () => {
  const ADDRESSES: Array<[string, string, string]> = [
    ['a Braille blank U+2800', 'ada\u2800@example.com', EMAIL_INVISIBLE],
    ['a Hangul filler U+3164', 'ada@exam\u3164ple.com', EMAIL_INVISIBLE],
    ['a domain literal', 'a@[127.0.0.1]', EMAIL_NOT_A_DOMAIN],
    ['a bare IP address', 'a@127.0.0.1', EMAIL_NOT_A_DOMAIN],
    // As mail software reads a domain (UTS-46, IPv4 in any notation), each of these reaches 127.0.0.1 or example.com.
    ['an IP address in fullwidth digits', 'a@127.0.0.\uff11', EMAIL_NOT_A_DOMAIN],
    ['an IP address in hexadecimal', 'a@0x7f.1', EMAIL_NOT_A_DOMAIN],
    ['a fullwidth letter in the domain', 'victim@\uff45xample.com', 'Enter a valid e-mail address.'],
    ['a percent escape in the domain', 'victim@exa%41mple.com', 'Enter a valid e-mail address.'],
  ]
  it.each(ADDRESSES)('%s: register, log-in, reset, host sign-in and invitations refuse it', async (_, address, message) => {
    folder = await mkdtemp(join(tmpdir(), 'flex-mail-'))
    s = await createTestServer({ config: { ...roomy, mail: { smtpUrl: undefined, folder } } })
    const owner: SignedUp = await signUp(s)
    const p = await newProject(s, owner.accessToken)
    const device = await deviceToken(s)
    const calls: Array<[string, string, { token?: string; headers?: Record<string, string>; body: Record<string, unknown> }]> = [
      ['POST', '/api/register', { token: device, body: { name: 'Mallory', email: address, password: 'correct horse battery' } }],
      ['POST', '/api/auth/authenticate', { token: device, body: { email: address, password: 'correct horse battery' } }],
      ['POST', '/api/auth/password/forgot', { token: device, body: { email: address } }],
      ['POST', '/api/auth/password/reset', { token: device, body: { email: address, code: '123456', password: 'a brand new passphrase' } }],
      ['POST', '/api/sessions', { headers: service, body: { externalId: 'user-42', email: address } }],
      ['POST', `/api/manage/dapp/${p.id}/members`, { token: owner.accessToken, body: { email: address, role: 'developer' } }],
    ]
    for (const [method, path, opts] of calls) {
      expect(await s.request(method, path, opts), `${path} ${JSON.stringify(address)}`).toMatchObject({ status: 400, body: { message } })
    }
    const [{ n }] = await s.db.query<{ n: number }>(`SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM project_members) AS n`)
    expect(Number(n)).toBe(1)
  })

  // Each of these reaches victim@example.com by mail, as another account's address and another invitation count.
  it.each([
    ['a comment after the domain', 'victim@example.com(1)'],
    ['a comment before the local part', '(3)victim@example.com'],
    ['a list of two', 'x,victim@example.com'],
    ['a list ended', 'victim@example.com;'],
  ])('%s: register, host sign-in and invitations refuse it; an account made with it before still logs in', async (_, address) => {
    s = await createTestServer({ config: { ...roomy } })
    const owner: SignedUp = await signUp(s)
    const p = await newProject(s, owner.accessToken)
    const device = await deviceToken(s)
    const invalid = { status: 400, body: { message: 'Enter a valid e-mail address.' } }
    expect(
      await s.request('POST', '/api/register', { token: device, body: { name: 'Mallory', email: address, password: 'correct horse battery' } }),
    ).toMatchObject(invalid)
    expect(await s.request('POST', '/api/sessions', { headers: service, body: { externalId: 'user-42', email: address } })).toMatchObject(invalid)
    expect(
      await s.request('POST', `/api/manage/dapp/${p.id}/members`, { token: owner.accessToken, body: { email: address, role: 'developer' } }),
    ).toMatchObject(invalid)
    // Made when the address was taken: its owner is not locked out.
    const earlier = await signUp(s)
    await s.db.query('UPDATE users SET email = $2 WHERE id = $1', [earlier.user.id, address])
    const logIn = await s.request('POST', '/api/auth/authenticate', { token: device, body: { email: address, password: earlier.password } })
    expect(logIn.status, logIn.text).toBe(200)
  })

  it('an ordinary address whose domain starts with a digit is still taken, as are one of an international domain and one with an apostrophe and a tag', async () => {
    s = await createTestServer()
    await expect(signUp(s, { email: uniqueEmail().replace('example.com', '1example.com') })).resolves.toBeDefined()
    await expect(signUp(s, { email: uniqueEmail().replace('example.com', 'm\u00fcnchen.de') })).resolves.toBeDefined()
    await expect(signUp(s, { email: `o'brien+${uniqueEmail()}`.replace('example.com', 'mail.example.co.uk') })).resolves.toBeDefined()
  })
})
