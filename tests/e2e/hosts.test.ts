/**
 * The three pages `npm start` serves, as their visitors meet them: on a phone
 * (375 × 740, mobile emulation) and on a laptop (1280 × 800). On each: sign up,
 * create a project and get out of 'API Information' (which must lie inside the
 * window), no sideways scrolling of the host page, a reload that keeps the
 * session and the route, and a theme switch that changes the colours. Every
 * screen and dialog is photographed under test-artifacts/e2e/hosts-*.
 */
import type { BrowserContextOptions, Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { freshEmail, PASSWORD } from './harness/api'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { describeFindings, injectAxe, seriousViolations } from './harness/axe'
import { button, dialog, signUp, TEXT, userMenuButton } from './harness/screens'
import { expectNoProblems, useSuite } from './harness/suite'
import { ARTIFACTS } from './harness/paths'
import { expectHidden, expectVisible, waitUntil } from './harness/wait'

const suite = useSuite()
mkdirSync(ARTIFACTS, { recursive: true })

const SIZES: Record<string, BrowserContextOptions> = {
  phone: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  laptop: { viewport: { width: 1280, height: 800 } },
}

/** The host page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scroll, view } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }))
  expect(scroll, `${where}: the page is ${scroll} px wide in a ${view} px window`).toBeLessThanOrEqual(view)
}

/** The whole of `locator` lies inside the window (the visual viewport a user sees). */
async function expectInsideWindow(locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox()
  const view = await locator.page().evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }))
  expect(box, `${what} has a box`).not.toBeNull()
  const { x, y, width, height } = box!
  expect(
    [x >= 0, y >= 0, x + width <= view.width + 0.5, y + height <= view.height + 0.5],
    `${what} at ${JSON.stringify(box)} in ${JSON.stringify(view)}`,
  ).toEqual([true, true, true, true])
}

/** The first background colour the element's screen paints. */
const paint = (host: Locator) =>
  host.evaluate((el) => {
    for (const node of el.shadowRoot!.querySelectorAll('.flex-root *')) {
      const colour = getComputedStyle(node).backgroundColor
      if (colour !== 'rgba(0, 0, 0, 0)') return colour
    }
    return ''
  })

/** 'API Information' after creating a project: inside the window, Exit reachable and closing it. */
async function createProjectAndExit(page: Page, scope: Locator, name: string, shot: (n: string) => Promise<void>): Promise<void> {
  const addButton = button(scope, TEXT.addProject)
  await addButton.scrollIntoViewIfNeeded()
  // Where the page is before the dialog locks its scrolling: it must not jump.
  const place = () => page.evaluate(() => ({ y: Math.round(scrollY), left: Math.round(document.body.firstElementChild!.getBoundingClientRect().left) }))
  const before = await place()
  await addButton.click()
  const add = dialog(page, TEXT.addDialog)
  await expectVisible(add)
  expect(await place(), 'the host page stays where it was under the dialog').toEqual(before)
  await expectInsideWindow(add, "'Add new project'")
  await shot('add-project-dialog')
  await add.getByLabel('Project Name').fill(name)
  await add.getByLabel('Project Description').fill('Made on a host page')
  await button(add, 'Add').click()
  const info = dialog(page, TEXT.infoDialog)
  await expectVisible(info)
  await expectVisible(info.getByText(TEXT.infoWarning))
  await expectInsideWindow(info, "'API Information'")
  const exit = button(info, 'Exit')
  await expectInsideWindow(exit, 'its Exit button')
  await expectNoSidewaysScroll(page, "with 'API Information' open")
  await shot('api-information')
  await info.getByRole('button', { name: /^Project ID\b/ }).click()
  await expectVisible(info.getByRole('button', { name: /Copied/ }))
  await shot('api-information-copied')
  await exit.click()
  await expectHidden(info)
}

/** The narrowest phone the widget supports: still no sideways scrolling. */
async function expectFitsAt320(page: Page): Promise<void> {
  await page.setViewportSize({ width: 320, height: 640 })
  await waitUntil(() => page.evaluate(() => innerWidth === 320), 'the window is 320 px wide')
  await expectNoSidewaysScroll(page, 'at 320 px')
}

async function switchTheme(host: Locator, to: 'dark' | 'light', shot: (n: string) => Promise<void>): Promise<void> {
  const before = await paint(host)
  await host.evaluate((el, theme) => el.setAttribute('theme', theme), to)
  await waitUntil(async () => (await paint(host)) !== before, `the ${to} theme changes the colours`)
  // Buttons ease their colours: photograph the settled theme.
  await waitUntil(() => host.evaluate((el) => el.shadowRoot!.getAnimations().length === 0), 'colour transitions end')
  await shot(`theme-${to}`)
}

