/**
 * Request logs in a real browser against the reference server: calls the
 * provider's API reports (`POST /api/logs`, as any language reports them) show
 * in the project page's Requests section and in <flex-request-log> on a page of
 * the host's, new ones while the page is open; a call's detail gives its
 * request id. On a laptop and a phone, axe clean.
 */
import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { callApi, createAccount, type Account } from './harness/api'
import { screenshot, screenshotOf } from './harness/artifacts'
import { heading, logIn, TEXT } from './harness/screens'
import { startServer, removeDataDir, type ServerProcess } from './harness/server'
import { expect, test } from './harness/test'

const SERVICE_TOKEN = 'an-e2e-service-token-for-request-logs'
const LONG_NAME = 'Production key for the invoicing service in the EU region 01'
/**
 * A new call shows on the elements' next look (every 2 s, POLL_MS): that promise is timed with a fake clock in the
 * component tests (request-log-live.test.tsx). Here, that it shows at all; a 2-core CI machine running Chromium,
 * the server and the reporting middleware at once can take longer than 3 s, which failed a run once.
 */
const NEXT_POLL = { timeout: 10_000 }

// One server of its own (the suite's has no service token to report with), shared by the file's tests in turn.
test.describe.configure({ mode: 'serial' })

let server: ServerProcess
test.beforeAll(async () => {
  server = await startServer({ env: { SERVICE_TOKEN } })
})
test.afterAll(async () => {
  await server?.stop()
  if (server) await removeDataDir(server.dataDir)
})

const api = <T>(method: string, path: string, token: string, body?: unknown) => callApi<T>(server.origin, method, path, token, body)

/** One call as a provider's API reports it, made now. */
const call = (keyId: string, extra: Record<string, unknown> = {}) => ({
  requestId: `req_${randomUUID()}`,
  keyId,
  method: 'GET',
  route: '/v1/invoices/:id',
  status: 200,
  durationMs: 12,
  at: new Date().toISOString(),
  ...extra,
})
const report = (...entries: ReturnType<typeof call>[]) => api<{ accepted: number }>('POST', '/logs', SERVICE_TOKEN, { entries })

/** An account with a project whose one key is named Production. */
async function project(account: Account): Promise<{ id: string; keyId: string; key: string }> {
  const made = await api<{ id: string; apiKey: Record<string, string> }>('POST', '/manage/dapp', account.accessToken, { name: 'Invoices API' })
  const [keyId] = Object.keys(made.apiKey)
  await api('PATCH', `/manage/dapp/${made.id}/api-key/${keyId}`, account.accessToken, { name: 'Production' })
  // A second key whose name is as long as a name may be: its filter option must not widen the page.
  await api('POST', `/manage/dapp/${made.id}/api-key`, account.accessToken, { name: LONG_NAME })
  return { id: made.id, keyId, key: made.apiKey[keyId] }
}

async function logInAt(page: Page, account: Account, route = '#/login') {
  await page.goto(`${server.url}${route}`)
  await logIn(page, account)
  await expect(heading(page, TEXT.dashboardHeading)).toBeVisible()
}

const details = (scope: ReturnType<Page['locator']>, route: string) =>
  scope.getByRole('button', { name: new RegExp(`^Details of \\w+ ${route.replace(/[/:]/g, '\\$&')} at `) })

