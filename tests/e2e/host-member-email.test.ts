/**
 * /existing.html signed in to Northwind (issue 52): the portal's account made
 * for Northwind's user has an e-mail, so the Members table of a project they
 * create shows it (the cell was empty: the demo's backend sent no e-mail).
 */
import { randomUUID } from 'node:crypto'
import { northwindEmail } from '../../server/demo/northwind'
import { button, dialog, TEXT } from './harness/screens'
import { expect, test } from './harness/test'

test("a Northwind user's e-mail is in the Members table of the project they make", async ({ page, context, server }) => {
  const name = `Ada ${randomUUID().slice(0, 8)}`
  await context.addCookies([{ name: 'northwind_user', value: encodeURIComponent(name), url: server.origin }])
  await page.goto('/existing.html')
  const projects = page.locator('flex-projects')
  await button(projects, TEXT.addProject).click()
  const add = dialog(page, TEXT.addDialog)
  await add.getByLabel('Project Name').fill('Northwind members')
  await button(add, 'Add').click()
  await button(dialog(page, TEXT.infoDialog), 'Exit').click()
  await projects.getByRole('link', { name: 'Northwind members' }).click()
  const members = page.locator('flex-project-detail').getByRole('region', { name: 'Members' })
  await expect(members.getByRole('row', { name: new RegExp(`^${name} \\(you\\)`) })).toBeVisible()
  await expect(members.getByRole('cell', { name: northwindEmail(name), exact: true })).toBeVisible()
})
