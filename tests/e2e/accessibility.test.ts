/**
 * Axe-core (from its npm package) finds no serious or
 * critical violation on the log-in, sign-up, dashboard and detail screens, or
 * in any dialog, the user menu and the toast.
 */
import { freshEmail, PASSWORD } from './harness/api'
import { addProject, button, dialog, heading, signUp, TEXT, userMenuButton } from './harness/screens'
import { expect, test } from './harness/test'

test.describe('accessibility', () => {
  test('axe reports no serious or critical violation on any screen or dialog', async ({ page, axe }) => {
    const report: string[] = []
    const check = async (where: string) => {
      const findings = await axe.check(page)
      if (findings) report.push(`${where}:\n${findings}`)
    }

    await page.goto('/#/login')
    await expect(heading(page, TEXT.logInHeading)).toBeVisible()
    await check('log-in screen')

    await page.getByRole('link', { name: 'Sign up' }).click()
    await expect(heading(page, TEXT.signUpHeading)).toBeVisible()
    await check('sign-up screen')
    await signUp(page, { email: freshEmail(), password: 'short' })
    // The server refuses a short password: said under the field.
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription(/at least 8 characters/i)
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true')
    await check('sign-up screen with the field error')
    await page.getByLabel('Password').fill(PASSWORD)
    await button(page, 'Sign up').click()

    await expect(heading(page, TEXT.dashboardHeading)).toBeVisible()
    await check('dashboard, empty')
    await userMenuButton(page).click()
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible()
    await check('user menu')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeHidden()

    await button(page, TEXT.addProject).click()
    await expect(dialog(page, TEXT.addDialog)).toBeVisible()
    await check('Add new project dialog')
    await page.keyboard.press('Escape')
    const info = await addProject(page, 'Accessible project', 'Checked by axe')
    await check('API Information dialog')
    await button(info, 'Exit').click()
    await expect(info).toBeHidden()
    await check('dashboard with a project')

    // The small-screen sidebar sheet is a dialog too.
    await page.setViewportSize({ width: 375, height: 740 })
    await button(page, 'Open sidebar').click()
    const sheet = dialog(page, 'Sidebar')
    await expect(sheet).toBeVisible()
    await check('small-screen sidebar sheet')
    await button(sheet, 'Close sidebar').click()
    await expect(sheet).toBeHidden()
    await page.setViewportSize({ width: 1280, height: 800 })

    await page.getByRole('link', { name: 'Accessible project' }).click()
    await expect(heading(page, 'Accessible project')).toBeVisible()
    await check('project detail')
    await button(page, 'Create').click()
    const newKey = dialog(page, TEXT.newKeyDialog)
    await expect(newKey).toBeVisible()
    await check('New API Information dialog')
    await button(newKey, /exit|close/i).click()
    await expect(newKey).toBeHidden()
    await button(page, 'Delete').click()
    const pick = dialog(page, TEXT.deleteDialog)
    await expect(pick).toBeVisible()
    await check('Pick Key To Delete dialog')
    await button(pick, 'Confirm').click()
    await expect(page.getByText(TEXT.deleted)).toBeVisible()
    await check('project detail with the deleted toast')

    expect(report.join('\n\n'), 'serious or critical axe violations').toBe('')
  })
})
