import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { VERIFY_FIRST } from '../../server/resources/accounts/messages'
import type { AppOverrides } from '../../server/config'
import { startInbox, type Inbox } from '../support/smtp'
import { createTestServer, newProject, signUp, type TestServer } from './harness'

/**
 * REQUIRE_VERIFIED_EMAIL and webhooks: an endpoint makes the server send signed requests to a URL the caller chose,
 * a secret roll mints a credential, a test event or a resend is a request sent on demand; each waits for a verified
 * address as creating a key does. Reading, changing and deleting what is there do not.
 */

let inbox: Inbox
const servers: TestServer[] = []

beforeAll(async () => {
  inbox = await startInbox()
})
afterAll(async () => {
  await inbox.close()
})
afterEach(async () => {
  for (const s of servers.splice(0).reverse()) await s.close()
})

const SERVICE_TOKEN = 'service-token-for-the-verified-email-tests'
const HOOK = 'http://127.0.0.1:9/hooks'

async function server(config: AppOverrides, storage?: TestServer['storage']) {
  const s = await createTestServer({
    storage,
    config: { serviceToken: SERVICE_TOKEN, mail: { smtpUrl: inbox.url }, webhooks: { allowPrivateNetworks: true }, ...config },
  })
  servers.push(s)
  return s
}

describe('REQUIRE_VERIFIED_EMAIL and webhooks', () => {
  it('holds adding an endpoint, re-pointing one, rolling the secret, a test event and a resend at 403 until the address is verified, for an account whose project predates the setting', async () => {
    const before = await server({})
    const a = await signUp(before)
    const code = await inbox.code(a.email)
    const p = await newProject(before, a.accessToken)
    const hooks = `/api/manage/dapp/${p.id}/webhooks`
    const made = await before.request('POST', hooks, { token: a.accessToken, body: { url: HOOK } })
    expect(made.status).toBe(201)
    const endpoint = `${hooks}/${made.body.id}`
    const tested = await before.request('POST', `${endpoint}/test`, { token: a.accessToken })
    expect(tested.status).toBe(202)

    // The same database, now served with the setting on (the account, its project and endpoint were made before).
    const gated = await server({ requireVerifiedEmail: true }, before.storage)
    const call = (method: string, path: string, body?: object) => gated.request(method, path, { token: a.accessToken, body })
    const held = [
      () => call('POST', hooks, { url: `${HOOK}/second` }),
      () => call('POST', `${hooks}/secret/roll`, { graceSeconds: 0 }),
      () => call('POST', `${endpoint}/test`),
      () => call('POST', `${endpoint}/messages/${tested.body.id}/resend`),
      // Re-pointing the endpoint is adding one at a new address (last: a message is not resent to a new address).
      () => call('PATCH', endpoint, { url: `${HOOK}/moved` }),
    ]
    const refusals: unknown[] = []
    for (const send of held) refusals.push(await send().then((r) => [r.status, r.body.code]))
    expect(refusals).toEqual(held.map(() => [403, 'VERIFY_EMAIL_FIRST']))
    expect((await held[0]()).body.message).toBe(VERIFY_FIRST)
    // What is there may still be read, described, turned off and on; the first test event was the only one
    // queued, and the endpoint still points where it did.
    const listed = await call('GET', hooks)
    expect([listed.status, listed.body.endpoints.length, listed.body.endpoints[0].url]).toEqual([200, 1, HOOK])
    // An edit that sends the address unchanged, as the widget's Edit does, is no new address.
    expect((await call('PATCH', endpoint, { url: HOOK, description: 'Billing' })).status).toBe(200)
    expect((await call('PATCH', endpoint, { disabled: true })).status).toBe(200)
    expect((await call('PATCH', endpoint, { disabled: false })).status).toBe(200)
    expect((await call('GET', `${endpoint}/attempts`)).status).toBe(200)

    expect((await call('POST', '/api/auth/email/verify', { code })).status).toBe(200)
    const statuses: number[] = []
    for (const send of held) statuses.push((await send()).status)
    expect(statuses).toEqual([201, 201, 202, 202, 200])
    expect((await call('DELETE', endpoint)).status).toBe(204)
  })

  it('by default, an unverified account adds endpoints and rolls the secret', async () => {
    const s = await server({})
    const a = await signUp(s)
    const p = await newProject(s, a.accessToken)
    const hooks = `/api/manage/dapp/${p.id}/webhooks`
    expect((await s.request('POST', hooks, { token: a.accessToken, body: { url: HOOK } })).status).toBe(201)
    expect((await s.request('POST', `${hooks}/secret/roll`, { token: a.accessToken, body: { graceSeconds: 0 } })).status).toBe(201)
  })
})
