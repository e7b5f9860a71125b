/**
 * Usage on the project page in a real browser, against a server whose keys
 * were verified: the chart's summary and numbers, the per-key filter and the
 * keys table's column, on a laptop and a phone in both themes; and nothing of
 * it when the server does not offer usage.
 */
import type { Page } from '@playwright/test'
import { callApi, createAccount, type Account } from './harness/api'
import { screenshot } from './harness/artifacts'
import { heading, logIn, TEXT } from './harness/screens'
import { startServer, removeDataDir, type ServerProcess } from './harness/server'
import { expect, test } from './harness/test'

const SERVICE_TOKEN = 'an-e2e-service-token-for-usage'

// One server of its own (the suite's has no service token to verify with), shared by the file's tests in turn.
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
const verify = (key: string) => api<{ valid: boolean }>('POST', '/keys/verify', SERVICE_TOKEN, { key })

/** A project with two keys: Production verified 40 times, Staging 5 times before it was rolled away and 5 times after (refused). */
async function projectWithTraffic(account: Account): Promise<string> {
  const project = await api<{ id: string; apiKey: Record<string, string> }>('POST', '/manage/dapp', account.accessToken, { name: 'Weather API' })
  const [[prodId, prod]] = Object.entries(project.apiKey)
  await api('PATCH', `/manage/dapp/${project.id}/api-key/${prodId}`, account.accessToken, { name: 'Production' })
  const staging = await api<Record<string, string>>('POST', `/manage/dapp/${project.id}/api-key`, account.accessToken, { name: 'Staging' })
  const [[stagingId, stagingKey]] = Object.entries(staging)
  for (let i = 0; i < 40; i++) await verify(prod)
  for (let i = 0; i < 5; i++) await verify(stagingKey)
  await api('POST', `/manage/dapp/${project.id}/api-key/${stagingId}/roll`, account.accessToken, { graceSeconds: 0 })
  for (let i = 0; i < 5; i++) await verify(stagingKey)
  // Counts reach the database in batches, within about a second.
  await expect
    .poll(async () => {
      const usage = await api<{ keys: { valid: number[]; invalid: number[] }[] }>('GET', `/manage/dapp/${project.id}/usage`, account.accessToken)
      return usage.keys.reduce((n, k) => n + [...k.valid, ...k.invalid].reduce((a, b) => a + b, 0), 0)
    })
    .toBe(50)
  return project.id
}

async function openProject(page: Page, account: Account, projectId: string) {
  await page.goto(`${server.url}#/login`)
  await logIn(page, account)
  await expect(heading(page, TEXT.dashboardHeading)).toBeVisible()
  await page.goto(`${server.url}#/projects?projectid=${encodeURIComponent(projectId)}`)
  await expect(heading(page, 'Weather API')).toBeVisible()
}

/**
 * Sets the theme and waits for the colour transitions it starts to end: axe
 * read a button's colours mid-fade once and found their contrast too low.
 */
const setTheme = (page: Page, theme: 'dark' | 'light') =>
  page.locator('flex-portal').evaluate(async (el, t) => {
    el.setAttribute('theme', t)
    // The transitions start with the next style pass; a spinner's endless animation is not waited for.
    await new Promise((resolve) => requestAnimationFrame(resolve))
    await Promise.all((el.shadowRoot?.getAnimations() ?? []).filter((a) => a instanceof CSSTransition).map((a) => a.finished))
  }, theme)

