import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { hasInvisibleCharacters } from '../../contract/fields'
import { createTestServer, deviceToken, signUp, type TestServer } from './harness'

const SERVICE_TOKEN = 'a-long-random-service-token-for-tests'
const INVISIBLE = 'E-mail address must not contain invisible or control characters (such as a zero-width space or a soft hyphen).'

let s: TestServer | undefined
let folder: string | undefined
afterEach(async () => {
  await s?.close()
  s = undefined
  if (folder) await rm(folder, { recursive: true, force: true })
  folder = undefined
})

// Characters that show as nothing but are neither format (Cf) nor control (Cc): Unicode's Default_Ignorable_Code_Point.
const IGNORABLE: Array<[string, string]> = [
  ['Hangul filler U+3164', '\u3164'],
  ['Hangul choseong filler U+115F', '\u115f'],
  ['Hangul jungseong filler U+1160', '\u1160'],
  ['halfwidth Hangul filler U+FFA0', '\uffa0'],
  ['combining grapheme joiner U+034F', '\u034f'],
  ['Mongolian free variation selector one U+180B', '\u180b'],
  ['Mongolian free variation selector three U+180D', '\u180d'],
  ['Mongolian free variation selector four U+180F', '\u180f'],
  ['variation selector-16 U+FE0F', '\ufe0f'],
  ['Khmer vowel inherent U+17B4', '\u17b4'],
]

describe('e-mail addresses with a Default_Ignorable_Code_Point get 400 wherever an address is taken', () => {
  it('the shared predicate refuses every one of them, and format and control characters, and lets ordinary addresses through', () => {
    for (const [name, char] of IGNORABLE) expect(hasInvisibleCharacters(`ad${char}a@example.com`), name).toBe(true)
    for (const char of ['\u200b', '\u00ad', '\u0007', '\u200f']) expect(hasInvisibleCharacters(`a${char}@example.com`)).toBe(true)
    for (const ok of ['ada@example.com', 'josé@example.com', '한글@example.com', 'ἀλφα@example.com']) expect(hasInvisibleCharacters(ok), ok).toBe(false)
  })

  it.each(IGNORABLE)('%s: no look-alike account by sign-up or host sign-in, no log-in, reset code or reset with it', async (_, char) => {
    folder = await mkdtemp(join(tmpdir(), 'flex-mail-'))
    s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN, mail: { smtpUrl: undefined, folder } } })
    const real = await signUp(s, { email: 'ada@example.com' })
    const token = await deviceToken(s)
    for (const lookalike of [`ad${char}a@example.com`, `ada@exam${char}ple.com`, `ada@example.com${char}`]) {
      const calls: Array<[string, string, Record<string, unknown>, Record<string, string>?]> = [
        ['register', '/api/register', { name: 'Mallory', email: lookalike, password: 'correct horse battery' }],
        ['log-in', '/api/auth/authenticate', { email: lookalike, password: real.password }],
        ['forgot', '/api/auth/password/forgot', { email: lookalike }],
        ['reset', '/api/auth/password/reset', { email: lookalike, code: '1234567890', password: 'a brand new passphrase' }],
        ['host sign-in', '/api/sessions', { externalId: 'user-42', email: lookalike }, { Authorization: `Bearer ${SERVICE_TOKEN}` }],
      ]
      for (const [name, path, body, headers] of calls) {
        const res = await s.request('POST', path, headers ? { headers, body } : { token, body })
        expect(res, `${name} ${JSON.stringify(lookalike)}`).toMatchObject({ status: 400, body: { message: INVISIBLE } })
      }
    }
    const [{ n }] = await s.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM users')
    expect(n).toBe(1)
  })
})
