/**
 * The project page (issue "keys first"): keys above the fold, a key table that
 * fits its column on every demo page, rolled keys, snippets that hold only
 * working keys, landmarks that leave `<main>` to the host, same-page links,
 * and the project's own settings (edit, delete).
 */
import type { Locator, Page } from '@playwright/test'
import { createAccount, createProjectFor, type Account } from './harness/api'
import { screenshot } from './harness/artifacts'
import { button, dialog, heading, logIn, TEXT } from './harness/screens'
import { expect, test, type FlexServer } from './harness/test'
import { rowAction, rowActions } from './harness/row-menu'

const LONG_NAME = 'A key name of sixty characters that keeps going on and on ok'

const table = (scope: Page | Locator) => scope.getByRole('table', { name: 'API keys' })

/** Signs in through the page's own log-in screen (`scope`: the element that shows it). */
async function signIn(scope: Page | Locator, account: Account) {
  await logIn(scope, account)
  await expect(scope.getByRole('heading', { name: TEXT.anyDashboardHeading })).toBeVisible()
}

/** A new account with one project, signed in on `/` and the project open. */
async function openOnRoot(page: Page, server: FlexServer, name: string) {
  const account = await createAccount(server.origin)
  const project = await createProjectFor(server.origin, account, name, 'Made by the project page test')
  await page.goto('/#/login')
  await signIn(page, account)
  await page.goto(`/#/projects?projectid=${encodeURIComponent(project.id)}`)
  await expect(heading(page, name)).toBeVisible()
  return { account, project }
}

/** On /docs.html: signs in inside the page's portal and opens the project from its dashboard. */
async function openOnDocs(page: Page, server: FlexServer, name: string) {
  const account = await createAccount(server.origin)
  const project = await createProjectFor(server.origin, account, name)
  await page.goto('/docs.html')
  // A session from an earlier step of the test (on /) would skip the log-in screen.
  await page.evaluate(() => (localStorage.clear(), sessionStorage.clear()))
  await page.reload()
  const portal = page.locator('flex-portal')
  await signIn(portal, account)
  await portal.getByRole('link', { name }).click()
  await expect(portal.getByRole('heading', { name })).toBeVisible()
  return { account, project, portal }
}

/** Renames the first key through its row's Edit. */
async function renameKey(scope: Page | Locator, from: string, to: string) {
  await rowAction(scope, from, 'Edit')
  const edit = scope.getByRole('dialog', { name: 'Edit API key' })
  await edit.getByLabel('Key name').fill(to)
  await button(edit, 'Save').click()
  await expect(edit).toBeHidden()
}

/** The table sits inside its box (no sideways scroll in it or the page), and no row's actions wrap. */
async function expectTableFits(page: Page, scope: Page | Locator, what: string) {
  const t = table(scope)
  await expect(t).toBeVisible()
  // No tooltip open: it may stand out of the box, as a tooltip does.
  await page.mouse.move(0, 0)
  const fit = await t.evaluate((el) => {
    const box = el.parentElement!
    const rows = [...el.querySelectorAll('tbody tr')].map((tr) => {
      const buttons = [...tr.lastElementChild!.querySelectorAll('button')].map((b) => b.getBoundingClientRect().top)
      return Math.max(...buttons) - Math.min(...buttons)
    })
    // Less than a pixel is the collapsed borders' rounding, not a column that does not fit.
    return { over: Math.floor(el.getBoundingClientRect().right - box.getBoundingClientRect().right - 0.99), wrapped: rows.filter((d) => d > 1).length }
  })
  expect(fit.over, `${what}: the table is no wider than its box`).toBeLessThanOrEqual(0)
  expect(fit.wrapped, `${what}: no row's actions wrap`).toBe(0)
  const page_over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(page_over, `${what}: the page does not scroll sideways`).toBeLessThanOrEqual(0)
}