describe.each(Object.keys(SIZES))('the three host pages on a %s', (size) => {
  // What the visitor sees in the window (a full-page capture would stitch fixed dialogs mid-page).
  const shooter = (page: Page, host: string) => async (name: string) => {
    await page.screenshot({ path: join(ARTIFACTS, `hosts-${host}-${size}-${name}.png`) })
  }

  it('/ (the standalone page): sign up, a project, reload, theme', async () => {
    const { context, problems } = await suite.context(SIZES[size])
    await injectAxe(context)
    const page = await context.newPage()
    const shot = shooter(page, 'index')
    const portal = page.locator('flex-portal')
    await page.goto('/#/login')
    await expectVisible(portal.getByRole('heading', { name: TEXT.logInHeading }))
    await shot('login')
    await portal.getByRole('link', { name: 'Sign up' }).click()
    await expectVisible(portal.getByRole('heading', { name: TEXT.signUpHeading }))
    await shot('signup')
    await signUp(portal, { email: freshEmail(), password: PASSWORD })
    await expectVisible(portal.getByRole('heading', { name: TEXT.dashboardHeading }))
    await shot('dashboard-empty')
    // Standalone, the element owns the page: a screen-tall layout.
    const heights = await page.evaluate(() => ({ host: document.querySelector('flex-portal')!.getBoundingClientRect().height, view: innerHeight }))
    expect(heights.host).toBeGreaterThanOrEqual(heights.view)

    await createProjectAndExit(page, portal, 'Standalone project', shot)
    await expectVisible(portal.getByRole('link', { name: 'Standalone project' }))
    await expectNoSidewaysScroll(page, 'the dashboard')
    await shot('dashboard')
    expect(describeFindings(await seriousViolations(page))).toBe('')

    if (size === 'phone') {
      await portal.getByRole('button', { name: 'Open sidebar' }).click()
      await expectVisible(portal.getByRole('dialog', { name: 'Sidebar' }))
      await shot('sidebar-sheet')
      await portal.getByRole('button', { name: 'Close sidebar' }).click()
    }
    await userMenuButton(page).click()
    await expectVisible(page.getByRole('menuitem', { name: 'Sign out' }))
    await expectInsideWindow(page.getByRole('menu'), 'the user menu')
    await shot('user-menu')
    await page.keyboard.press('Escape')

    await portal.getByRole('link', { name: 'Standalone project' }).click()
    await expectVisible(portal.getByRole('heading', { name: 'Standalone project' }))
    // The project page keeps the dashboard's frame: the user menu is still there.
    await expectVisible(userMenuButton(page))
    await button(portal, 'Create').click()
    const newKey = dialog(page, TEXT.newKeyDialog)
    await expectVisible(newKey)
    await expectInsideWindow(newKey, "'New API Information'")
    await shot('new-api-information')
    await button(newKey, 'Exit').click()
    await expectHidden(newKey)
    await button(portal, 'Delete').click()
    const pick = dialog(page, TEXT.deleteDialog)
    await expectVisible(pick)
    await shot('pick-key-to-delete')
    await button(pick, 'Confirm').click()
    await expectVisible(page.getByRole('status').filter({ hasText: TEXT.deleted }))
    await shot('project-deleted-toast')
    await expectNoSidewaysScroll(page, 'the project page')

    const route = await page.evaluate(() => location.hash)
    await page.reload()
    await expectVisible(portal.getByRole('heading', { name: 'Standalone project' }))
    expect(await page.evaluate(() => location.hash)).toBe(route)

    await switchTheme(portal, 'light', shot)
    expect(describeFindings(await seriousViolations(page)), 'the light theme passes too').toBe('')
    // theme="auto" follows the system setting, live.
    await page.emulateMedia({ colorScheme: 'dark' })
    const light = await paint(portal)
    await portal.evaluate((el) => el.setAttribute('theme', 'auto'))
    await waitUntil(async () => (await paint(portal)) !== light, 'auto in a dark system is dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await waitUntil(async () => (await paint(portal)) === light, 'auto follows the system to light, without a reload')
    if (size === 'phone') await expectFitsAt320(page)
    expectNoProblems(problems)
  })

  it('/docs.html: the portal in a light docs site, memory router, no sidebar', async () => {
    const { context, problems } = await suite.context(SIZES[size])
    await injectAxe(context)
    const page = await context.newPage()
    const shot = shooter(page, 'docs')
    const portal = page.locator('flex-portal')
    await page.goto('/docs.html')
    await expectVisible(portal.getByRole('heading', { name: TEXT.logInHeading }))
    await portal.scrollIntoViewIfNeeded()
    await shot('login')
    await portal.getByRole('link', { name: 'Sign up' }).click()
    await expectVisible(portal.getByRole('heading', { name: TEXT.signUpHeading }))
    await signUp(portal, { email: freshEmail(), password: PASSWORD })
    await expectVisible(portal.getByRole('heading', { name: TEXT.dashboardHeading }))
    expect(await page.evaluate(() => location.hash), 'the host keeps its hash').toBe('')
    // sidebar="none": no sidebar column; the links sit in the header (behind its menu button on a
    // phone), the documentation one going to the API reference the server serves.
    expect(await portal.getByRole('complementary').count()).toBe(0)
    if (size === 'phone') {
      await portal.getByRole('button', { name: 'Open sidebar' }).click()
      await expectVisible(portal.getByRole('dialog', { name: 'Sidebar' }))
      await shot('links-sheet')
    }
    const docsLink = portal.getByRole('link', { name: /API Documentation/ })
    await expectVisible(docsLink)
    expect(await docsLink.getAttribute('href')).toBe(new URL('/api/docs', suite.server.url).href)
    if (size === 'phone') await portal.getByRole('button', { name: 'Close sidebar' }).click()
    // Embedded, the element is as tall as its content, not the screen.
    await shot('dashboard-empty')

    await createProjectAndExit(page, portal, 'Docs project', shot)
    await expectNoSidewaysScroll(page, 'the dashboard')
    await shot('dashboard')
    expect(describeFindings(await seriousViolations(page))).toBe('')

    await portal.getByRole('link', { name: 'Docs project' }).click()
    await expectVisible(portal.getByRole('heading', { name: 'Docs project' }))
    await shot('project')
    await page.reload()
    await expectVisible(portal.getByRole('heading', { name: 'Docs project' }))
    expect(await page.evaluate(() => JSON.stringify(sessionStorage)), 'nothing secret in sessionStorage').not.toMatch(/accessToken|apiKey|secret/i)

    await switchTheme(portal, 'dark', shot)
    await expectNoSidewaysScroll(page, 'the project page')
    if (size === 'phone') await expectFitsAt320(page)
    expectNoProblems(problems)
  })

  it('/existing.html: log-in to sign-up inside <flex-login>, the empty detail, a picked project', async () => {
    const { context, problems } = await suite.context(SIZES[size])
    await injectAxe(context)
    const page = await context.newPage()
    const shot = shooter(page, 'existing')
    const login = page.locator('flex-login')
    const projects = page.locator('flex-projects')
    const detail = page.locator('flex-project-detail')
    await page.goto('/existing.html')
    await expectVisible(login.getByRole('heading', { name: TEXT.logInHeading }))
    await shot('login')
    await login.getByRole('button', { name: 'Sign up' }).click()
    await expectVisible(login.getByRole('heading', { name: TEXT.signUpHeading }))
    expect(await page.evaluate(() => location.hash), 'switched inside the element').toBe('')
    await shot('signup')
    await signUp(login, { email: freshEmail(), password: PASSWORD })
    await expectVisible(projects.getByRole('heading', { name: TEXT.dashboardHeading }))
    await expectVisible(detail.getByText('Choose a project to see its keys.'))
    expect(await detail.getByRole('alert').count(), 'the empty detail is no error').toBe(0)
    await shot('signed-in-empty')

    await createProjectAndExit(page, projects, 'Existing project', shot)
    await expectNoSidewaysScroll(page, 'the dashboard')
    expect(describeFindings(await seriousViolations(page))).toBe('')

    await projects.getByRole('link', { name: 'Existing project' }).click()
    const detailHeading = detail.getByRole('heading', { name: 'Existing project' })
    await expectVisible(detailHeading)
    await waitUntil(async () => (await detailHeading.boundingBox())!.y < (await page.evaluate(() => innerHeight)), 'the detail is scrolled into view')
    const row = projects.getByRole('row').filter({ hasText: 'Existing project' })
    expect(await row.getAttribute('aria-current')).toBe('true')
    await shot('picked-project')
    await expectNoSidewaysScroll(page, 'with a project picked')

    await page.reload()
    await expectVisible(detail.getByRole('heading', { name: 'Existing project' }))
    await expectVisible(projects.getByRole('heading', { name: TEXT.dashboardHeading }))

    await switchTheme(projects, 'dark', shot)
    if (size === 'phone') await expectFitsAt320(page)
    expectNoProblems(problems)
  })
})
