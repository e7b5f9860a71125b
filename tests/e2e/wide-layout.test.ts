/**
 * The project page on wide screens (issue 52, "one layout for wide screens"):
 * as wide as the dashboard up to a readable maximum, the keys table keeps its
 * name, API Project ID, Last used and Requests columns at 1280 and 1920 px in
 * every bundled language, with a long key name, and each row's actions sit in
 * one "⋯" menu that the keyboard drives. Screenshots: test-artifacts/e2e/wide-*.
 */
import type { Page } from '@playwright/test'
import { callApi, createAccount, createProjectFor } from './harness/api'
import { screenshot } from './harness/artifacts'
import { button, dialog, heading, logIn, TEXT } from './harness/screens'
import { rowAction } from './harness/row-menu'
import { expect, test, type FlexServer } from './harness/test'

const LONG_NAME = 'A key name of sixty characters that keeps going on and on ok'
const LANGS = ['en', 'de', 'es', 'fr', 'ja', 'pt-BR'] as const

async function openProject(page: Page, server: FlexServer, name: string) {
  const account = await createAccount(server.origin)
  const project = (await createProjectFor(server.origin, account, name)) as { id: string; apiKey: Record<string, string> }
  await page.goto('/#/login')
  await logIn(page, account)
  await expect(heading(page, TEXT.dashboardHeading)).toBeVisible()
  await page.goto(`/#/projects?projectid=${encodeURIComponent(project.id)}`)
  await expect(heading(page, name)).toBeVisible()
  return { account, project, keyId: Object.keys(project.apiKey)[0] }
}

/** The ids of the keys table's columns that are shown (data-col / data-name on each header). */
const shownColumns = (page: Page) =>
  page
    .getByRole('table', { name: /./ })
    .first()
    .evaluate((t) =>
      [...t.querySelectorAll('thead th')]
        .filter((th) => (th as HTMLElement).offsetWidth > 0)
        .map((th) => th.getAttribute('data-name') ?? th.getAttribute('data-col')),
    )

for (const width of [1280, 1920]) {
  test.describe(`the keys table at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('keeps name, API Project ID, Last used and Requests in every language, with a long key name', async ({ page, server }) => {
      const { account, project, keyId } = await openProject(page, server, `Wide ${width}`)
      await rowAction(page, 'Default key', 'Edit')
      const edit = dialog(page, 'Edit API key')
      await edit.getByLabel('Key name').fill(LONG_NAME)
      await button(edit, 'Save').click()
      await expect(edit).toBeHidden()
      // Rolled, with a day's grace: the longest statuses ("Replaced — stops in 23 h", "Replaces fxk_…") are on the page.
      await callApi(server.origin, 'POST', `/manage/dapp/${project.id}/api-key/${keyId}/roll`, account.accessToken, { graceSeconds: 86_400 })
      await page.reload()
      await expect(page.getByRole('button', { name: /^Actions for key / })).toHaveCount(2)
      for (const lang of LANGS) {
        await page.evaluate((l) => document.querySelector('flex-portal')!.setAttribute('lang', l), lang)
        await expect(page.locator('flex-portal')).toHaveAttribute('lang', lang)
        await expect
          .poll(() => shownColumns(page), `${lang}: the columns shown`)
          .toEqual(expect.arrayContaining(['name', 'id', 'used', 'requests', 'status', 'actions']))
        const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
        expect(over, `${lang}: no sideways scroll`).toBeLessThanOrEqual(0)
        if (lang === 'en' || lang === 'de' || lang === 'ja') await screenshot(page, `wide-keys-${lang}-${width}`)
      }
    })
  })
}

test.describe('a key row’s "⋯" menu', () => {
  test.use({ viewport: { width: 1280, height: 900 } })

  test('opens with Enter, moves with the arrow keys, closes with Escape and gives focus back', async ({ page, server }) => {
    await openProject(page, server, 'Row menu')
    const trigger = page.getByRole('button', { name: 'Actions for key Default key', exact: true })
    await trigger.focus()
    await page.keyboard.press('Enter')
    const menu = page.getByRole('menu', { name: 'Actions for key Default key' })
    await expect(menu.getByRole('menuitem')).toHaveText(['Edit', 'Roll', 'Delete'])
    await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(menu.getByRole('menuitem', { name: 'Roll' })).toBeFocused()
    await page.keyboard.press('End')
    await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeFocused()
    // The menu opens toward the row, inside the page: no sideways scroll.
    const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(over, 'the open menu does not widen the page').toBeLessThanOrEqual(0)
    await screenshot(page, 'wide-row-menu-1280')
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(trigger).toBeFocused()
  })
})