for (const [device, viewport] of [
  ['laptop', { width: 1280, height: 900 }],
  ['phone', { width: 375, height: 812 }],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport, ...(device === 'phone' ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}) })

    test("lists a project's reported calls, shows a new one while open, and gives a call's request id", async ({ page, axe }) => {
      const account = await createAccount(server.origin)
      const { id, keyId } = await project(account)
      expect((await report(call(keyId, { requestId: 'req_e2e_first', status: 404, durationMs: 7 }))).accepted).toBe(1)
      await logInAt(page, account)
      await page.goto(`${server.url}#/projects?projectid=${encodeURIComponent(id)}`)
      const section = page.getByRole('region', { name: 'Requests', exact: true })
      await expect(details(section, '/v1/invoices/:id')).toHaveCount(1)
      await expect(section.getByText('Client error', { exact: true })).toBeVisible()

      await report(call(keyId, { route: '/v1/live', status: 503, method: 'POST' }))
      await expect(details(section, '/v1/live')).toBeVisible(NEXT_POLL)
      await expect(section.getByText('Server error', { exact: true })).toBeVisible()
      // Only the POSTs: the server answers the POST alone; all methods again bring the GET back.
      const method = section.getByRole('combobox', { name: 'Method' })
      await method.selectOption('POST')
      await expect(details(section, '/v1/invoices/:id')).toHaveCount(0)
      await expect(details(section, '/v1/live')).toBeVisible()
      await method.selectOption('')
      await expect(details(section, '/v1/invoices/:id')).toHaveCount(1)
      // Only the slow ones: a call of 1.2 s reported now is the one slower than a second.
      await report(call(keyId, { route: '/v1/exports', durationMs: 1200 }))
      await expect(details(section, '/v1/exports')).toBeVisible(NEXT_POLL)
      const duration = section.getByRole('combobox', { name: 'Duration' })
      await duration.selectOption({ label: 'Slower than 1,000 ms' })
      await expect(details(section, '/v1/live')).toHaveCount(0)
      await expect(details(section, '/v1/invoices/:id')).toHaveCount(0)
      await expect(details(section, '/v1/exports')).toBeVisible()
      await duration.selectOption('')
      await expect(details(section, '/v1/invoices/:id')).toHaveCount(1)
      // The call a client was answered X-Request-Id req_e2e_first, and no other; the box keeps the focus.
      const requestId = section.getByRole('searchbox', { name: 'Request ID' })
      await requestId.fill('req_e2e_first')
      await expect(details(section, '/v1/exports')).toHaveCount(0)
      await expect(details(section, '/v1/invoices/:id')).toHaveCount(1)
      await expect(requestId).toBeFocused()
      await requestId.fill('')
      await expect(details(section, '/v1/exports')).toBeVisible()

      // The filters line up: on a phone one a line, every field in one column as wide; on a laptop side by side.
      const fields = [
        ...['Key', 'Status', 'Method', 'Duration'].map((name) => section.getByRole('combobox', { name, exact: true })),
        section.getByRole('searchbox', { name: 'Route' }),
        requestId,
      ]
      const boxes = await Promise.all(fields.map(async (field) => (await field.boundingBox())!))
      // The typed boxes as tall as the selects, whatever their font.
      expect(new Set(boxes.map((b) => Math.round(b.height))).size, 'the fields are as tall').toBe(1)
      if (device === 'phone') {
        expect(new Set(boxes.map((b) => Math.round(b.x))).size, 'the fields start at one edge').toBe(1)
        expect(new Set(boxes.map((b) => Math.round(b.width))).size, 'the fields are as wide').toBe(1)
        expect(boxes.every((b, i) => i === 0 || b.y > boxes[i - 1].y)).toBe(true)
      } else expect(boxes.slice(1, 3).map((b) => b.y)).toEqual([boxes[0].y, boxes[0].y])

      await details(section, '/v1/invoices/:id').click()
      const box = page.getByRole('dialog', { name: 'Request' })
      await expect(box.getByText('req_e2e_first')).toBeVisible()
      await expect(box.getByText('Give this ID to support: it finds this call.')).toBeVisible()
      expect(await axe.check(page)).toBe('')
      await box.getByRole('button', { name: 'Close' }).click()
      await expect(box).toHaveCount(0)
      await section.scrollIntoViewIfNeeded()
      expect(await axe.check(page)).toBe('')
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        'nothing scrolls sideways',
      ).toBeLessThanOrEqual(0)
      await screenshot(page, `requests-${device}`)
    })
  })
}

