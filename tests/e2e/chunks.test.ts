/**
 * Loading on demand, as a browser does it: each demo page's first screen
 * fetches only the one script (and <flex-snippet>'s filling and <flex-request-log>'s
 * screen where the page has them), plus the one chunk the reader most likely needs next once the
 * page is idle; an English page fetches no language's chunk; a walk through
 * every screen fetches the rest; the script works from another origin under a CSP
 * that names only the portal; a chunk that cannot be fetched says so and
 * "Try again" brings it; and the host's <head> is never touched.
 */
import { createServer, type Server } from 'node:http'
import { readdirSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import type { Page, Request } from '@playwright/test'
import { createAccount, createProjectFor, freshEmail, PASSWORD } from './harness/api'
import { DIST_DIR } from './harness/paths'
import { addProject, button, heading, logIn, signUp, TEXT } from './harness/screens'
import { removeDataDir, startServer } from './harness/server'
import { expect, test } from './harness/test'

/** The script files the build wrote, by the part of the product they hold. */
const DIST_SCRIPTS = readdirSync(DIST_DIR).filter((name) => /\.js$/.test(name))
const chunk = (name: string) => {
  const file = DIST_SCRIPTS.find((f) => f.startsWith(`fp-${name}-`))
  if (!file) throw new Error(`no chunk fp-${name}-*.js in dist/ (${DIST_SCRIPTS.join(', ')})`)
  return file
}
/** Requests for a file of dist/, as a route matches them: with the query a fetch after a failed one adds (`?1`). */
const file = (name: string) => (url: URL) => url.pathname.endsWith(`/${name}`)
/** What every first screen needs: the one script. */
const FIRST = ['flex-portal.js']
/**
 * The signed-in chunk (the frame with its verify reminder, the dashboard, dialogs and a project's
 * page with its keys and usage) and what it imports: what a log-in screen fetches once idle.
 */
const DASHBOARD = ['app', 'account', '_flex-lazy-styles'].map(chunk)
/** A project page's sections, each a chunk of its own: fetched when reached. */
const SECTIONS = ['webhooks', 'team', 'requests'].map(chunk)
/** <flex-snippet>'s bar and filling: fetched at once by a page that has snippets (no log-in needs them). */
const SNIPPET = ['SnippetScreen', '_flex-lazy-styles'].map(chunk)
/** <flex-request-log>'s screen (the requests chunk): fetched when the element is drawn, after 'Log in' is usable. */
const REQUEST_LOG = [chunk('requests')]
/** Sign-up and the password reset: fetched when the reader goes there. */
const NOT_BEFORE_NEEDED = ['auth'].map(chunk)
/** The bundled languages and the list of ids a host's `strings` is checked against: none for an English page without `strings`. */
const LANGUAGES = DIST_SCRIPTS.filter((name) => /^fp-locale-/.test(name))
const CATALOG_IDS = chunk('catalog-ids')
/**
 * Sign-in by the host, in one small chunk with the diagnosis of an unreachable server: fetched only by
 * a page that declares it (docs/host-sign-in.md), while it loads, or by one that cannot reach its API.
 */
const HOST_GATE = chunk('rare')

/** The names of the script files a page asks for, in order, as they are asked for. */
function scriptRequests(page: Page): string[] {
  const names: string[] = []
  page.on('request', (request: Request) => {
    const name = new URL(request.url()).pathname.split('/').pop() ?? ''
    if (request.resourceType() === 'script' || /\.m?js$/.test(name)) names.push(name)
  })
  return names
}

/** The host's <head> as the parser left it, kept by an init script before any of ours runs. */
async function keepHeadAsParsed(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      ;(window as unknown as { __headAsParsed: string }).__headAsParsed = document.head.innerHTML
    })
  })
}
async function expectHeadUntouched(page: Page): Promise<void> {
  const { now, parsed } = await page.evaluate(() => ({
    now: document.head.innerHTML,
    parsed: (window as unknown as { __headAsParsed: string }).__headAsParsed,
  }))
  expect(parsed).toBeTruthy()
  expect(now).toBe(parsed)
  expect(await page.locator('head link[rel="modulepreload"], head style').count()).toBe(0)
}

/** Waits until the page has asked for `names` (the idle prefetch is a background fetch). */
async function expectRequested(requests: string[], names: string[]): Promise<void> {
  await expect.poll(() => names.filter((n) => !requests.includes(n))).toEqual([])
}

