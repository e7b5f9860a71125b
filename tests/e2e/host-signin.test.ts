/**
 * Signed in by the host (issue 22): a provider's page hands its own user to
 * the portal, through a `fetchSessionCode` function or a `session-url`, and
 * the user never meets the portal's log-in. Codes come from the demo
 * provider's backend (`/northwind/portal-session`, which `npm start` serves),
 * signed in to Northwind by its demo cookie.
 */
import type { BrowserContext, Page } from '@playwright/test'
import { nameMessages } from '../../contract/fields'
import { accessDataRaw, atRoute, button, logIn, TEXT, userMenuButton } from './harness/screens'
import { createAccount, createProjectFor, PASSWORD } from './harness/api'
import { screenshot } from './harness/artifacts'
import { expect, test, type FlexServer } from './harness/test'

const northwindUser = (context: BrowserContext, server: FlexServer, name: string) =>
  context.addCookies([{ name: 'northwind_user', value: encodeURIComponent(name), url: server.origin }])

/**
 * A host page: <flex-portal> given its function before the script defines it
 * (the host's own property), <flex-project-detail> given it after. The
 * function fails its first `failures` calls. The page notes every call, and
 * whether a password field ever showed.
 */
const hostPage = (failures: number) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body>
<flex-portal></flex-portal><flex-project-detail></flex-project-detail>
<script>
window.__codeCalls = 0
window.__sawPasswordField = false
let failures = ${failures}
const fetchSessionCode = async () => {
  window.__codeCalls++
  if (failures-- > 0) throw new Error('the host backend is down')
  const res = await fetch('/northwind/portal-session', { method: 'POST' })
  return (await res.json()).code
}
const watch = () => {
  for (const el of document.querySelectorAll('flex-portal, flex-project-detail'))
    if (el.shadowRoot && el.shadowRoot.querySelector('input[type=password]')) window.__sawPasswordField = true
  requestAnimationFrame(watch)
}
watch()
document.querySelector('flex-portal').fetchSessionCode = fetchSessionCode
</script>
<script src="/flex-portal.js"></script>
<script>document.querySelector('flex-project-detail').fetchSessionCode = fetchSessionCode</script>
</body></html>`

async function openHostPage(page: Page, server: FlexServer, { failures = 0, hash = '#/dashboard' } = {}) {
  await page.route(`${server.origin}/e2e-host.html`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: hostPage(failures) }),
  )
  await page.goto(`/e2e-host.html${hash}`)
}

const pageValue = <T>(page: Page, name: string) => page.evaluate((n) => (window as unknown as Record<string, T>)[n], name)

/**
 * README's own pattern: the host's script, right after the portal's, gives
 * every element its function, on a page that declares it (`host-sign-in`:
 * without it, elements render while the script runs). A MutationObserver,
 * installed before the portal's script, notes whether the log-in prompt was
 * ever in the page or in any shadow root, even for one frame.
 */
const PROMPT = 'Log in to see your projects.'
const readmePage = (
  placement: 'after' | 'deferred' | 'on-load' | 'load-listener',
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<script>
window.__sawPrompt = false
const roots = [document]
const look = (records) => {
  for (const root of roots) if (root.textContent && root.textContent.includes(${JSON.stringify(PROMPT)})) window.__sawPrompt = true
  for (const r of records) for (const n of r.addedNodes) if (n.textContent && n.textContent.includes(${JSON.stringify(PROMPT)})) window.__sawPrompt = true
}
const watch = (root) => new MutationObserver(look).observe(root, { childList: true, subtree: true, characterData: true })
const attachShadow = Element.prototype.attachShadow
Element.prototype.attachShadow = function (init) {
  const root = attachShadow.call(this, init)
  roots.push(root)
  watch(root)
  return root
}
watch(document)
window.__give = () => {
  for (const el of document.querySelectorAll('flex-projects, flex-project-detail'))
    el.fetchSessionCode = async () => (await (await fetch('/northwind/portal-session', { method: 'POST' })).json()).code
}
</script>
${placement === 'deferred' ? '<script src="/flex-portal.js" defer></script>' : ''}
</head><body>
<flex-projects router="memory" host-sign-in></flex-projects><flex-project-detail router="memory" host-sign-in></flex-project-detail>
${placement === 'deferred' ? '' : '<script src="/flex-portal.js"></script>'}
<script>${{ after: 'window.__give()', deferred: 'window.__give()', 'on-load': 'setTimeout(window.__give, 0)', 'load-listener': "addEventListener('load', window.__give)" }[placement]}</script>
</body></html>`

