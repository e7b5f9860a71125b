/** Below 768 px the sidebar hides behind the menu button. */
import type { Locator, Page } from '@playwright/test'
import { createAccount, createProjectFor } from './harness/api'
import { screenshot } from './harness/artifacts'
import { heading, logIn, TEXT } from './harness/screens'
import { expect, test, type FlexServer } from './harness/test'

const sidebarLink = (page: Page) => page.getByRole('link', { name: 'Flex Quickstart Guide' })
const menuButton = (page: Page) => page.getByRole('button', { name: /open (the )?(sidebar|navigation|menu)/i })

/** What a person sees: visible and inside the window (an off-canvas sidebar is "visible" to Playwright). */
async function expectOnScreen(locator: Locator, what: string) {
  await expect(locator, `${what} is visible`).toBeVisible()
  await expect(locator, `${what} is inside the window`).toBeInViewport()
}

const expectOffScreen = (locator: Locator, what: string) => expect(locator, `${what} is off screen`).not.toBeInViewport()

async function signedInDashboard(page: Page, server: FlexServer) {
  const account = await createAccount(server.origin)
  await createProjectFor(
    server.origin,
    account,
    'A project with a rather long name to fill the row',
    'And a description long enough to need some room on a phone screen.',
  )
  await page.goto('/#/login')
  await logIn(page, account)
  await expect(heading(page, TEXT.dashboardHeading)).toBeVisible()
}

test.describe('small screens', () => {
  test.describe('at 375 px', () => {
    test.use({ viewport: { width: 375, height: 740 }, isMobile: false })

    test('the sidebar is hidden behind the menu button, which opens and closes it', async ({ page, server }) => {
      await signedInDashboard(page, server)

      await expectOffScreen(sidebarLink(page), 'the sidebar (it starts hidden)')
      await expectOnScreen(menuButton(page), 'the menu button')
      await screenshot(page, 'small-screen-dashboard')

      await menuButton(page).click()
      await expectOnScreen(sidebarLink(page), 'the quickstart link')
      await expectOnScreen(page.getByRole('link', { name: 'API Documentation' }), 'the documentation link')
      await expectOnScreen(page.getByRole('link', { name: 'Flex Projects' }), 'the projects link')
      await screenshot(page, 'small-screen-sidebar-open')

      await page.getByRole('button', { name: /close (the )?(sidebar|navigation|menu)/i }).click()
      await expectOffScreen(sidebarLink(page), 'the quickstart link')
      await expectOnScreen(menuButton(page), 'the menu button')

      // Nothing pushes the page sideways on a phone.
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }))
      expect(widths.scroll).toBeLessThanOrEqual(widths.view)
    })
  })

  test('on a wide screen the sidebar shows and there is no menu button', async ({ page, server }) => {
    await signedInDashboard(page, server)
    await expectOnScreen(sidebarLink(page), 'the quickstart link')
    await expectOffScreen(menuButton(page), 'the menu button')
  })
})