test.describe('loading on demand', () => {
  test('the build has a chunk for each bundled language', () => {
    expect(LANGUAGES.map((name) => name.replace(/^fp-locale-(.+)-[\w-]{8}\.js$/, '$1')).sort()).toEqual(['de', 'es', 'fr', 'ja', 'pt-BR'])
  })

  for (const [path, firstScreen, more] of [
    ['/', (page: Page) => button(page, 'Log in'), []],
    ['/docs.html', (page: Page) => button(page, 'Log in'), [...SNIPPET, ...REQUEST_LOG]],
    ['/existing.html', (page: Page) => button(page, 'Log in'), []],
  ] as const) {
    test(`${path}: the first screen fetches the one script, then the dashboard's chunks when idle, and nothing else`, async ({ page }) => {
      const requests = scriptRequests(page)
      await keepHeadAsParsed(page)
      await page.goto(path)
      await expect(firstScreen(page)).toBeEnabled()
      const atFirstScreen = [...requests]
      for (const name of FIRST) expect(atFirstScreen, `${name} before 'Log in' is usable`).toContain(name)
      for (const name of NOT_BEFORE_NEEDED) expect(atFirstScreen).not.toContain(name)
      // Idle: the dashboard is fetched ahead of the sign-in that needs it, and the page's own
      // elements' chunks at an idle moment after the load (which a busy machine may put after
      // half a second of a quiet network: waited for by name, not by 'networkidle').
      await expectRequested(requests, [...DASHBOARD, ...more])
      await page.waitForLoadState('networkidle')
      const scripts = new Set(requests.filter((n) => DIST_SCRIPTS.includes(n)))
      expect([...scripts].sort()).toEqual([...new Set([...FIRST, ...DASHBOARD, ...more])].sort())
      // An English page: no language's chunk, and no id list (no host sets `strings` here).
      for (const name of [...LANGUAGES, CATALOG_IDS]) expect([...scripts]).not.toContain(name)
      // Each file once: a second element or a second script tag asks for nothing again.
      expect(requests.filter((n) => n === 'flex-portal.js')).toHaveLength(1)
      await expectHeadUntouched(page)
    })
  }

  test('host sign-in is a chunk: a page that declares it has it by its load, before its first screen shows', async ({ page, server }) => {
    const requests = scriptRequests(page)
    const declared =
      '<!doctype html><html lang="en"><body><flex-projects router="memory" host-sign-in></flex-projects><script src="/flex-portal.js"></script></body></html>'
    await page.route(`${server.origin}/e2e-declared.html`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: declared }))
    await page.goto('/e2e-declared.html')
    // goto resolves at 'load': the chunk was fetched while the page loaded.
    expect(requests).toContain(HOST_GATE)
    // No code from the host: the element's own log-in notice, once the page has loaded.
    await expect(page.locator('flex-projects').getByText('Log in to see your projects.')).toBeVisible()
    expect(requests.filter((n) => n === HOST_GATE)).toHaveLength(1)
  })

  test('a walk through every screen fetches every chunk of the portal, each once, and leaves <head> as it was', async ({ page }) => {
    const requests = scriptRequests(page)
    await keepHeadAsParsed(page)
    await page.goto('/')
    await page.getByRole('link', { name: 'Sign up' }).click()
    await expect(heading(page, TEXT.signUpHeading)).toBeVisible()
    await signUp(page, { email: freshEmail(), password: PASSWORD })
    await expect(heading(page, TEXT.anyDashboardHeading)).toBeVisible()
    const info = await addProject(page, 'Walk')
    await button(info, 'Exit').click()
    await page.getByRole('row').filter({ hasText: 'Walk' }).getByRole('link', { name: 'Walk' }).click()
    await expect(page.getByText(TEXT.projectInformation)).toBeVisible()
    // The project page's Webhooks section shows after the server says it has webhooks.
    await expect(page.getByRole('region', { name: 'Webhooks' })).toBeVisible()
    // Every screen walked brought its chunks (waited for by name: a busy machine may fetch one
    // after half a second of a quiet network), and then nothing more came.
    await expectRequested(requests, [...DASHBOARD, ...NOT_BEFORE_NEEDED, ...SECTIONS])
    await page.waitForLoadState('networkidle')
    const scripts = requests.filter((n) => DIST_SCRIPTS.includes(n))
    const fetched = new Set(scripts)
    // English all the way: no language's chunk.
    for (const name of LANGUAGES) expect([...fetched]).not.toContain(name)
    expect(scripts).toHaveLength(fetched.size)
    await expectHeadUntouched(page)
  })

  test('a chunk that cannot be fetched shows a clear message and "Try again", which fetches it and goes on', async ({ page, problems }) => {
    let blocked = true
    await page.route(file(chunk('auth')), (route) => (blocked ? route.abort('internetdisconnected') : route.continue()))
    await page.goto('/')
    await page.getByRole('link', { name: 'Sign up' }).click()
    const alert = page.getByRole('alert')
    await expect(alert).toContainText('This part of the portal could not be loaded.')
    await expect(alert).toContainText('Check your connection, then try again.')
    blocked = false
    await button(alert, 'Try again').click()
    await expect(heading(page, TEXT.signUpHeading)).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)
    // The only trace of the failure is the browser's own line for the refused request.
    expect(problems.failedLoads.length).toBeGreaterThan(0)
  })

  test('a chunk that never answers is given up after 120 s, the time-out of the spec: the same message, and "Try again" fetches it anew', async ({ page }) => {
    let stalled = true
    // A stalled proxy: the request is neither answered nor refused.
    await page.route(file(chunk('auth')), (route) => (stalled ? undefined : route.continue()))
    await page.clock.install()
    await page.goto('/')
    // The page's time stands still from here but for runFor, however long the machine takes.
    await page.clock.pauseAt(Date.now() + 1000)
    await page.getByRole('link', { name: 'Sign up' }).click()
    await expect(page.getByRole('status').getByText('Loading…')).toBeVisible()
    await page.clock.runFor(119_000)
    await expect(page.getByRole('status').getByText('Loading…'), 'still waiting before the time-out').toBeVisible()
    await page.clock.runFor(1_000)
    const alert = page.getByRole('alert')
    await expect(alert).toContainText('This part of the portal could not be loaded.')
    stalled = false
    await button(alert, 'Try again').click()
    await expect(heading(page, TEXT.signUpHeading)).toBeVisible()
  })

  test('a project page opened from a link while its chunk cannot be fetched: "Try again" brings it, with "Back to Dashboard" beside it', async ({
    page,
    server,
  }) => {
    const account = await createAccount(server.origin)
    const project = await createProjectFor(server.origin, account, 'Out of reach')
    await page.goto('/')
    await logIn(page, { email: account.email, password: PASSWORD })
    await expect(heading(page, TEXT.dashboardHeading)).toBeVisible()
    // A fresh page at the project's own address, the signed-in chunk unreachable.
    let blocked = true
    await page.route(file(chunk('app')), (route) => (blocked ? route.abort('internetdisconnected') : route.continue()))
    await page.goto('about:blank')
    await page.goto(`/#/projects?projectid=${encodeURIComponent(project.id)}`)
    const alert = page.getByRole('alert')
    await expect(alert).toContainText('This part of the portal could not be loaded.')
    await expect(alert.getByRole('link', { name: 'Back to Dashboard' })).toBeVisible()
    blocked = false
    await button(alert, 'Try again').click()
    await expect(page.getByText(TEXT.projectInformation)).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)
  })

  test('the dashboard chunk blocked on a standalone <flex-projects>: "Try again" after signing in shows the projects', async ({ page, server }) => {
    const account = await createAccount(server.origin)
    await createProjectFor(server.origin, account, 'Blocked then fine')
    let blocked = true
    await page.route(file(chunk('app')), (route) => (blocked ? route.abort('blockedbyclient') : route.continue()))
    await page.goto('/existing.html')
    await logIn(page.locator('flex-login'), { email: account.email, password: PASSWORD })
    const projects = page.locator('flex-projects')
    await expect(projects.getByRole('alert')).toContainText('could not be loaded')
    blocked = false
    await button(projects, 'Try again').click()
    await expect(projects.getByRole('link', { name: 'Blocked then fine' })).toBeVisible()
  })
})

