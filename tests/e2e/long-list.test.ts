/**
 * A project list longer than its box scrolls inside that box: scrolled to its
 * end, the page below keeps its height (each row's copy button has a status
 * text for screen readers, placed absolutely, which the box must hold).
 */
import type { Page } from '@playwright/test'
import { createAccount, createProjectFor } from './harness/api'
import { heading, logIn, TEXT } from './harness/screens'
import { expect, test } from './harness/test'

// Rows enough to run far past the box (70 % of the window), within the 50 a user may make at once.
const PROJECTS = 40

const documentHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight)

/** The document's height once two readings in a row agree (the table fits its columns to its box as it loads). */
async function settledHeight(page: Page): Promise<number> {
  let last = -1
  await expect
    .poll(async () => {
      const height = await documentHeight(page)
      const same = height === last
      last = height
      return same
    })
    .toBe(true)
  return last
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`at ${viewport.width} px, scrolling the project list to its end leaves the page its height`, async ({ page, server }) => {
    await page.setViewportSize(viewport)
    const account = await createAccount(server.origin)
    for (let i = 0; i < PROJECTS; i += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, j) => createProjectFor(server.origin, account, `Project ${i + j + 1}`)))
    }
    await page.goto('/#/login')
    await logIn(page, account)
    await expect(heading(page, TEXT.dashboardHeading)).toBeVisible()
    const list = page.getByRole('region', { name: 'Projects', exact: true })
    await expect(list.getByRole('link', { name: /^Project \d+$/ }).first()).toBeVisible()
    // The new account's reminder to verify its address comes after a look-up of the account and adds its height to the page:
    // measured before it came, the page grew by it while the list scrolled (844 px against 800 on a loaded machine).
    await expect(page.getByRole('status').filter({ hasText: 'not verified' })).toBeVisible()
    const before = await settledHeight(page)

    await list.evaluate((box) => box.scrollTo(0, box.scrollHeight))
    // The list is windowed: its last row is drawn once the box has scrolled there.
    await expect(list.locator(`tr[aria-rowindex="${PROJECTS + 1}"]`)).toBeVisible()

    expect(await settledHeight(page), 'the document height, scrolled to the list end').toBeLessThanOrEqual(before)
  })
}
