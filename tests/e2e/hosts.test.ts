/**
 * The three pages `npm start` serves, as their visitors meet them: on a phone
 * (375 × 740, mobile emulation) and on a laptop (1280 × 800). On each: sign up,
 * create a project and get out of 'API Information' (which must lie inside the
 * window), no sideways scrolling of the host page, a reload that keeps the
 * session and the route, and a theme switch that changes the colours. Every
 * screen and dialog is photographed under test-artifacts/e2e/hosts-*.
 */
import type { Locator, Page, PlaywrightTestOptions } from '@playwright/test'
import { join } from 'node:path'
import { freshEmail, PASSWORD } from './harness/api'
import { ARTIFACTS } from './harness/paths'
import { atRoute, button, dialog, signUp, TEXT, userMenuButton } from './harness/screens'
import { expect, test } from './harness/test'

const SIZES: Record<string, Partial<PlaywrightTestOptions>> = {
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
  // In the middle of the window: at its edge a host's sticky header may cover it, and the click would scroll the page first.
  await addButton.evaluate((el) => el.scrollIntoView({ block: 'center' }))
  // Where the page is before the dialog locks its scrolling: it must not jump.
  const place = () => page.evaluate(() => ({ y: Math.round(scrollY), left: Math.round(document.body.firstElementChild!.getBoundingClientRect().left) }))
  const before = await place()
  await addButton.click()
  const add = dialog(page, TEXT.addDialog)
  await expect(add).toBeVisible()
  expect(await place(), 'the host page stays where it was under the dialog').toEqual(before)
  await expectInsideWindow(add, "'Add new project'")
  await shot('add-project-dialog')
  await add.getByLabel('Project Name').fill(name)
  await add.getByLabel('Project Description').fill('Made on a host page')
  await button(add, 'Add').click()
  const info = dialog(page, TEXT.infoDialog)
  await expect(info).toBeVisible()
  await expect(info.getByText(TEXT.infoWarning)).toBeVisible()
  await expectInsideWindow(info, "'API Information'")
  const exit = button(info, 'Exit')
  await expectInsideWindow(exit, 'its Exit button')
  await expectNoSidewaysScroll(page, "with 'API Information' open")
  await shot('api-information')
  await info.getByRole('button', { name: /^Project ID\b/ }).click()
  await expect(info.getByText(TEXT.copied)).toBeVisible()
  await shot('api-information-copied')
  await exit.click()
  await expect(info).toBeHidden()
}

/** The narrowest phone the widget supports: still no sideways scrolling. */
async function expectFitsAt320(page: Page): Promise<void> {
  await page.setViewportSize({ width: 320, height: 640 })
  await expect.poll(() => page.evaluate(() => innerWidth), { message: 'the window is 320 px wide' }).toBe(320)
  await expectNoSidewaysScroll(page, 'at 320 px')
}

async function switchTheme(host: Locator, to: 'dark' | 'light', shot: (n: string) => Promise<void>): Promise<void> {
  const before = await paint(host)
  await host.evaluate((el, theme) => el.setAttribute('theme', theme), to)
  await expect.poll(() => paint(host), { message: `the ${to} theme changes the colours` }).not.toBe(before)
  // Buttons ease their colours: photograph the settled theme.
  await expect.poll(() => host.evaluate((el) => el.shadowRoot!.getAnimations().length), { message: 'colour transitions end' }).toBe(0)
  await shot(`theme-${to}`)
}

