/** Issue 5, scenario 5: below 768 px the sidebar hides behind the menu button. */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { createAccount, createProjectFor } from './harness/api'
import { screenshot } from './harness/artifacts'
import { heading, logIn, TEXT } from './harness/screens'
import { expectNoProblems, useSuite } from './harness/suite'
import { expectOffScreen, expectOnScreen, expectVisible, onScreen } from './harness/wait'

const suite = useSuite()

const sidebarLink = (page: Page) => page.getByRole('link', { name: 'Flex Quickstart Guide' })
const menuButton = (page: Page) => page.getByRole('button', { name: /open (the )?(sidebar|navigation|menu)/i })

async function signedInDashboard(page: Page) {
  const account = await createAccount(suite.server.origin)
  await createProjectFor(
    suite.server.origin,
    account,
    'A project with a rather long name to fill the row',
    'And a description long enough to need some room on a phone screen.',
  )
  await page.goto('/#/login')
  await logIn(page, account)
  await expectVisible(heading(page, TEXT.dashboardHeading))
}

describe('small screens', () => {
  it('at 375 px the sidebar is hidden behind the menu button, which opens and closes it', async () => {
    const { context, problems } = await suite.context({ viewport: { width: 375, height: 740 }, isMobile: false })
    const page = await context.newPage()
    await signedInDashboard(page)

    expect(await onScreen(sidebarLink(page)), 'the sidebar starts hidden').toBe(false)
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
    expectNoProblems(problems)
  })

  it('on a wide screen the sidebar shows and there is no menu button', async () => {
    const { context, problems } = await suite.context({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await signedInDashboard(page)
    await expectOnScreen(sidebarLink(page), 'the quickstart link')
    expect(await onScreen(menuButton(page))).toBe(false)
    expectNoProblems(problems)
  })
})