for (const [device, viewport] of [
  ['laptop', { width: 1280, height: 900 }],
  ['phone', { width: 375, height: 812 }],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport, ...(device === 'phone' ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}) })

    test('charts the verifications of the last 30 days, by key, with the numbers for assistive technology', async ({ page, axe }) => {
      const account = await createAccount(server.origin)
      const projectId = await projectWithTraffic(account)
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(`/manage/dapp/${projectId}/usage`))
      await openProject(page, account, projectId)

      const usage = page.getByRole('region', { name: 'Usage' })
      const chart = usage.getByRole('img', { name: 'API requests, last 30 days: 45 valid, 5 refused' })
      await expect(chart).toBeVisible()
      // The hidden table says it in numbers, a row a day, oldest first: today's (the server's, the last of the days it
      // answered) last. The counts are on the day the server stored them, today's unless the run crossed 00:00 UTC.
      const answer = (await (await answered).json()) as { days: string[]; keys: { valid: number[]; invalid: number[] }[] }
      const sum = (of: 'valid' | 'invalid', day: number) => answer.keys.reduce((n, k) => n + k[of][day], 0)
      const perDay = answer.days.map((_, day) => [String(sum('valid', day)), String(sum('invalid', day))])
      const rows = usage
        .getByRole('table', { name: 'API requests per day' })
        .getByRole('row')
        .filter({ has: page.getByRole('cell') })
      await expect(rows).toHaveCount(30)
      for (const [day, cells] of perDay.entries()) await expect(rows.nth(day).getByRole('cell')).toHaveText(cells)

      // Each key's requests: a column of the laptop's table, a line of each of the phone's cards.
      // Both keys named Staging (the roll), told apart by their counts.
      if (device === 'laptop') {
        const table = page.getByRole('table', { name: 'API keys' })
        await expect(table.getByRole('columnheader', { name: /^Requests \(30\sd\)$/ })).toBeAttached()
        await expect(table.getByText('40', { exact: true })).toBeVisible()
        await expect(table.getByText('10', { exact: true })).toBeVisible()
      } else {
        const cards = page.getByRole('list', { name: 'API keys' }).getByRole('listitem')
        await expect(cards.filter({ hasText: /Requests \(30\sd\): 40(?!\d)/ })).toHaveCount(1)
        await expect(cards.filter({ hasText: /Requests \(30\sd\): 10(?!\d)/ })).toHaveCount(1)
      }

      await usage.getByRole('combobox', { name: 'Key' }).selectOption({ label: 'Production' })
      await expect(usage.getByRole('img', { name: 'API requests for Production, last 30 days: 40 valid, 0 refused' })).toBeVisible()
      await usage.getByRole('combobox', { name: 'Key' }).selectOption({ label: 'All keys' })
      expect(await axe.check(page)).toBe('')
      await usage.scrollIntoViewIfNeeded()
      await screenshot(page, `usage-${device}-dark`)
      await setTheme(page, 'light')
      expect(await axe.check(page), 'the light theme passes too').toBe('')
      await screenshot(page, `usage-${device}-light`)
    })
  })
}

test('a project with no verifications says how to get some', async ({ page }) => {
  const account = await createAccount(server.origin)
  const project = await api<{ id: string }>('POST', '/manage/dapp', account.accessToken, { name: 'Weather API' })
  await openProject(page, account, project.id)
  const usage = page.getByRole('region', { name: 'Usage' })
  await expect(usage.getByText('No requests yet: verify a key to see it here')).toBeVisible()
  await expect(usage.getByRole('link', { name: /How to verify a key/ })).toHaveAttribute('href', /\/api\/docs#tag\/Verification$/)
  await screenshot(page, 'usage-empty')
})

test('a project whose calls reached its request log, but none of its keys was verified here: the errors chart, and no "No requests yet" above it', async ({
  page,
}) => {
  const account = await createAccount(server.origin)
  const project = await api<{ id: string; apiKey: Record<string, string> }>('POST', '/manage/dapp', account.accessToken, { name: 'Weather API' })
  const [keyId] = Object.keys(project.apiKey)
  // A provider in another language reports its calls itself (POST /api/logs), with no verification through this server.
  const at = new Date().toISOString()
  const entries = ['req_usage_1', 'req_usage_2'].map((requestId, i) => ({
    requestId,
    keyId,
    method: 'GET',
    route: '/v1/forecast',
    status: i ? 500 : 200,
    durationMs: 40,
    at,
  }))
  await api('POST', '/logs', SERVICE_TOKEN, { entries })
  await openProject(page, account, project.id)
  const usage = page.getByRole('region', { name: 'Usage' })
  await expect(usage.getByRole('figure', { name: /50% answered with an error/ })).toBeVisible()
  await expect(usage.getByText('No requests yet: verify a key to see it here')).toBeHidden()
})

test('shows nothing of usage when the server does not offer it', async ({ page }) => {
  await page.route('**/api/capabilities', (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not found."}' }))
  const account = await createAccount(server.origin)
  const project = await api<{ id: string }>('POST', '/manage/dapp', account.accessToken, { name: 'Weather API' })
  const usageCalls: string[] = []
  page.on('request', (r) => r.url().includes('/usage') && usageCalls.push(r.url()))
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/capabilities'))
  await openProject(page, account, project.id)
  const table = page.getByRole('table', { name: 'API keys' })
  await expect(table).toBeVisible()
  // The widget has heard that usage is not offered (a spec-only server's 404).
  await asked
  await expect(page.getByRole('region', { name: 'Usage' })).toHaveCount(0)
  await expect(table.getByRole('columnheader', { name: /^Requests \(30\sd\)$/ })).toHaveCount(0)
  expect(usageCalls).toEqual([])
})