test.describe('signed in by the host', () => {
  test('fetchSessionCode: the dashboard asked for, with no log-in form ever shown, one call for two elements, the provider’s name in the user menu', async ({
    page,
    context,
    server,
  }) => {
    await northwindUser(context, server, 'Grace Hopper')
    await page.addInitScript(() => {
      const w = window as unknown as { __signedIn: number }
      w.__signedIn = 0
      document.addEventListener('flex-signed-in', () => w.__signedIn++)
    })
    await openHostPage(page, server)
    const portal = page.locator('flex-portal')
    await expect(portal.getByRole('heading', { name: TEXT.anyDashboardHeading })).toBeVisible()
    await expect(page).toHaveURL(atRoute('#/dashboard'))
    await expect(page.locator('flex-project-detail').getByText('Choose a project to see its keys.')).toBeVisible()
    expect(await pageValue<number>(page, '__codeCalls')).toBe(1)
    expect(await pageValue<number>(page, '__signedIn'), 'one flex-signed-in for the page').toBe(1)
    expect(await pageValue<boolean>(page, '__sawPasswordField')).toBe(false)

    await userMenuButton(page).click()
    await expect(page.getByRole('menu').getByText('Grace Hopper')).toBeVisible()
    // The code is nowhere the page keeps things.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }) + location.href)
    expect(stored).not.toMatch(/fxc_/)
    expect(JSON.parse((await accessDataRaw(page))!).user.name).toBe('Grace Hopper')

    // Sign out: the widget's session ends and flex-signed-out goes to the host; no form, no new code.
    const signedOut = page.evaluate(
      () => new Promise<string>((resolve) => document.addEventListener('flex-signed-out', (e) => resolve((e as CustomEvent).detail.reason), { once: true })),
    )
    await page.getByRole('menuitem', { name: 'Sign out' }).click()
    expect(await signedOut).toBe('user')
    await expect(portal.getByText('You are signed out.')).toBeVisible()
    expect(await accessDataRaw(page)).toBeNull()
    expect(await pageValue<number>(page, '__codeCalls')).toBe(1)
    expect(await pageValue<boolean>(page, '__sawPasswordField')).toBe(false)
  })

  test('a function that throws: a clear message and "Try again", never a log-in form', async ({ page, context, server }) => {
    await northwindUser(context, server, 'Ada Lovelace')
    await openHostPage(page, server, { failures: 1, hash: '#/login' })
    const portal = page.locator('flex-portal')
    await expect(portal.getByRole('alert')).toContainText('We could not sign you in.')
    await expect(page.locator('flex-project-detail').getByRole('alert')).toContainText('We could not sign you in.')
    await screenshot(page, 'host-signin-failed')
    expect(await pageValue<number>(page, '__codeCalls')).toBe(1)
    await button(portal, 'Try again').click()
    // Asked for the log-in route, a signed-in user goes to the dashboard.
    await expect(portal.getByRole('heading', { name: TEXT.anyDashboardHeading })).toBeVisible()
    expect(await pageValue<number>(page, '__codeCalls')).toBe(2)
    expect(await pageValue<boolean>(page, '__sawPasswordField')).toBe(false)
  })

  test('a session that expires is renewed once, unseen: the list still loads, no sign-out', async ({ page, context, server }) => {
    await northwindUser(context, server, 'Katherine Johnson')
    await openHostPage(page, server)
    const portal = page.locator('flex-portal')
    await expect(portal.getByRole('heading', { name: TEXT.anyDashboardHeading })).toBeVisible()
    const first = JSON.parse((await accessDataRaw(page))!).accessToken as string
    // A project, then the session is ended on the server behind the widget's back.
    await page.evaluate(async (token) => {
      const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }
      await fetch('/api/manage/dapp', { method: 'POST', headers, body: JSON.stringify({ name: 'Renewal project' }) })
      await fetch('/api/auth/logout', { method: 'POST', headers })
    }, first)

    await page.addInitScript(() => {
      ;(window as unknown as { __signedOut: number }).__signedOut = 0
      document.addEventListener('flex-signed-out', () => (window as unknown as { __signedOut: number }).__signedOut++)
    })
    await page.reload()
    await expect(portal.getByRole('link', { name: 'Renewal project' })).toBeVisible()
    expect(await pageValue<number>(page, '__codeCalls')).toBe(1)
    expect(await pageValue<number>(page, '__signedOut')).toBe(0)
    expect(await pageValue<boolean>(page, '__sawPasswordField')).toBe(false)
    await expect(portal.getByText(TEXT.expired)).toHaveCount(0)
    expect(JSON.parse((await accessDataRaw(page))!).accessToken).not.toBe(first)
  })

  for (const placement of ['after', 'deferred', 'on-load', 'load-listener'] as const) {
    test(`fetchSessionCode set by a script after the portal's (${placement}): the log-in prompt never shows, not for a moment`, async ({
      page,
      context,
      server,
    }) => {
      await northwindUser(context, server, 'Grace Hopper')
      await page.route(`${server.origin}/e2e-readme.html`, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: readmePage(placement) }),
      )
      await page.goto('/e2e-readme.html')
      await expect(page.locator('flex-projects').getByRole('heading', { name: TEXT.anyDashboardHeading })).toBeVisible()
      await expect(page.locator('flex-project-detail').getByText('Choose a project to see its keys.')).toBeVisible()
      expect(await pageValue<boolean>(page, '__sawPrompt')).toBe(false)
    })
  }

  test('/existing.html: Northwind’s own log-in, then the portal through session-url with no portal log-in; signing out ends both', async ({ page }) => {
    await page.goto('/existing.html')
    await expect(page.locator('flex-login').getByRole('heading', { name: TEXT.logInHeading })).toBeVisible()
    await page.getByLabel('Your name').fill('Grace Hopper')
    await page.getByRole('button', { name: 'Sign in to Northwind' }).click()

    const projects = page.locator('flex-projects')
    await expect(projects.getByRole('heading', { name: TEXT.northwindDashboardHeading })).toBeVisible()
    await expect(page.locator('flex-login')).toHaveCount(0)
    await expect(page.getByText('Signed in as Grace Hopper.')).toBeVisible()
    await expect(page.locator('flex-project-detail').getByText('Choose a project to see its keys.')).toBeVisible()
    await projects.getByRole('button', { name: /user menu/i }).click()
    await expect(projects.getByRole('menu').getByText('Grace Hopper')).toBeVisible()
    await page.keyboard.press('Escape')
    await screenshot(page, 'existing-host-signed-in')

    // The same Northwind user comes back to the same account.
    await projects.getByRole('button', { name: TEXT.addProject }).click()
    await page.getByRole('dialog', { name: TEXT.addDialog }).getByLabel('Project Name').fill('Northwind sync')
    await page.getByRole('dialog', { name: TEXT.addDialog }).getByRole('button', { name: 'Add' }).click()
    await page.getByRole('dialog', { name: TEXT.infoDialog }).getByRole('button', { name: 'Exit' }).click()
    await page.evaluate(() => localStorage.clear())
    await page.reload()
    await expect(projects.getByRole('link', { name: 'Northwind sync' })).toBeVisible()

    await projects.getByRole('button', { name: /user menu/i }).click()
    await projects.getByRole('menuitem', { name: 'Sign out' }).click()
    await expect(page.getByRole('button', { name: 'Sign in to Northwind' })).toBeVisible()
    await expect(page.locator('flex-login').getByRole('heading', { name: TEXT.logInHeading })).toBeVisible()
    expect(await accessDataRaw(page)).toBeNull()

    // Signing out of Northwind itself ends the portal's session in this browser too,
    // and the next Northwind user never sees the last one's projects.
    await page.getByLabel('Your name').fill('Grace Hopper')
    await page.getByRole('button', { name: 'Sign in to Northwind' }).click()
    await expect(projects.getByRole('link', { name: 'Northwind sync' })).toBeVisible()
    await page.getByRole('button', { name: 'Sign out of Northwind' }).click()
    await expect(page.getByRole('button', { name: 'Sign in to Northwind' })).toBeVisible()
    await expect(projects.getByText('Log in to see your projects.')).toBeVisible()
    expect(await accessDataRaw(page)).toBeNull()
    await page.getByLabel('Your name').fill('Ada Lovelace')
    await page.getByRole('button', { name: 'Sign in to Northwind' }).click()
    await expect(projects.getByRole('heading', { name: TEXT.northwindDashboardHeading })).toBeVisible()
    await expect(projects.getByRole('link', { name: 'Northwind sync' })).toHaveCount(0)
  })

  test('/existing.html: a name the portal would refuse is refused on Northwind’s form, in the portal’s words, what was typed kept', async ({ page }) => {
    await page.goto('/existing.html')
    const field = page.getByLabel('Your name')
    // A right-to-left override: it would reverse the words after the name wherever the portal shows it.
    const typed = 'Ada\u202eecalevol'
    await field.fill(typed)
    await page.getByRole('button', { name: 'Sign in to Northwind' }).click()
    await expect(field).toHaveAccessibleDescription(nameMessages('Name')[0])
    await expect(page.getByRole('alert').filter({ hasText: nameMessages('Name')[0] })).toBeVisible()
    await expect(field).toHaveValue(typed)
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toBeFocused()
    await expect(page.getByRole('button', { name: 'Sign out of Northwind' })).toBeHidden()
    await screenshot(page, 'existing-host-name-refused')

    // Corrected, the name signs in, and a reload shows no stale refusal.
    await field.fill('Ada Lovelace')
    await page.getByRole('button', { name: 'Sign in to Northwind' }).click()
    await expect(page.getByText('Signed in as Ada Lovelace.')).toBeVisible()
    await expect(page.locator('flex-projects').getByRole('heading', { name: TEXT.northwindDashboardHeading })).toBeVisible()
    await page.getByRole('button', { name: 'Sign out of Northwind' }).click()
    await expect(field).toHaveValue('')
    await expect(page.getByText(nameMessages('Name')[0])).toBeHidden()
  })

  test('a portal session left in the browser is replaced by the host’s, never shown to its user', async ({ page, server }) => {
    const someoneElse = await createAccount(server.origin, 'Someone Else')
    await createProjectFor(server.origin, someoneElse, 'Not yours')
    await page.goto('/existing.html')
    await logIn(page.locator('flex-login'), { email: someoneElse.email, password: PASSWORD })
    const projects = page.locator('flex-projects')
    await expect(projects.getByRole('link', { name: 'Not yours' })).toBeVisible()
    await page.getByLabel('Your name').fill('Grace Hopper')
    await page.getByRole('button', { name: 'Sign in to Northwind' }).click()
    await expect(projects.getByRole('heading', { name: TEXT.northwindDashboardHeading })).toBeVisible()
    await expect(projects.getByRole('link', { name: 'Not yours' })).toHaveCount(0)
  })
  test('a page that declares no host sign-in shows its log-in while the page is still loading (an image held back)', async ({ page, server }) => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(`${server.origin}/e2e-slow.png`, async (route) => {
      await held
      await route.fulfill({ status: 404, body: '' })
    })
    await page.route(`${server.origin}/e2e-plain.html`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body>
<img src="/e2e-slow.png" alt=""><flex-portal></flex-portal><script src="/flex-portal.js"></script></body></html>`,
      }),
    )
    await page.goto('/e2e-plain.html', { waitUntil: 'commit' })
    await expect(page.locator('flex-portal').getByRole('button', { name: 'Log in' })).toBeEnabled()
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete')
    release()
    await expect.poll(() => page.evaluate(() => document.readyState)).toBe('complete')
  })
})
