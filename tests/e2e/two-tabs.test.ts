/** Issue 5, scenario 4: two tabs of one browser share the session. */
import { describe, expect, it } from 'vitest'
import { freshEmail, PASSWORD } from './harness/api'
import { screenshot } from './harness/artifacts'
import { accessDataRaw, hash, heading, signOut, signUp, TEXT } from './harness/screens'
import { expectNoProblems, useSuite } from './harness/suite'
import { expectVisible } from './harness/wait'

const suite = useSuite()

describe('two tabs', () => {
  it('signing out in one tab signs out the other, without a reload', async () => {
    const { context, problems } = await suite.context()
    const first = await context.newPage()
    await first.goto('/#/signup')
    await signUp(first, { email: freshEmail(), password: PASSWORD })
    await expectVisible(heading(first, TEXT.dashboardHeading))

    const second = await context.newPage()
    await second.goto('/#/dashboard')
    await expectVisible(heading(second, TEXT.dashboardHeading))
    await second.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true))

    await first.bringToFront()
    await signOut(first)
    await expectVisible(heading(first, TEXT.logInHeading))

    await expectVisible(heading(second, TEXT.logInHeading))
    expect(await second.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage), 'no reload happened').toBe(true)
    expect(await heading(second, TEXT.dashboardHeading).count()).toBe(0)
    expect(await hash(second)).toBe('#/login')
    expect(await accessDataRaw(second)).toBeNull()
    await screenshot(second, 'second-tab-signed-out')
    expectNoProblems(problems)
  })
})
