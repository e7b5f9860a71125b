/**
 * A new key is named at birth (issue 52): the one-time dialog that shows it
 * asks its name and expiry, and Exit saves them against the reference server.
 * Screenshots: test-artifacts/e2e/key-birth-*.
 */
import { createAccount, createProjectFor } from './harness/api'
import { screenshot } from './harness/artifacts'
import { button, dialog, heading, logIn, TEXT } from './harness/screens'
import { expect, test } from './harness/test'

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('Create shows the new key once, with a name and an expiry to set; Exit saves them', async ({ page, server }) => {
      const account = await createAccount(server.origin)
      const project = await createProjectFor(server.origin, account, `Birth ${width}`)
      await page.goto('/#/login')
      await logIn(page, account)
      await expect(heading(page, TEXT.dashboardHeading)).toBeVisible()
      await page.goto(`/#/projects?projectid=${encodeURIComponent(project.id)}`)
      await expect(heading(page, `Birth ${width}`)).toBeVisible()
      await button(page, 'Create').click()
      const info = dialog(page, TEXT.newKeyDialog)
      const name = info.getByLabel('Key name')
      await expect(name).toHaveAttribute('placeholder', /Key 2/)
      await name.fill('Checkout server')
      const expires = info.getByLabel('Expires')
      await expires.selectOption({ label: 'In 30 days' })
      // The choice's text starts where the name's does: the select's extra room is at its arrow's end only.
      const textStart = (field: typeof name) => field.evaluate((el) => getComputedStyle(el).paddingLeft)
      expect(await textStart(expires), 'the expiry and the name line up').toBe(await textStart(name))
      await screenshot(page, `key-birth-${width}`)
      await button(info, 'Exit').click()
      await expect(info).toBeHidden()
      const row =
        width >= 1280
          ? page.getByRole('table', { name: 'API keys' }).getByRole('row', { name: /Checkout server/ })
          : page.getByRole('list', { name: 'API keys' }).getByRole('listitem').filter({ hasText: 'Checkout server' })
      await expect(row).toBeVisible()
      await expect(row).toContainText(/Expires in (29|30) days/)
    })
  })
}
