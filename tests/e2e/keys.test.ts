/**
 * The key table in a real browser: Edit, Roll and a row's Delete against the
 * reference server, and the rows stacking when the element is narrow.
 */
import type { Page } from '@playwright/test'
import { createAccount, createProjectFor } from './harness/api'
import { screenshot } from './harness/artifacts'
import { button, dialog, heading, logIn, TEXT } from './harness/screens'
import { expect, test, type FlexServer } from './harness/test'
import { rowAction, rowActions } from './harness/row-menu'

async function openProject(page: Page, server: FlexServer, projectName: string) {
  const account = await createAccount(server.origin)
  const project = await createProjectFor(server.origin, account, projectName)
  await page.goto('/#/login')
  await logIn(page, account)
  await expect(heading(page, TEXT.dashboardHeading)).toBeVisible()
  await page.goto(`/#/projects?projectid=${encodeURIComponent(project.id)}`)
  await expect(heading(page, projectName)).toBeVisible()
  return project
}

const table = (page: Page) => page.getByRole('table', { name: 'API keys' })

test.describe('API keys table', () => {
  test.describe('on a laptop', () => {
    test.use({ viewport: { width: 1280, height: 900 } })

    test('edits a key’s name, rolls it with the new pair shown once, and deletes the rolled-out key from its row', async ({ page, server }) => {
      await openProject(page, server, 'Keys in a browser')
      await expect(table(page)).toBeVisible()
      await expect(page.getByText('1 of 20 keys')).toBeVisible()
      await expect(table(page).getByRole('row')).toHaveCount(2)

      // Edit: rename the first key.
      await rowAction(page, 'Default key', 'Edit')
      const edit = dialog(page, 'Edit API key')
      await edit.getByLabel('Key name').fill('Production')
      await button(edit, 'Save').click()
      await expect(edit).toBeHidden()
      await expect(button(page, 'Actions for key Production')).toBeVisible()

      // Roll, ending the old key now: the new pair shows in 'New API Information'.
      await rowAction(page, 'Production', 'Roll')
      const roll = dialog(page, 'Roll API key')
      await roll.getByLabel('The old key stops working').selectOption({ label: 'Now' })
      const rolled = page.waitForResponse((r) => r.url().endsWith('/roll'))
      await button(roll, 'Roll key').click()
      const pair = (await (await rolled).json()) as Record<string, string>
      const [newId] = Object.keys(pair)
      const info = dialog(page, TEXT.newKeyDialog)
      await expect(info).toBeVisible()
      await expect(info.getByText(TEXT.newKeyText)).toBeVisible()
      await expect(info.getByRole('button', { name: new RegExp(`^API Project ID\\s*${newId}`) })).toBeVisible()
      await expect(info).toContainText(pair[newId])
      await screenshot(page, 'keys-rolled-new-pair')
      await button(info, 'Exit').click()
      await expect(info).toBeHidden()

      // Both keys are named Production; the old one is listed as expired.
      await expect(table(page).getByRole('row'), 'the rolled key is listed').toHaveCount(3)
      const expiredRow = table(page).getByRole('row').filter({ hasText: 'Expired' })
      await expect(expiredRow).toBeVisible()
      await screenshot(page, 'keys-table')

      // Delete the rolled-out key from its row: confirm for that key, toast, gone.
      await rowAction(expiredRow, /Production/, 'Delete')
      const confirm = dialog(page, 'Delete API key')
      await button(confirm, 'Delete key').click()
      await expect(confirm).toBeHidden()
      await expect(page.getByRole('status').filter({ hasText: TEXT.deleted })).toBeVisible()
      await expect(table(page).getByRole('row'), 'the deleted key is gone').toHaveCount(2)
      expect(await rowActions(page, 'Production')).toEqual(['Edit', 'Roll', 'Delete'])
    })
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 740 } })

    test('stacks the rows into cards when the element is narrow, without widening the page', async ({ page, server }) => {
      await openProject(page, server, 'Keys on a phone')
      const cards = page.getByRole('list', { name: 'API keys' })
      await expect(cards).toBeVisible()
      await expect(cards.getByRole('listitem')).toContainText('Last used Never')
      await expect(button(cards, 'Delete key Default key')).toBeVisible()
      await screenshot(page, 'keys-table-narrow')
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow, 'the page does not scroll sideways').toBeLessThanOrEqual(0)
    })
  })
})
