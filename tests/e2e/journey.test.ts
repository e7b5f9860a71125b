/**
 * The whole journey on `/`, the requests it puts
 * on the wire, and the same journey under the page's strict CSP.
 */
import { runJourney } from './harness/journey'
import { expect, test } from './harness/test'
import { WireRecorder, type WireCall } from './harness/wire'

const STRICT_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"

test.describe('the whole journey on /', () => {
  test('guard, sign up, sign out, wrong password, log in, add a project, copy, detail, create and delete a key, back (scenario 1)', async ({ page }) => {
    await runJourney(page, { shots: true })
  })

  test('puts the calls of the API contract on the wire, with the device payload and the right bearer token on each (scenario 2)', async ({ context, page }) => {
    const wire = new WireRecorder(context)
    const journey = await runJourney(page)
    const calls = await wire.calls()
    const id = encodeURIComponent(journey.projectId)

    // Every call is one of the eight, with its method and credential.
    const unexpected = calls.filter((call) => !route(call))
    expect(
      unexpected.map((c) => `${c.method} ${c.path}`),
      'calls outside the API contract',
    ).toEqual([])
    for (const call of calls) {
      const expected = route(call)!
      expect(`${call.method} ${call.path}: ${call.credential}`).toBe(`${call.method} ${call.path}: ${expected.credential}`)
    }

    // Project calls carry the token of the latest sign-in: the sign-up's, then, after
    // the sign-out and the log-in, the log-in's.
    const logInAt = calls.findIndex((c) => c.path === '/api/auth/authenticate' && c.status === 200)
    const tokens = calls
      .map((c, i) => ({ c, i }))
      .filter(({ c }) => c.path.startsWith('/api/manage/'))
      .map(({ c, i }) => `${c.method} ${c.path}: token ${c.accessTokenNumber} (${i < logInAt ? 'before' : 'after'} the log-in)`)
    expect(tokens.some((t) => t.includes('(before')) && tokens.some((t) => t.includes('(after')), 'project calls on both sides of the log-in').toBe(true)
    expect(tokens).toEqual(tokens.map((t) => t.replace(/token \S+ \((before|after)/, (_m, when: string) => `token ${when === 'before' ? 1 : 2} (${when}`)))

    // The calls that change something, in the order the journey made them.
    const changes = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path} → ${c.status}`)
    expect(changes).toEqual([
      'POST /api/device → 201',
      'POST /api/register → 200',
      'POST /api/auth/logout → 204',
      'POST /api/auth/authenticate → 401',
      'POST /api/auth/authenticate → 200',
      'POST /api/manage/dapp → 201',
      `POST /api/manage/dapp/${id}/api-key → 201`,
      `DELETE /api/manage/dapp/${id}/api-key/${encodeURIComponent(journey.deletedKeyId)} → 200`,
    ])

    // The bodies: the device placeholders, the forms as typed, nothing on GET/DELETE.
    const body = (method: string, path: string) => calls.find((c) => c.method === method && c.path === path)?.body
    expect(body('POST', '/api/device')).toEqual({
      deviceUDID: expect.stringMatching(/\S/),
      pushToken: '',
      timeZone: 'EST',
      appVersion: expect.stringMatching(/\S/),
      osVersion: '14',
      deviceType: 'WEB',
      userId: '',
      deviceModel: '',
      country: '',
      language: '',
    })
    expect(body('POST', '/api/register')).toEqual({ name: 'Ada Lovelace', email: journey.email, password: expect.any(String) })
    const logIns = calls.filter((c) => c.path === '/api/auth/authenticate').map((c) => c.body as { email: string; password: string })
    expect(logIns.map((b) => Object.keys(b).sort())).toEqual([
      ['email', 'password'],
      ['email', 'password'],
    ])
    expect(logIns.every((b) => b.email === journey.email)).toBe(true)
    expect(logIns[0].password === 'not the password', 'the wrong password is sent as typed').toBe(true)
    expect(body('POST', '/api/manage/dapp')).toEqual({ name: expect.stringMatching(/^Journey /), description: 'Made by the end-to-end journey' })
    for (const call of calls.filter((c) => c.method === 'GET' || c.method === 'DELETE' || c.path.endsWith('/api-key'))) {
      expect(`${call.method} ${call.path} body: ${JSON.stringify(call.body)}`).toBe(`${call.method} ${call.path} body: null`)
    }

    // The reads behind each screen: the list after sign-up, log-in, create and Back; the project after open, Create and Delete.
    const reads = (path: string) => calls.filter((c) => c.method === 'GET' && c.path === path).length
    expect(reads('/api/manage/dapp/owner')).toBeGreaterThanOrEqual(4)
    expect(reads(`/api/manage/dapp/${id}`)).toBeGreaterThanOrEqual(3)
    expect(
      // A read the page dropped itself (the list reloaded while it was on its way) has no status and is no server failure.
      calls.filter((c) => !c.aborted).every((c) => c.status !== null && c.status < 500),
      'no call failed on the server',
    ).toBe(true)

    // No token, key or secret ever travels in a URL.
    expect(await wire.urlsWithSecrets()).toEqual([])
  })

  test('runs the whole journey under the strict CSP the page is served with, with no violation reported (scenario 6)', async ({ page, problems }) => {
    const journey = await runJourney(page)
    expect(await journey.document.headerValue('content-security-policy')).toBe(STRICT_CSP)
    // The bundle itself arrives under the same policy, from 'self'.
    const scripts = await page.evaluate(() => [...document.scripts].map((s) => (s.src ? new URL(s.src).origin === location.origin : 'inline')))
    expect(scripts.length).toBeGreaterThan(0)
    expect(
      scripts.every((sameOrigin) => sameOrigin === true),
      'every script is a same-origin file',
    ).toBe(true)
    expect(problems.cspViolations).toEqual([])
  })
})

/** Which of the eight calls of the API contract this is, and the credential it must carry. */
function route(call: WireCall): { credential: WireCall['credential'] } | undefined {
  const { method, path } = call
  if (method === 'POST' && path === '/api/device') return { credential: 'none' }
  if (method === 'POST' && (path === '/api/register' || path === '/api/auth/authenticate')) return { credential: 'device token' }
  if (method === 'POST' && path === '/api/manage/dapp') return { credential: 'access token' }
  // Beyond the eight: sign-out revokes the access token on the server.
  if (method === 'POST' && path === '/api/auth/logout') return { credential: 'access token' }
  // Beyond the eight: the project page asks what the server offers, then reads its Webhooks section.
  if (method === 'GET' && (path === '/api/capabilities' || path === '/api/webhooks/event-types')) return { credential: 'none' }
  if (method === 'GET' && /^\/api\/manage\/dapp\/[^/?]+\/webhooks$/.test(path)) return { credential: 'access token' }
  // Beyond the eight: the project page's Usage section, and the account's own data for the unverified-address reminder.
  if (method === 'GET' && /^\/api\/manage\/dapp\/[^/?]+\/usage(\?days=\d+)?$/.test(path)) return { credential: 'access token' }
  if (method === 'GET' && path === '/api/me') return { credential: 'access token' }
  // Beyond the eight: the project page's Members and Activity sections (a server with teams).
  if (method === 'GET' && /^\/api\/manage\/dapp\/[^/?]+\/members$/.test(path)) return { credential: 'access token' }
  if (method === 'GET' && /^\/api\/manage\/dapp\/[^/?]+\/audit\?limit=\d+$/.test(path)) return { credential: 'access token' }
  // Beyond the eight: the dashboard's invitations waiting for the account (a server with teams).
  if (method === 'GET' && path === '/api/invitations') return { credential: 'access token' }
  // Beyond the eight: the project page's Requests section and Usage's errors and latency (a server with request logs).
  if (method === 'GET' && /^\/api\/manage\/dapp\/[^/?]+\/logs(\/summary)?(\?[\w=&%.-]*)?$/.test(path)) return { credential: 'access token' }
  if (method === 'GET' && path === '/api/manage/dapp/owner') return { credential: 'access token' }
  if (method === 'GET' && /^\/api\/manage\/dapp\/[^/?]+$/.test(path)) return { credential: 'access token' }
  if (method === 'POST' && /^\/api\/manage\/dapp\/[^/?]+\/api-key$/.test(path)) return { credential: 'access token' }
  if (method === 'DELETE' && /^\/api\/manage\/dapp\/[^/?]+\/api-key\/[^/?]+$/.test(path)) return { credential: 'access token' }
  return undefined
}
