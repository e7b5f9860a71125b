/**
 * The spec's journey against a server that implements only the spec's eight
 * calls: every other call answers 404, and the project read carries only the
 * spec's fields. Whatever the widget adds on top (key names, expiry, roll,
 * server sign-out, chunks that load on demand) must hide or fall back, and the
 * journey must pass unchanged.
 */
import type { Route } from '@playwright/test'
import { runJourney } from './harness/journey'
import { expect, test } from './harness/test'

const SPEC_CALLS: Array<[method: string, path: RegExp]> = [
  ['POST', /^\/api\/device$/],
  ['POST', /^\/api\/register$/],
  ['POST', /^\/api\/auth\/authenticate$/],
  ['POST', /^\/api\/manage\/dapp$/],
  ['GET', /^\/api\/manage\/dapp\/owner$/],
  ['GET', /^\/api\/manage\/dapp\/[^/]+$/],
  ['POST', /^\/api\/manage\/dapp\/[^/]+\/api-key$/],
  ['DELETE', /^\/api\/manage\/dapp\/[^/]+\/api-key\/[^/]+$/],
]
/** The spec's project: what GET /manage/dapp/{id} answers there. */
const SPEC_PROJECT_FIELDS = ['id', 'name', 'description', 'createDate', 'status', 'apiKey']

test('the spec journey passes against a server with only the spec’s calls', async ({ page }) => {
  const refused: string[] = []
  const scripts: string[] = []
  page.on('request', (request) => scripts.push(new URL(request.url()).pathname.split('/').pop() ?? ''))
  await page.route('**/api/**', async (route: Route) => {
    const request = route.request()
    const { pathname } = new URL(request.url())
    const method = request.method()
    if (!SPEC_CALLS.some(([m, path]) => m === method && path.test(pathname))) {
      refused.push(`${method} ${pathname}`)
      return route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ message: 'Not found.' }) })
    }
    const response = await route.fetch()
    if (method === 'GET' && pathname !== '/api/manage/dapp/owner' && response.ok()) {
      const project = (await response.json()) as Record<string, unknown>
      const json = Object.fromEntries(SPEC_PROJECT_FIELDS.filter((k) => k in project).map((k) => [k, project[k]]))
      return route.fulfill({ response, json })
    }
    return route.fulfill({ response })
  })
  await runJourney(page)
  // The calls beyond the spec the journey makes were refused, and the journey went on: sign-out's
  // revocation, and the question of what the server offers (asked once per page, by the first
  // screen that has extras); with no answer, nothing beyond the spec is shown.
  expect([...new Set(refused)].sort()).toEqual(['GET /api/capabilities', 'POST /api/auth/logout'])
  // Nor is the code of what it does not offer fetched: the verification reminder, ahead of a sign-in.
  expect(scripts.some((name) => name.startsWith('fp-Dashboard-'))).toBe(true)
  expect(scripts.filter((name) => /^fp-(VerifyBanner|account-calls)-/.test(name))).toEqual([])
})