test.describe('the project page at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('on /, the keys with their counter, Create and Delete come first, above the fold; Project Information is a compact summary', async ({
    page,
    server,
  }) => {
    await openOnRoot(page, server, 'Keys first')
    const keys = page.getByRole('region', { name: 'API keys' })
    for (const target of [keys.getByText('1 of 20 keys'), button(page, 'Create'), button(page, 'Delete'), table(page).getByRole('row').nth(1)]) {
      await expect(target).toBeInViewport({ ratio: 1 })
    }
    const info = page.getByRole('region', { name: TEXT.projectInformation })
    await expect(info).toBeVisible()
    // Keys, then information: in that order on the page.
    const [keysTop, infoTop] = await Promise.all([keys.boundingBox(), info.boundingBox()])
    expect(keysTop!.y).toBeLessThan(infoTop!.y)
    await screenshot(page, 'project-page-root-1280')
  })

  test('a 60-character name truncates (whole on hover and focus), with no sideways scroll, with or without the sidebar', async ({ page, server }) => {
    await openOnRoot(page, server, 'Long names')
    await renameKey(page, 'Default key', LONG_NAME)
    const name = table(page).getByText(LONG_NAME, { exact: true }).first()
    await expect(name).toHaveAttribute('title', LONG_NAME)
    await expectTableFits(page, page, '/ with the sidebar')
    const cut = await name.evaluate((el) => el.scrollWidth > el.clientWidth)
    if (cut) {
      await name.focus()
      await expect(page.getByRole('tooltip')).toHaveText(LONG_NAME)
    }

    const { portal } = await openOnDocs(page, server, 'Long names in the docs')
    await renameKey(portal, 'Default key', LONG_NAME)
    await expectTableFits(page, portal, '/docs.html (no sidebar, 860 px column)')
  })

  test("in Acme's 860 px documentation column, keys show as a table, not phone cards", async ({ page, server }) => {
    const { portal } = await openOnDocs(page, server, 'Docs column')
    await expect(table(portal)).toBeVisible()
    await expect(portal.getByRole('list', { name: 'API keys' })).toHaveCount(0)
    await expectTableFits(page, portal, '/docs.html')
    await screenshot(page, 'project-page-docs-1280')
  })

  test('a rolled key says "Replaced — stops in …" and offers no Roll; its successor says what it replaces', async ({ page, server }) => {
    await openOnRoot(page, server, 'Rolled keys')
    await renameKey(page, 'Default key', 'Production')
    await rowAction(page, 'Production', 'Roll')
    const roll = dialog(page, 'Roll API key')
    await roll.getByLabel('The old key stops working').selectOption({ label: 'In 24 hours' })
    await button(roll, 'Roll key').click()
    const info = dialog(page, TEXT.newKeyDialog)
    await expect(info.getByText('This is the only time you will be able to see it!', { exact: false })).toBeVisible()
    await button(info, 'Exit').click()
    const oldRow = table(page)
      .getByRole('row')
      .filter({ hasText: /Replaced — stops in 2\d h/ })
    await expect(oldRow).toHaveCount(1)
    expect(await rowActions(oldRow, /Production/)).toEqual(['Edit', 'Delete'])
    // The successor names the key it replaces by its masked value, which both rows of the shared name show.
    const oldMasked = (await oldRow.getByRole('cell').first().innerText()).replace('Production', '').trim()
    const newRow = table(page)
      .getByRole('row')
      .filter({ hasText: `Replaces ${oldMasked}` })
    expect(await rowActions(newRow, /Production/)).toEqual(['Edit', 'Roll', 'Delete'])
    await screenshot(page, 'project-page-rolled')
  })

  test('edit and delete the project: typed-name confirmation, events with ids only, gone from the dashboard', async ({ page, server }) => {
    const { project } = await openOnRoot(page, server, 'Settings test')
    await page.evaluate(() => {
      const seen: unknown[] = ((window as unknown as { seen: unknown[] }).seen = [])
      for (const name of ['flex-project-updated', 'flex-project-deleted']) document.addEventListener(name, (e) => seen.push([name, (e as CustomEvent).detail]))
    })
    await button(page, 'Edit project').click()
    const edit = dialog(page, 'Edit project')
    // Spaces pass the browser's own required check; the server refuses the name they trim to.
    await edit.getByLabel('Project name').fill('   ')
    await button(edit, 'Save').click()
    // The server's refusal shows beside the field it is about.
    await expect(edit.getByLabel('Project name')).toHaveAttribute('aria-invalid', 'true')
    await edit.getByLabel('Project name').fill('Renamed project')
    await edit.getByLabel('Project description').fill('A new description')
    await button(edit, 'Save').click()
    await expect(edit).toBeHidden()
    await expect(heading(page, 'Renamed project')).toBeVisible()
    await expect(page.getByRole('region', { name: TEXT.projectInformation })).toContainText('A new description')

    await button(page, 'Delete project').click()
    const confirm = dialog(page, 'Delete project')
    await confirm.getByLabel('Project name').fill('Renamed')
    await button(confirm, 'Delete project').click()
    await expect(confirm.getByText(/does not match/)).toBeVisible()
    await screenshot(page, 'project-page-delete-confirm')
    await confirm.getByLabel('Project name').fill('Renamed project')
    await button(confirm, 'Delete project').click()
    await expect(heading(page, TEXT.anyDashboardHeading)).toBeVisible()
    await expect(page.getByRole('link', { name: 'Renamed project' })).toHaveCount(0)
    expect(await page.evaluate(() => (window as unknown as { seen: unknown[] }).seen)).toEqual([
      ['flex-project-updated', { id: project.id }],
      ['flex-project-deleted', { id: project.id }],
    ])
    const gone = await page.request.get(`${server.origin}/api/manage/dapp/${project.id}`, {
      headers: { Authorization: `Bearer ${await page.evaluate(() => JSON.parse(localStorage.getItem('accessData')!).accessToken)}` },
    })
    expect(gone.status()).toBe(404)
  })

  test('against a server without project settings, Edit project and the danger zone do not show', async ({ page, server }) => {
    await page.route('**/api/capabilities', (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not found."}' }))
    await openOnRoot(page, server, 'Spec-only settings')
    await expect(table(page)).toBeVisible()
    await expect(button(page, 'Edit project')).toHaveCount(0)
    await expect(button(page, 'Delete project')).toHaveCount(0)
  })
})

