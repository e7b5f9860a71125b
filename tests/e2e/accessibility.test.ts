/**
 * Issue 5, scenario 8: axe-core (from its npm package) finds no serious or
 * critical violation on the log-in, sign-up, dashboard and detail screens, or
 * in any dialog, the user menu and the toast.
 */
import { describe, expect, it } from 'vitest'
import { freshEmail, PASSWORD } from './harness/api'
import { describeFindings, injectAxe, seriousViolations } from './harness/axe'
import { addProject, button, dialog, heading, signUp, TEXT, userMenuButton } from './harness/screens'
import { expectNoProblems, useSuite } from './harness/suite'
import { expectHidden, expectVisible } from './harness/wait'

const suite = useSuite()

describe('accessibility', () => {
  it('axe reports no serious or critical violation on any screen or dialog', async () => {
    const { context, problems } = await suite.context()
    // Through CDP, so the page's strict CSP does not block it.
    await injectAxe(context)
    const page = await context.newPage()
    const report: string[] = []
    const check = async (where: string) => {
      const findings = await seriousViolations(page)
      if (findings.length) report.push(`${where}:\n${describeFindings(findings)}`)
    }

    await page.goto('/#/login')
    await expectVisible(heading(page, TEXT.logInHeading))
    await check('log-in screen')

    await page.getByRole('link', { name: 'Sign up' }).click()
    await expectVisible(heading(page, TEXT.signUpHeading))
    await check('sign-up screen')
    await signUp(page, { email: freshEmail(), password: 'short' })
    // The red banner (the server refuses a short password).
    await expectVisible(page.getByRole('alert'))
    await check('sign-up screen with the error banner')
    await page.getByLabel('Password').fill(PASSWORD)
    await button(page, 'Sign up').click()

    await expectVisible(heading(page, TEXT.dashboardHeading))
    await check('dashboard, empty')
    await userMenuButton(page).click()
    await expectVisible(page.getByRole('menuitem', { name: 'Sign out' }))
    await check('user menu')
    await page.keyboard.press('Escape')
    await expectHidden(page.getByRole('menuitem', { name: 'Sign out' }))

    await button(page, TEXT.addProject).click()
    await expectVisible(dialog(page, TEXT.addDialog))
    await check('Add new project dialog')
    await page.keyboard.press('Escape')
    const info = await addProject(page, 'Accessible project', 'Checked by axe')
    await check('API Information dialog')
    await button(info, 'Exit').click()
    await expectHidden(info)
    await check('dashboard with a project')

    // The small-screen sidebar sheet is a dialog too.
    await page.setViewportSize({ width: 375, height: 740 })
    await button(page, 'Open sidebar').click()
    const sheet = dialog(page, 'Sidebar')
    await expectVisible(sheet)
    await check('small-screen sidebar sheet')
    await button(sheet, 'Close sidebar').click()
    await expectHidden(sheet)
    await page.setViewportSize({ width: 1280, height: 800 })

    await page.getByRole('link', { name: 'Accessible project' }).click()
    await expectVisible(heading(page, 'Accessible project'))
    await check('project detail')
    await button(page, 'Create').click()
    const newKey = dialog(page, TEXT.newKeyDialog)
    await expectVisible(newKey)
    await check('New API Information dialog')
    await button(newKey, /exit|close/i).click()
    await expectHidden(newKey)
    await button(page, 'Delete').click()
    const pick = dialog(page, TEXT.deleteDialog)
    await expectVisible(pick)
    await check('Pick Key To Delete dialog')
    await button(pick, 'Confirm').click()
    await expectVisible(page.getByText(TEXT.deleted))
    await check('project detail with the deleted toast')

    expect(report.join('\n\n'), 'serious or critical axe violations').toBe('')
    expectNoProblems(problems)
  })
})
