/**
 * A password is checked (scrypt, tens of milliseconds) before the transaction
 * that acts on it. A reset, a change or the account's deletion that lands in
 * between makes the check stale: what it allowed must not happen. On
 * PostgreSQL, the other request's transaction is held open on a connection of
 * its own (blocked.ts), and the request runs into it: a condition, not a time.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { blockedBy, holdOpen } from './blocked'
import { createTestServer, deviceToken, signUp, usePostgres, type SignedUp, type TestServer } from './harness'

let s: TestServer
let victim: SignedUp
/** An account whose password the victim's is set to, as the owner's reset sets a new one. */
let other: SignedUp

beforeEach(async () => {
  s = await createTestServer()
  victim = await signUp(s)
  other = await signUp(s, { password: 'the owner recovered it' })
})
afterEach(() => s.close())

/**
 * The owner's reset, held open after it wrote the new password (the other account's, so its text is known) and
 * ended every session, as a reset does.
 */
const reset = () =>
  holdOpen(s.db, async (tx) => {
    await tx.query('UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE id = $2) WHERE id = $1', [victim.user.id, other.user.id])
    await tx.query("DELETE FROM tokens WHERE kind = 'access' AND user_id = $1", [victim.user.id])
  })

const logIn = async (password: string) =>
  (await s.request('POST', '/api/auth/authenticate', { token: await deviceToken(s), body: { email: victim.email, password } })).status

describe.runIf(usePostgres)('a password checked before a reset lands', () => {
  it('changes nothing: a change under way answers 401, and the reset password stands', async () => {
    const held = await reset()
    const change = s.request('POST', '/api/me/password', {
      token: victim.accessToken,
      body: { currentPassword: victim.password, newPassword: 'the attacker chose this' },
    })
    await blockedBy(s.db, held)
    expect((await change).status).toBe(401)
    expect(await logIn('the owner recovered it')).toBe(200)
    expect(await logIn('the attacker chose this')).toBe(401)
  })

  it('deletes nothing: a deletion under way answers 401, and the account stays', async () => {
    const held = await reset()
    const deletion = s.request('DELETE', '/api/me', { token: victim.accessToken, body: { password: victim.password } })
    await blockedBy(s.db, held)
    expect((await deletion).status).toBe(401)
    expect(await logIn('the owner recovered it')).toBe(200)
  })

  it('signs no one in: a log-in with the old password under way answers 401 and leaves no session', async () => {
    const held = await reset()
    const device = await deviceToken(s)
    const login = s.request('POST', '/api/auth/authenticate', { token: device, body: { email: victim.email, password: victim.password } })
    await blockedBy(s.db, held)
    expect((await login).status).toBe(401)
    const [{ n }] = await s.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM known_devices WHERE user_id = $1', [victim.user.id])
    expect(n).toBe(1)
  })
})

describe.runIf(usePostgres)("while the account's deletion lands", () => {
  it('a log-in under way answers 401, not 500', async () => {
    const held = await holdOpen(s.db, async (tx) => {
      await tx.query('DELETE FROM users WHERE id = $1', [victim.user.id])
    })
    const login = s.request('POST', '/api/auth/authenticate', { token: await deviceToken(s), body: { email: victim.email, password: victim.password } })
    await blockedBy(s.db, held)
    expect((await login).status).toBe(401)
  })

  it('a rename under way answers 401, not 200 with no body', async () => {
    const held = await holdOpen(s.db, async (tx) => {
      await tx.query('DELETE FROM users WHERE id = $1', [victim.user.id])
    })
    const rename = s.request('PATCH', '/api/me', { token: victim.accessToken, body: { name: 'Grace' } })
    await blockedBy(s.db, held)
    expect((await rename).status).toBe(401)
  })
})