test.describe('on a 320 px phone, in Spanish', () => {
  test.use({ viewport: { width: 320, height: 700 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 })

  test('each filter stands over its field, and each select shows its whole option, not "Cualquier esta…"', async ({ page }) => {
    const account = await createAccount(server.origin)
    const { id } = await project(account)
    await logInAt(page, account)
    await page.goto(`${server.url}#/projects?projectid=${encodeURIComponent(id)}`)
    await page.locator('flex-portal').evaluate((el) => el.setAttribute('lang', 'es'))
    const section = page.getByRole('region', { name: 'Solicitudes', exact: true })
    await expect(section.getByRole('combobox', { name: 'Estado', exact: true })).toBeVisible()
    const selects = await section.getByRole('combobox').evaluateAll((found) =>
      found.map((element) => {
        const select = element as HTMLSelectElement
        const style = getComputedStyle(select)
        const pen = document.createElement('canvas').getContext('2d')!
        pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
        const text = select.selectedOptions[0].text
        // Chromium draws its arrow in the last 20 px or so of the padding box.
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20
        return {
          text,
          needs: pen.measureText(text).width,
          room,
          over: select.labels[0].getBoundingClientRect().bottom <= select.getBoundingClientRect().top + 1,
        }
      }),
    )
    expect(selects.map((s) => s.text)).toEqual(['Todas las claves', 'Cualquier estado', 'Todos los métodos', 'Cualquier duración'])
    for (const select of selects) expect(select.needs, select.text).toBeLessThanOrEqual(select.room)
    for (const select of selects) expect(select.over, `${select.text}: its label over it`).toBe(true)
    await screenshot(page, 'requests-filters-320-es')
  })
})

test('<flex-request-log> on a page of the host: the last calls, a new one while open; with none, how to make one', async ({ page, axe }) => {
  const account = await createAccount(server.origin)
  const { id, keyId } = await project(account)
  await logInAt(page, account)
  // The host's own page: the element beside its docs (the session is the page's, shared by every element).
  await page.evaluate((projectId) => {
    const log = document.createElement('flex-request-log')
    log.setAttribute('project-id', projectId)
    log.setAttribute('limit', '5')
    document.body.prepend(log)
  }, id)
  const log = page.locator('flex-request-log').getByRole('region', { name: 'Your last calls' })
  await expect(log.getByText('No calls yet.')).toBeVisible()
  await expect(log.getByText('Authorization: Bearer YOUR_API_KEY')).toBeVisible()
  await report(call(keyId, { route: '/v1/ping' }))
  await expect(details(log, '/v1/ping')).toBeVisible(NEXT_POLL)
  expect(await axe.check(page)).toBe('')
})

// The docs page's own samples call its demo API (a Hono app behind flex-portal/verify's honoApiKey, request logs on,
// reporting to this server): the call shows in the page's portal (Requests) and in its <flex-request-log>.
for (const [device, viewport] of [
  ['laptop', { width: 1280, height: 900 }],
  ['phone', { width: 375, height: 812 }],
] as const) {
  test(`on the docs page (${device}), calls through its demo API show in the Requests section and in <flex-request-log>`, async ({ page, axe }) => {
    await page.setViewportSize(viewport)
    const account = await createAccount(server.origin)
    const { id, key } = await project(account)
    await page.goto(`${server.url}docs.html`)
    const portal = page.locator('flex-portal')
    await logIn(portal, account)
    await portal.getByRole('link', { name: 'Invoices API' }).click()
    const section = portal.getByRole('region', { name: 'Requests', exact: true })
    // Under the Quickstart's samples, with the project they show (the one opened in the portal).
    const log = page.locator('#quickstart flex-request-log').getByRole('region', { name: 'Your last calls' })
    await expect(log.getByText('No calls yet.')).toBeVisible()
    await expect(section.getByText('No calls yet.')).toBeVisible()
    // The developer's call, as the page's curl sample makes it: the middleware verifies the key, answers, then reports the call.
    const route = '/demo-api/v1/projects/:projectId/ping'
    const answer = await fetch(`${server.origin}/demo-api/v1/projects/${encodeURIComponent(id)}/ping`, {
      headers: { Authorization: `Bearer ${key}`, 'X-Request-Id': `req_docs_${device}` },
    })
    expect(answer.status).toBe(200)
    // Both on their next look, waited for together.
    await Promise.all([expect(details(section, route)).toBeVisible(NEXT_POLL), expect(details(log, route)).toBeVisible(NEXT_POLL)])
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      'nothing scrolls sideways',
    ).toBeLessThanOrEqual(0)
    // The log under the samples it belongs to, as a reader of the Quickstart sees it.
    await screenshotOf(page.locator('#quickstart'), `docs-request-log-${device}`)
    await details(log, route).click()
    await expect(page.getByRole('dialog', { name: 'Request' }).getByText(`req_docs_${device}`)).toBeVisible()
    expect(await axe.check(page)).toBe('')
  })
}
