import { afterEach, describe, expect, it } from 'vitest'
import { createTestServer, deviceToken, uniqueEmail, type TestServer } from './harness'

let s: TestServer | undefined
afterEach(async () => {
  await s?.close()
  s = undefined
})

const register = async (password: string, email = uniqueEmail()) => {
  const token = await deviceToken(s!)
  return s!.request('POST', '/api/register', { token, body: { name: 'Ada', email, password } })
}

describe('the password rule (NIST SP 800-63B)', () => {
  it.each([
    ['seven characters', '1234567', 'Password must be at least 8 characters.'],
    ['seven emoji (14 UTF-16 units)', '🙂'.repeat(7), 'Password must be at least 8 characters.'],
    ['eight spaces', '        ', 'Password must not be one character repeated. Choose a longer phrase you can remember.'],
    ['one letter repeated', 'aaaaaaaaaaaa', 'Password must not be one character repeated. Choose a longer phrase you can remember.'],
    ['password', 'password', 'This password is too common: it appears in lists of breached passwords. Choose another.'],
    ['12345678', '12345678', 'This password is too common: it appears in lists of breached passwords. Choose another.'],
    ['a common one in capitals', 'PASSWORD1', 'This password is too common: it appears in lists of breached passwords. Choose another.'],
  ])('refuses %s with 400 and its reason, and makes no account', async (_, password, message) => {
    s = await createTestServer()
    const email = uniqueEmail()
    const res = await register(password, email)
    expect(res.status).toBe(400)
    expect(res.body.message).toBe(message)
    expect(await s.db.query('SELECT 1 FROM users WHERE email = $1', [email])).toEqual([])
  })

  it('refuses the e-mail address itself, in any case', async () => {
    s = await createTestServer()
    const email = uniqueEmail('long.local.part')
    const res = await register(email.toUpperCase(), email)
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Password must not be your e-mail address.')
  })

  it.each(['correct horse battery', 'Tr0ub4dor&3x', '🙂🙃🙂🙃🙂🙃🙂🙃', 'zq8#Lm2!'])('accepts %s', async (password) => {
    s = await createTestServer()
    expect((await register(password)).status).toBe(200)
  })
})