test.describe('snippets on /docs.html hold only keys that work', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('after a roll with "Now" the sample holds the new key, the old one is not offered; after a reload, YOUR_API_KEY and a placeholder copy', async ({
    page,
    server,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const { portal } = await openOnDocs(page, server, 'Snippet keys')
    await renameKey(portal, 'Default key', 'Production')
    await rowAction(portal, 'Production', 'Roll')
    const roll = portal.getByRole('dialog', { name: 'Roll API key' })
    await roll.getByLabel('The old key stops working').selectOption({ label: 'Now' })
    const rolled = page.waitForResponse((r) => r.url().endsWith('/roll'))
    await button(roll, 'Roll key').click()
    const pair = (await (await rolled).json()) as Record<string, string>
    const [newId] = Object.keys(pair)
    await button(portal.getByRole('dialog', { name: TEXT.newKeyDialog }), 'Exit').click()

    const snippet = page.locator('#quickstart flex-snippet').first()
    const keyPicker = snippet.getByRole('combobox', { name: 'API key' })
    await expect(keyPicker).toHaveValue(newId)
    // Only the working key, by name.
    await expect(keyPicker.locator('option')).toHaveCount(1)
    await expect(keyPicker.locator('option')).toHaveText(/^Production · apid_/)
    expect((await snippet.locator('pre').innerText()).includes(pair[newId]), 'the sample holds the new whole key').toBe(true)

    // A reload: the session stays, the whole key (kept in memory only) is gone.
    await page.reload()
    await expect(snippet.getByText('Create or roll a key to paste it here')).toBeVisible()
    const text = await snippet.locator('pre').innerText()
    expect(text).toContain('YOUR_API_KEY')
    expect(text, 'never the masked key').not.toContain('fxk_…')
    await snippet.getByRole('button', { name: 'Copy' }).click()
    await expect(snippet.getByText('Copied, with YOUR_API_KEY as a placeholder')).toBeVisible()
  })

  test('a sidebar link to a part of this page moves within it, in the same tab', async ({ page, server, context }) => {
    const { portal } = await openOnDocs(page, server, 'Same-page link')
    const quickstart = portal.getByRole('link', { name: 'Acme Quickstart Guide' })
    await expect(quickstart).not.toHaveAttribute('target', '_blank')
    const pages = context.pages().length
    await quickstart.click()
    await expect(page).toHaveURL(/\/docs\.html#quickstart$/)
    expect(context.pages()).toHaveLength(pages)
    // The portal is still signed in, its project still open: nothing was reloaded.
    await expect(portal.getByRole('heading', { name: 'Same-page link' })).toBeAttached()
    // A link to another document still opens a new tab.
    await expect(portal.getByRole('link', { name: /API Documentation/ })).toHaveAttribute('target', '_blank')
  })
})

test.describe('landmarks', () => {
  for (const path of ['/', '/docs.html', '/existing.html']) {
    test(`${path}: one main landmark (the page's own), axe clean`, async ({ page, server, axe }) => {
      const account = await createAccount(server.origin)
      await createProjectFor(server.origin, account, 'Landmarks')
      await page.goto(path)
      const login = path === '/existing.html' ? page.locator('flex-login') : page.locator('flex-portal')
      if (path === '/existing.html') {
        await logIn(login, account)
        await expect(page.locator('flex-projects').getByRole('heading', { name: TEXT.anyDashboardHeading })).toBeVisible()
        await page.locator('flex-projects').getByRole('link', { name: 'Landmarks' }).click()
        await expect(page.locator('flex-project-detail').getByRole('heading', { name: 'Landmarks', level: 3 })).toBeVisible()
      } else {
        await expect(login.getByRole('heading', { name: TEXT.logInHeading, level: path === '/' ? 1 : 2 })).toBeVisible()
        await signIn(login, account)
        await login.getByRole('link', { name: 'Landmarks' }).click()
        await expect(login.getByRole('heading', { name: 'Landmarks' })).toBeVisible()
      }
      await expect(page.getByRole('main')).toHaveCount(1)
      await expect(page.getByRole('region', { name: 'API keys' })).toBeVisible()
      expect(await axe.check(page), 'serious or critical axe violations').toBe('')
    })
  }
})

/** The project page on each demo page, at a phone's and a laptop's width: nothing scrolls sideways; screenshots for people. */
for (const [label, viewport] of [
  ['375', { width: 375, height: 812 }],
  ['1280', { width: 1280, height: 800 }],
] as const) {
  test.describe(`the project page at ${label} px`, () => {
    test.use({ viewport, isMobile: label === '375', hasTouch: label === '375' })

    test('on all three demo pages: keys first, nothing scrolls sideways', async ({ page, server }) => {
      const account = await createAccount(server.origin)
      const project = await createProjectFor(server.origin, account, 'Weather app', 'Hourly forecasts for the whole of Europe, by postcode.')
      for (const name of ['Staging', LONG_NAME]) {
        await page.request.post(`${server.origin}/api/manage/dapp/${project.id}/api-key`, {
          headers: { Authorization: `Bearer ${account.accessToken}` },
          data: { name },
        })
      }
      await page.goto('/#/login')
      await signIn(page, account)
      await page.goto(`/#/projects?projectid=${encodeURIComponent(project.id)}`)
      await expect(page.getByRole('region', { name: 'API keys' })).toBeVisible()
      await expect(page.getByText(LONG_NAME).first()).toBeVisible()
      await page.mouse.move(0, 0)
      await screenshot(page, `project-page-root-${label}`)
      const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(await sideways(), '/').toBeLessThanOrEqual(0)

      await page.goto('/docs.html')
      const portal = page.locator('flex-portal')
      await portal.getByRole('link', { name: 'Weather app' }).click()
      await expect(portal.getByRole('region', { name: 'API keys' })).toBeVisible()
      await page.mouse.move(0, 0)
      await portal.getByRole('region', { name: 'API keys' }).scrollIntoViewIfNeeded()
      await screenshot(page, `project-page-docs-${label}`)
      expect(await sideways(), '/docs.html').toBeLessThanOrEqual(0)

      await page.goto('/existing.html')
      const projects = page.locator('flex-projects')
      await projects.getByRole('link', { name: 'Weather app' }).click()
      const detail = page.locator('flex-project-detail')
      await expect(detail.getByRole('region', { name: 'API keys' })).toBeVisible()
      await page.mouse.move(0, 0)
      await screenshot(page, `project-page-existing-${label}`)
      expect(await sideways(), '/existing.html').toBeLessThanOrEqual(0)
    })
  })
}