test.describe('from another origin', () => {
  /** The host page's script policy: the portal's origin, or a nonce alone. */
  type Policy = 'origin' | 'nonce'
  const NONCE = 'aG9zdC1ub25jZQ'
  let host: Server | undefined
  let portal: Awaited<ReturnType<typeof startServer>> | undefined
  let hostOrigin = ''

  test.beforeAll(async () => {
    // The host first: the portal's API must know its origin for CORS.
    host = createServer((req, res) => {
      const policy: Policy = req.url === '/nonce' ? 'nonce' : 'origin'
      const portalOrigin = portal?.origin ?? ''
      const scriptSrc = policy === 'nonce' ? `'nonce-${NONCE}'` : portalOrigin
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': `default-src 'self'; script-src ${scriptSrc}; connect-src ${portalOrigin}; style-src 'self'; base-uri 'none'`,
      })
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Another site</title></head>
<body><main><flex-portal api-base="${portalOrigin}/api" router="memory"></flex-portal></main>
<script src="${portalOrigin}/flex-portal.js"${policy === 'nonce' ? ` nonce="${NONCE}"` : ''}></script></body></html>`)
    })
    await new Promise<void>((resolve) => host!.listen(0, '127.0.0.1', resolve))
    hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`
    portal = await startServer({ env: { CORS_ORIGINS: hostOrigin } })
  })

  test.afterAll(async () => {
    await new Promise<void>((resolve) => (host ? host.close(() => resolve()) : resolve()))
    if (portal) {
      await portal.stop()
      await removeDataDir(portal.dataDir)
    }
  })

  for (const [policy, what] of [
    ['origin', 'a CSP that names only the portal’s origin in script-src'],
    ['nonce', 'a CSP that allows scripts by nonce alone'],
  ] as const) {
    test(`a page on a second loopback port with ${what} runs the portal and its chunks`, async ({ page, problems }) => {
      const requests = scriptRequests(page)
      await keepHeadAsParsed(page)
      await page.goto(hostOrigin + (policy === 'nonce' ? '/nonce' : '/'))
      await expect(button(page, 'Log in')).toBeEnabled()
      await page.getByRole('link', { name: 'Sign up' }).click()
      await signUp(page, { email: freshEmail(), password: PASSWORD })
      await expect(heading(page, TEXT.anyDashboardHeading)).toBeVisible()
      expect(requests).toContain(chunk('auth'))
      expect(requests).toContain(chunk('app'))
      await expectHeadUntouched(page)
      expect(problems.cspViolations).toEqual([])
    })
  }
})
