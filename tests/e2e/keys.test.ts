/**
 * The key table in a real browser: Edit, Roll and a row's Delete against the
 * reference server, and the rows stacking when the element is narrow.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { createAccount, createProjectFor } from './harness/api'
import { screenshot } from './harness/artifacts'
import { button, dialog, heading, logIn, TEXT } from './harness/screens'
import { expectNoProblems, useSuite } from './harness/suite'
import { expectHidden, expectVisible, waitUntil } from './harness/wait'

const suite = useSuite()

async function openProject(page: Page, projectName: string) {
  const account = await createAccount(suite.server.origin)
  const project = await createProjectFor(suite.server.origin, account, projectName)
  await page.goto('/#/login')
  await logIn(page, account)
  await expectVisible(heading(page, TEXT.dashboardHeading))
  await page.goto(`/#/projects?projectid=${encodeURIComponent(project.id)}`)
  await expectVisible(heading(page, projectName))
  return project
}

const table = (page: Page) => page.getByRole('table', { name: 'API keys' })

describe('API keys table', () => {
  it('edits a key’s name, rolls it with the new pair shown once, and deletes the rolled-out key from its row', async () => {
    const { context, problems } = await suite.context({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await openProject(page, 'Keys in a browser')
    await expectVisible(table(page))
    await expectVisible(page.getByText('1 of 20 keys'))
    expect(await table(page).getByRole('row').count()).toBe(2)

    // Edit: rename the first key.
    await button(page, 'Edit key Default key').click()
    const edit = dialog(page, 'Edit API key')
    await edit.getByLabel('Key name').fill('Production')
    await button(edit, 'Save').click()
    await expectHidden(edit)
    await expectVisible(button(page, 'Edit key Production'))

    // Roll, ending the old key now: the new pair shows in 'New API Information'.
    await button(page, 'Roll key Production').click()
    const roll = dialog(page, 'Roll API key')
    await roll.getByLabel('The old key stops working').selectOption({ label: 'Now' })
    const rolled = page.waitForResponse((r) => r.url().endsWith('/roll'))
    await button(roll, 'Roll key').click()
    const pair = (await (await rolled).json()) as Record<string, string>
    const [newId] = Object.keys(pair)
    const info = dialog(page, TEXT.newKeyDialog)
    await expectVisible(info)
    await expectVisible(info.getByText(TEXT.newKeyText))
    await expectVisible(info.getByRole('button', { name: new RegExp(`^API Project ID\\s*${newId}`) }))
    expect(await info.innerText()).toContain(pair[newId])
    await screenshot(page, 'keys-rolled-new-pair')
    await button(info, 'Exit').click()
    await expectHidden(info)

    // Both keys are named Production; the old one is listed as expired.
    await waitUntil(async () => (await table(page).getByRole('row').count()) === 3, 'the rolled key is listed')
    const expiredRow = table(page).getByRole('row').filter({ hasText: 'Expired' })
    await expectVisible(expiredRow)
    await screenshot(page, 'keys-table')

    // Delete the rolled-out key from its row: confirm for that key, toast, gone.
    await expiredRow.getByRole('button', { name: /^Delete key Production/ }).click()
    const confirm = dialog(page, 'Delete API key')
    await button(confirm, 'Delete key').click()
    await expectHidden(confirm)
    await expectVisible(page.getByRole('status').filter({ hasText: TEXT.deleted }))
    await waitUntil(async () => (await table(page).getByRole('row').count()) === 2, 'the deleted key is gone')
    await expectVisible(button(page, 'Roll key Production'))
    expectNoProblems(problems)
  })

  it('stacks the rows into cards when the element is narrow, without widening the page', async () => {
    const { context, problems } = await suite.context({ viewport: { width: 375, height: 740 } })
    const page = await context.newPage()
    await openProject(page, 'Keys on a phone')
    await expectVisible(table(page))
    await expectVisible(table(page).getByRole('cell').getByText('Last used', { exact: true }))
    await screenshot(page, 'keys-table-narrow')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow, 'the page does not scroll sideways').toBeLessThanOrEqual(0)
    expectNoProblems(problems)
  })
})
