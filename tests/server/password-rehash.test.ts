/**
 * A password hash records the scrypt cost it was made at (`scrypt$N$r$p$salt$hash`). Raising the
 * cost reaches the accounts made before it: a successful log-in makes the hash again at the
 * current cost, and the password still signs in after.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createTestServer, signUp, TEST_PASSWORD_COST, type TestServer } from './harness'

const servers: TestServer[] = []
afterEach(async () => {
  for (const s of servers.splice(0).reverse()) await s.close()
})

const RAISED = { ...TEST_PASSWORD_COST, N: TEST_PASSWORD_COST.N * 2 }

const storedHash = async (s: TestServer, userId: string) =>
  (await s.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [userId]))[0].password_hash

const logIn = (s: TestServer, token: string, email: string, password: string) =>
  s.request('POST', '/api/auth/authenticate', { token, body: { email, password } })

describe('a password hashed at a cost since raised', () => {
  it('is hashed again at the new cost by a successful log-in, and the password still signs in', async () => {
    const before = await createTestServer()
    servers.push(before)
    const u = await signUp(before)
    const old = await storedHash(before, u.user.id)
    expect(old).toMatch(new RegExp(`^scrypt\\$${TEST_PASSWORD_COST.N}\\$8\\$1\\$`))

    // The same database, served with the raised cost.
    const after = await createTestServer({ storage: before.storage, config: { passwordCost: RAISED } })
    servers.push(after)
    expect((await logIn(after, u.deviceToken, u.email, 'not the password')).status).toBe(401)
    expect(await storedHash(after, u.user.id)).toBe(old)

    expect((await logIn(after, u.deviceToken, u.email, u.password)).status).toBe(200)
    const raised = await storedHash(after, u.user.id)
    expect(raised).toMatch(new RegExp(`^scrypt\\$${RAISED.N}\\$8\\$1\\$`))

    expect((await logIn(after, u.deviceToken, u.email, u.password)).status).toBe(200)
    // Already at the current cost: left as it is.
    expect(await storedHash(after, u.user.id)).toBe(raised)
  })
})
