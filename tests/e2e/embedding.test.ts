/**
 * The two host pages the server ships. `/docs.html` gets
 * the whole portal from one script tag; `/existing.html`, with its own layout
 * and deliberately clashing CSS, hosts `<flex-login>`, `<flex-projects>` and `<flex-project-detail>`
 * side by side, and neither its CSS nor its <head> is touched by the widget.
 */
import type { Locator, Page } from '@playwright/test'
import { createAccount, createProjectFor, freshEmail, PASSWORD } from './harness/api'
import { screenshot } from './harness/artifacts'
import { logIn, signUp, TEXT } from './harness/screens'
import { expect, test } from './harness/test'

/**
 * Pages with none of the host's CSS but its theme (the --flex-* variables and
 * theme="light", which are meant to reach in): the widget as it looks when nothing clashes.
 */
const reference = (tag: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Reference</title>
<link rel="stylesheet" href="/existing-theme.css"></head>
<body><${tag} theme="light" sidebar="none"></${tag}><script src="/flex-portal.js"></script></body></html>`

/** What a clashing stylesheet would change, element by element. */
const PROPERTIES = [
  'font-family',
  'font-size',
  'font-weight',
  'line-height',
  'letter-spacing',
  'text-transform',
  'text-align',
  'text-decoration-line',
  'color',
  'background-color',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border-top-width',
  'border-top-style',
  'border-top-color',
  'border-top-left-radius',
  'box-sizing',
  'margin-top',
]

type Styles = Record<string, Record<string, string>>

/** Computed styles of named parts of an element's shadow root. */
async function stylesOf(parts: Record<string, Locator>): Promise<Styles> {
  const out: Styles = {}
  for (const [name, locator] of Object.entries(parts)) {
    await expect(locator).toBeVisible()
    out[name] = await locator.evaluate((el, props) => {
      const style = getComputedStyle(el)
      const values = Object.fromEntries(props.map((p) => [p, style.getPropertyValue(p)]))
      // Controls have an intrinsic height worth comparing; text wraps with the layout's width.
      if (el.tagName === 'INPUT' || el.tagName === 'BUTTON') values.height = style.height
      return values
    }, PROPERTIES)
  }
  return out
}

function loginFormStyles(page: Page): Promise<Styles> {
  const login = page.locator('flex-login')
  return stylesOf({
    heading: login.getByRole('heading', { name: TEXT.logInHeading }),
    label: login.getByText('Email address', { exact: true }),
    input: login.getByLabel('Email address'),
    button: login.getByRole('button', { name: 'Log in' }),
    switchLink: login.getByRole('button', { name: 'Sign up' }),
    checkbox: login.getByLabel('Remember me'),
  })
}

function dashboardStyles(page: Page, projectName: string): Promise<Styles> {
  const projects = page.locator('flex-projects')
  return stylesOf({
    // The same screen on /existing.html (product-name="Northwind") and on a page of the element alone.
    heading: projects.getByRole('heading', { name: /^Your (Flex|Northwind) Projects$/ }),
    addButton: projects.getByRole('button', { name: TEXT.addProject }),
    sidebarLink: projects.getByRole('link', { name: /^(Flex|Northwind) Quickstart Guide/ }),
    columnHeader: projects.getByRole('columnheader', { name: 'Project Name' }),
    projectLink: projects.getByRole('link', { name: projectName }),
    // The date: in Northwind's narrow column the table keeps it and leaves the description out.
    cell: projects.getByRole('cell').locator('time').first(),
  })
}

/** The <head> as served (parsed from the HTML the server sent) and as it is now, element by element. */
async function headNowAndServed(page: Page): Promise<{ now: string[]; served: string[]; adopted: number; sheets: number; servedSheets: number }> {
  return page.evaluate(async () => {
    const html = await (await fetch(location.pathname)).text()
    const served = new DOMParser().parseFromString(html, 'text/html')
    return {
      now: [...document.head.children].map((el) => el.outerHTML),
      served: [...served.head.children].map((el) => el.outerHTML),
      adopted: document.adoptedStyleSheets.length,
      sheets: document.styleSheets.length,
      servedSheets: served.querySelectorAll('link[rel~="stylesheet"], style').length,
    }
  })
}

test.describe('embedding', () => {
  test('/docs.html runs the whole portal from its one script tag, inside its own layout', async ({ page }) => {
    const response = await page.goto('/docs.html')
    expect(response?.status()).toBe(200)
    // The page as served embeds the portal with one script tag (chunks it
    // loads later are the portal's business); the site's own language picker
    // (docs-language.js) and samples' address (docs-samples.js) are Acme's scripts, not the portal's.
    const served = await response!.text()
    const scripts = [...served.matchAll(/<script\b[^>]*>/g)].map(([tag]) => /src="([^"]*)"/.exec(tag)?.[1] ?? 'inline')
    expect(scripts.filter((src) => src !== '/docs-language.js' && src !== '/docs-samples.js')).toEqual(['/flex-portal.js'])
    await expect(page.locator('flex-portal')).toHaveCount(1)
    // The documentation page's own content is there, outside the widget.
    expect(await page.evaluate(() => document.body.innerText.trim().length)).toBeGreaterThan(0)

    const portal = page.locator('flex-portal')
    await expect(portal.getByRole('heading', { name: TEXT.logInHeading })).toBeVisible()
    await screenshot(page, 'docs-page')
    await portal.getByRole('link', { name: 'Sign up' }).click()
    await expect(portal.getByRole('heading', { name: TEXT.signUpHeading })).toBeVisible()
    await signUp(portal, { email: freshEmail(), password: PASSWORD })
    await expect(portal.getByRole('heading', { name: TEXT.acmeDashboardHeading })).toBeVisible()
    await screenshot(page, 'docs-page-dashboard')
  })

  test('/existing.html: the host page’s clashing CSS leaves the widget’s computed styles as they are on a page without it', async ({ page, server }) => {
    const account = await createAccount(server.origin)
    await createProjectFor(server.origin, account, 'Styled project', 'A description')
    for (const tag of ['flex-login', 'flex-projects']) {
      await page.route(`${server.origin}/e2e-${tag}.html`, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: reference(tag) }),
      )
    }
    await page.goto('/e2e-flex-login.html')
    const plainLogin = await loginFormStyles(page)

    const response = await page.goto('/existing.html')
    expect(response?.status()).toBe(200)
    const clashingLogin = await loginFormStyles(page)
    await screenshot(page, 'existing-page')
    expect(clashingLogin).toEqual(plainLogin)
    // The host page really does clash: its `* { font-size: 8px; color: red }` reaches the host element itself.
    const host = await page.locator('flex-login').evaluate((el) => ({ size: getComputedStyle(el).fontSize, color: getComputedStyle(el).color }))
    expect(host).toEqual({ size: '8px', color: 'rgb(255, 0, 0)' })
    expect(plainLogin.heading['font-size']).not.toBe('8px')

    await logIn(page.locator('flex-login'), account)
    const clashingDashboard = await dashboardStyles(page, 'Styled project')
    await page.goto('/e2e-flex-projects.html')
    const plainDashboard = await dashboardStyles(page, 'Styled project')
    expect(clashingDashboard).toEqual(plainDashboard)
  })

  test('/existing.html: the widget adds nothing to <head>, a sign-in through <flex-login> shows at once in <flex-projects>, a picked project opens in <flex-project-detail>', async ({
    page,
    server,
  }) => {
    const account = await createAccount(server.origin)
    await createProjectFor(server.origin, account, 'Existing-page project')
    await page.goto('/existing.html')
    const login = page.locator('flex-login')
    const projects = page.locator('flex-projects')
    await expect(login.getByRole('heading', { name: TEXT.logInHeading })).toBeVisible()
    await expect(projects.getByRole('heading', { name: TEXT.northwindDashboardHeading })).toBeHidden()
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true))

    await logIn(login, account)
    await expect(projects.getByRole('heading', { name: TEXT.northwindDashboardHeading })).toBeVisible()
    await expect(projects.getByRole('link', { name: 'Existing-page project' })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage), 'no reload happened').toBe(true)
    // A dialog too: it portals into the element's own shadow root, not the page.
    await projects.getByRole('button', { name: TEXT.addProject }).click()
    await expect(page.getByRole('dialog', { name: TEXT.addDialog })).toBeVisible()
    await screenshot(page, 'existing-page-signed-in')

    const head = await headNowAndServed(page)
    expect(head.now).toEqual(head.served)
    expect(head.adopted, 'no stylesheet adopted by the document').toBe(0)
    expect(head.sheets, 'no stylesheet added to the document').toBe(head.servedSheets)
    await expect(page.locator('body > style, body > link[rel~="stylesheet"]')).toHaveCount(0)

    // The page's third element follows: a project picked in the table opens in <flex-project-detail>.
    await page.keyboard.press('Escape')
    await projects.getByRole('link', { name: 'Existing-page project' }).click()
    const detail = page.locator('flex-project-detail')
    await expect(detail.getByRole('heading', { name: 'Existing-page project' })).toBeVisible()
    await expect(detail.getByRole('heading', { name: TEXT.projectInformation })).toBeVisible()
    await expect(projects.getByRole('heading', { name: TEXT.northwindDashboardHeading }), 'the table stays').toBeVisible()
  })

  test('/existing.html: an element moved with a dialog open keeps it modal, with what was typed and where focus was', async ({ page, server }) => {
    const account = await createAccount(server.origin)
    await page.goto('/existing.html')
    await logIn(page.locator('flex-login'), account)
    const projects = page.locator('flex-projects')
    await projects.getByRole('button', { name: TEXT.addProject }).click()
    const add = page.getByRole('dialog', { name: TEXT.addDialog })
    await add.getByLabel('Project Name').fill('Gamma')
    await add.getByLabel('Project Description').fill('Moved')
    // The host moves the element elsewhere in its page: removed and added again at once.
    await projects.evaluate((el) => el.ownerDocument.body.prepend(el))
    await expect.poll(() => add.evaluate((el) => el.matches(':modal')), 'in the top layer, the page behind inert').toBe(true)
    await expect(add.getByLabel('Project Name')).toHaveValue('Gamma')
    await expect(add.getByLabel('Project Description')).toBeFocused()
  })
})
