/** Two tabs of one browser share the session. */
import { freshEmail, PASSWORD } from './harness/api'
import { screenshot } from './harness/artifacts'
import { accessDataRaw, atRoute, heading, signOut, signUp, TEXT } from './harness/screens'
import { expect, test } from './harness/test'

test.describe('two tabs', () => {
  test('signing out in one tab signs out the other, without a reload', async ({ context, page: first }) => {
    await first.goto('/#/signup')
    await signUp(first, { email: freshEmail(), password: PASSWORD })
    await expect(heading(first, TEXT.dashboardHeading)).toBeVisible()

    const second = await context.newPage()
    await second.goto('/#/dashboard')
    await expect(heading(second, TEXT.dashboardHeading)).toBeVisible()
    await second.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true))

    await first.bringToFront()
    await signOut(first)
    await expect(heading(first, TEXT.logInHeading)).toBeVisible()

    await expect(heading(second, TEXT.logInHeading)).toBeVisible()
    expect(await second.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage), 'no reload happened').toBe(true)
    await expect(heading(second, TEXT.dashboardHeading)).toHaveCount(0)
    await expect(second).toHaveURL(atRoute('#/login'))
    expect(await accessDataRaw(second)).toBeNull()
    await screenshot(second, 'second-tab-signed-out')
  })
})