for (const size of Object.keys(SIZES)) {
  test.describe(`the three host pages on a ${size}`, () => {
    test.use(SIZES[size])

    // What the visitor sees in the window (a full-page capture would stitch fixed dialogs mid-page).
    const shooter = (page: Page, host: string) => async (name: string) => {
      await page.screenshot({ path: join(ARTIFACTS, `hosts-${host}-${size}-${name}.png`) })
    }

    test('/ (the standalone page): sign up, a project, reload, theme', async ({ page, axe }) => {
      const shot = shooter(page, 'index')
      const portal = page.locator('flex-portal')
      await page.goto('/#/login')
      await expect(portal.getByRole('heading', { name: TEXT.logInHeading })).toBeVisible()
      await shot('login')
      await portal.getByRole('link', { name: 'Sign up' }).click()
      await expect(portal.getByRole('heading', { name: TEXT.signUpHeading })).toBeVisible()
      await shot('signup')
      await signUp(portal, { email: freshEmail(), password: PASSWORD })
      await expect(portal.getByRole('heading', { name: TEXT.anyDashboardHeading })).toBeVisible()
      await shot('dashboard-empty')
      // Standalone, the element owns the page: a screen-tall layout.
      const heights = await page.evaluate(() => ({ host: document.querySelector('flex-portal')!.getBoundingClientRect().height, view: innerHeight }))
      expect(heights.host).toBeGreaterThanOrEqual(heights.view)

      await createProjectAndExit(page, portal, 'Standalone project', shot)
      await expect(portal.getByRole('link', { name: 'Standalone project' })).toBeVisible()
      await expectNoSidewaysScroll(page, 'the dashboard')
      await shot('dashboard')
      expect(await axe.check(page)).toBe('')

      if (size === 'phone') {
        await portal.getByRole('button', { name: 'Open sidebar' }).click()
        await expect(portal.getByRole('dialog', { name: 'Sidebar' })).toBeVisible()
        await shot('sidebar-sheet')
        await portal.getByRole('button', { name: 'Close sidebar' }).click()
      }
      await userMenuButton(page).click()
      await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible()
      await expectInsideWindow(page.getByRole('menu'), 'the user menu')
      await shot('user-menu')
      await page.keyboard.press('Escape')

      await portal.getByRole('link', { name: 'Standalone project' }).click()
      await expect(portal.getByRole('heading', { name: 'Standalone project' })).toBeVisible()
      // The project page keeps the dashboard's frame: the user menu is still there.
      await expect(userMenuButton(page)).toBeVisible()
      await button(portal, 'Create').click()
      const newKey = dialog(page, TEXT.newKeyDialog)
      await expect(newKey).toBeVisible()
      await expectInsideWindow(newKey, "'New API Information'")
      await shot('new-api-information')
      await button(newKey, 'Exit').click()
      await expect(newKey).toBeHidden()
      await button(portal, 'Delete').click()
      const pick = dialog(page, TEXT.deleteDialog)
      await expect(pick).toBeVisible()
      await shot('pick-key-to-delete')
      await button(pick, 'Confirm').click()
      await expect(page.getByRole('status').filter({ hasText: TEXT.deleted })).toBeVisible()
      await shot('project-deleted-toast')
      await expectNoSidewaysScroll(page, 'the project page')

      const route = new URL(page.url()).hash
      await page.reload()
      await expect(portal.getByRole('heading', { name: 'Standalone project' })).toBeVisible()
      await expect(page).toHaveURL(atRoute(route))

      await switchTheme(portal, 'light', shot)
      expect(await axe.check(page), 'the light theme passes too').toBe('')
      // theme="auto" follows the system setting, live.
      await page.emulateMedia({ colorScheme: 'dark' })
      const light = await paint(portal)
      await portal.evaluate((el) => el.setAttribute('theme', 'auto'))
      await expect.poll(() => paint(portal), { message: 'auto in a dark system is dark' }).not.toBe(light)
      await page.emulateMedia({ colorScheme: 'light' })
      await expect.poll(() => paint(portal), { message: 'auto follows the system to light, without a reload' }).toBe(light)
      if (size === 'phone') await expectFitsAt320(page)
    })

    test('/docs.html: the portal in a light docs site, memory router, no sidebar', async ({ page, axe, server }) => {
      const shot = shooter(page, 'docs')
      const portal = page.locator('flex-portal')
      await page.goto('/docs.html')
      await expect(portal.getByRole('heading', { name: TEXT.logInHeading })).toBeVisible()
      await portal.scrollIntoViewIfNeeded()
      await shot('login')
      await portal.getByRole('link', { name: 'Sign up' }).click()
      await expect(portal.getByRole('heading', { name: TEXT.signUpHeading })).toBeVisible()
      await signUp(portal, { email: freshEmail(), password: PASSWORD })
      await expect(portal.getByRole('heading', { name: TEXT.acmeDashboardHeading })).toBeVisible()
      await expect(page, 'the host keeps its hash').toHaveURL(atRoute(''))
      // sidebar="none": no sidebar column; the links sit in the header (behind its menu button on a
      // phone), the documentation one going to the API reference the server serves.
      await expect(portal.getByRole('complementary')).toHaveCount(0)
      if (size === 'phone') {
        await portal.getByRole('button', { name: 'Open sidebar' }).click()
        await expect(portal.getByRole('dialog', { name: 'Sidebar' })).toBeVisible()
        await shot('links-sheet')
      }
      const docsLink = portal.getByRole('link', { name: /API Documentation/ })
      await expect(docsLink).toBeVisible()
      await expect(docsLink).toHaveAttribute('href', new URL('/api/docs', server.url).href)
      if (size === 'phone') await portal.getByRole('button', { name: 'Close sidebar' }).click()
      // Embedded, the element is as tall as its content, not the screen.
      await shot('dashboard-empty')

      await createProjectAndExit(page, portal, 'Docs project', shot)
      await expectNoSidewaysScroll(page, 'the dashboard')
      await shot('dashboard')
      expect(await axe.check(page)).toBe('')

      await portal.getByRole('link', { name: 'Docs project' }).click()
      await expect(portal.getByRole('heading', { name: 'Docs project' })).toBeVisible()
      await shot('project')
      await page.reload()
      await expect(portal.getByRole('heading', { name: 'Docs project' })).toBeVisible()
      expect(await page.evaluate(() => JSON.stringify(sessionStorage)), 'nothing secret in sessionStorage').not.toMatch(/accessToken|apiKey|secret/i)

      await switchTheme(portal, 'dark', shot)
      await expectNoSidewaysScroll(page, 'the project page')
      if (size === 'phone') await expectFitsAt320(page)
    })

    test('/existing.html: log-in to sign-up inside <flex-login>, the empty detail, a picked project', async ({ page, axe }) => {
      const shot = shooter(page, 'existing')
      const login = page.locator('flex-login')
      const projects = page.locator('flex-projects')
      const detail = page.locator('flex-project-detail')
      await page.goto('/existing.html')
      await expect(login.getByRole('heading', { name: TEXT.logInHeading })).toBeVisible()
      await shot('login')
      await login.getByRole('button', { name: 'Sign up' }).click()
      await expect(login.getByRole('heading', { name: TEXT.signUpHeading })).toBeVisible()
      await expect(page, 'switched inside the element').toHaveURL(atRoute(''))
      await shot('signup')
      await signUp(login, { email: freshEmail(), password: PASSWORD })
      await expect(projects.getByRole('heading', { name: TEXT.northwindDashboardHeading })).toBeVisible()
      await expect(detail.getByText('Choose a project to see its keys.')).toBeVisible()
      await expect(detail.getByRole('alert'), 'the empty detail is no error').toHaveCount(0)
      await shot('signed-in-empty')

      await createProjectAndExit(page, projects, 'Existing project', shot)
      await expectNoSidewaysScroll(page, 'the dashboard')
      expect(await axe.check(page)).toBe('')

      await projects.getByRole('link', { name: 'Existing project' }).click()
      const detailHeading = detail.getByRole('heading', { name: 'Existing project' })
      await expect(detailHeading).toBeVisible()
      await expect(detailHeading, 'the detail is scrolled into view').toBeInViewport()
      const row = projects.getByRole('row').filter({ hasText: 'Existing project' })
      await expect(row).toHaveAttribute('aria-current', 'true')
      await shot('picked-project')
      await expectNoSidewaysScroll(page, 'with a project picked')

      await page.reload()
      await expect(detail.getByRole('heading', { name: 'Existing project' })).toBeVisible()
      await expect(projects.getByRole('heading', { name: TEXT.northwindDashboardHeading })).toBeVisible()

      await switchTheme(projects, 'dark', shot)
      if (size === 'phone') await expectFitsAt320(page)
    })
  })
}
