/**
 * A browser that sends mailed codes, for the tests of the codes' budgets: its
 * own device token, at one client address (X-Forwarded-For, on a server that
 * trusts its proxy), so each test chooses which address a try counts against.
 */
import { deviceToken, type SignedUp, type TestServer } from './harness'

/** The password a reset sets unless told another. */
export const NEW_PASSWORD = 'a brand new passphrase'

let addresses = 0
/** An IPv4 address no other call of the run's worker uses. */
export const newAddress = () => `10.${(++addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`

export type Res = Awaited<ReturnType<TestServer['request']>>

export async function codeBrowser(s: TestServer, ip = newAddress()) {
  const token = await deviceToken(s)
  const post = (path: string, body: object, bearer = token): Promise<Res> =>
    s.request('POST', path, { token: bearer, body, headers: { 'X-Forwarded-For': ip } })
  return {
    forgot: (email: string) => post('/api/auth/password/forgot', { email }),
    reset: (email: string, code: string, password = NEW_PASSWORD) => post('/api/auth/password/reset', { email, code, password }),
    verify: (a: SignedUp, code: string) => post('/api/auth/email/verify', { code }, a.accessToken),
  }
}
