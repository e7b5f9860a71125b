/**
 * The portal inside a host that has its own layout (issue 52, points 8, 9 and
 * 14): the docs demo page's sticky header, its language picker's right to left
 * on a left-to-right page, and Japanese headings on a phone. Screenshots land in
 * test-artifacts/e2e/host-layout-*.
 */
import type { Locator, Page } from '@playwright/test'
import { createAccount, createProjectFor, type Account } from './harness/api'
import { screenshot } from './harness/artifacts'
import { logIn, TEXT } from './harness/screens'
import { expect, test } from './harness/test'

const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }

/** Signs in inside the docs page's portal (`lang`: the picker's choice, through ?lang=). */
async function docsPortal(page: Page, account: Account, lang?: string): Promise<Locator> {
  await page.goto(`/docs.html${lang ? `?lang=${lang}` : ''}`)
  const portal = page.locator('flex-portal')
  // The log-in's own texts stay English for ar (no Arabic is bundled); Japanese has its own.
  if (lang === 'ja') {
    await portal.getByLabel('メールアドレス').fill(account.email)
    await portal.getByLabel('パスワード', { exact: true }).fill(account.password)
    await portal.getByRole('button', { name: 'ログイン' }).click()
  } else {
    await logIn(portal, account)
    await expect(portal.getByRole('heading', { name: TEXT.anyDashboardHeading })).toBeVisible()
  }
  return portal
}

test.describe('the docs page on a phone', () => {
  test.use(PHONE)

  test('right to left: the sheet opens from the side of its button, though the page is left to right', async ({ page, server }) => {
    const account = await createAccount(server.origin)
    const portal = await docsPortal(page, account, 'ar')
    await expect(portal).toHaveAttribute('dir', 'rtl')
    const menu = portal.getByRole('button', { name: /open (the )?(sidebar|navigation|menu)/i })
    const button = (await menu.boundingBox())!
    const width = page.viewportSize()!.width
    expect(button.x + button.width / 2, 'the menu button is on the right half').toBeGreaterThan(width / 2)
    await menu.click()
    const sheet = portal.getByRole('dialog')
    await expect(sheet).toBeVisible()
    // The sheet slides in: wait until it rests.
    await expect.poll(async () => Math.round((await sheet.boundingBox())!.x + (await sheet.boundingBox())!.width)).toBe(width)
    await screenshot(page, 'host-layout-rtl-sheet-phone')
  })

  test("opening a project brings the portal's top bar below the page's sticky header", async ({ page, server }) => {
    const account = await createAccount(server.origin)
    await createProjectFor(server.origin, account, 'Payments API', 'Charges, refunds and payouts.')
    for (const other of ['Billing', 'Search', 'Shipping', 'Ledger', 'Notifications']) await createProjectFor(server.origin, account, other)
    const portal = await docsPortal(page, account)
    // The reader scrolls down the list until the portal's top is well above the window, then opens a project.
    const rows = portal.getByRole('link').filter({ hasText: /^(Payments API|Billing|Search|Shipping|Ledger|Notifications)$/ })
    await expect(rows).toHaveCount(6)
    const last = rows.last()
    const name = (await last.textContent())!
    await last.evaluate((el) => el.scrollIntoView({ block: 'end' }))
    expect(await portal.evaluate((el) => el.getBoundingClientRect().top), "the portal's top is above the window").toBeLessThan(0)
    await last.click()
    await expect(portal.getByRole('heading', { name })).toBeFocused()
    const header = (await page.locator('.docs-header').boundingBox())!
    const back = portal.getByRole('link', { name: 'Back to Dashboard' })
    await expect.poll(async () => (await back.boundingBox())!.y, 'the back link sits below the sticky header').toBeGreaterThanOrEqual(header.y + header.height)
    await expect(back).toBeInViewport()
    await screenshot(page, 'host-layout-sticky-header-phone')
  })

  test('Japanese headings wrap between words, never inside one ("API キー" stays whole at 320 px)', async ({ page, server }) => {
    await page.setViewportSize({ width: 320, height: 740 })
    const account = await createAccount(server.origin)
    const name = 'Payments API'
    await createProjectFor(server.origin, account, name)
    const portal = await docsPortal(page, account, 'ja')
    await portal.getByRole('link', { name }).click()
    const keys = portal.getByRole('heading', { name: 'API キー', exact: true })
    await expect(keys).toBeVisible()
    // One line box: a heading split inside "キー" has two.
    const lines = await keys.evaluate((el) => {
      const range = document.createRange()
      range.selectNodeContents(el)
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size
    })
    expect(lines, '"API キー" on one line').toBe(1)
    await screenshot(page, 'host-layout-ja-keys-phone')
  })
})

test('Japanese navigation wraps between words: no link of the header leaves a character alone on a line (existing.html, 1280 px)', async ({
  page,
  context,
  server,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await context.addCookies([{ name: 'northwind_user', value: encodeURIComponent('Ada Lovelace'), url: server.origin }])
  await page.goto('/existing.html')
  const projects = page.locator('flex-projects')
  await expect(projects.getByRole('button', { name: /Add New Project/ })).toBeVisible()
  await projects.evaluate((el) => el.setAttribute('lang', 'ja'))
  const nav = projects.getByRole('navigation')
  await expect(nav.getByRole('link', { name: 'Northwind プロジェクト' })).toBeVisible()
  // Each line of each link's words (its icon and its visually hidden "(opens in a new tab)" apart), as
  // wide as it is: a line holding one character ("ト") is about 1em.
  const lines = await nav.evaluate((el) =>
    [...el.querySelectorAll('a')].flatMap((a) => {
      const em = parseFloat(getComputedStyle(a).fontSize)
      const walker = document.createTreeWalker(a, NodeFilter.SHOW_TEXT)
      const rects: { text: string; ems: number }[] = []
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || node.parentElement!.getBoundingClientRect().width <= 1) continue
        const range = document.createRange()
        range.selectNodeContents(node)
        for (const r of range.getClientRects()) rects.push({ text: node.textContent, ems: r.width / em })
      }
      return rects
    }),
  )
  expect(lines.filter((line) => line.ems < 1.5)).toEqual([])
  await screenshot(page, 'host-layout-ja-nav-laptop')
})
