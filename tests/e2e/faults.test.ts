/**
 * Issue 5, scenario 10: the API goes away mid-session and comes back on the
 * same port with the same data; and a session the server no longer knows.
 */
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { createAccount, createProjectFor } from './harness/api'
import { screenshot } from './harness/artifacts'
import { accessDataRaw, button, dialog, heading, logIn, TEXT } from './harness/screens'
import { expectNoProblems, useSuite } from './harness/suite'
import { expectHidden, expectVisible } from './harness/wait'

const suite = useSuite({ ownServer: true })

/** A message a person can act on: some words, not an object dump or a bare status. */
async function expectClearError(alert: Locator) {
  await expectVisible(alert)
  const text = (await alert.innerText()).trim()
  expect(text.length, `the error says something: "${text}"`).toBeGreaterThan(15)
  expect(text).not.toMatch(/\[object|undefined|null|TypeError|Failed to fetch/)
}

const samePage = (page: Page) => page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage === true)

describe('faults', () => {
  it('with the API stopped, log-in and the dashboard show a clear error and keep the input; once it is back, retry succeeds with nothing lost', async () => {
    const origin = suite.server.origin
    const account = await createAccount(origin)
    await createProjectFor(origin, account, 'Made before the outage')
    const { context, problems } = await suite.context()
    const page = await context.newPage()
    const deviceRegistered = page.waitForResponse((r) => r.url().endsWith('/api/device'))
    await page.goto('/#/login')
    await deviceRegistered
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true))

    // Log-in while the API is down.
    await suite.stopServer()
    await logIn(page, account)
    await expectClearError(page.getByRole('alert'))
    expect(await page.getByLabel('Email address').inputValue()).toBe(account.email)
    expect((await page.getByLabel('Password').inputValue()) === account.password, 'the password is kept').toBe(true)
    expect(await accessDataRaw(page)).toBeNull()
    await screenshot(page, 'fault-login-api-down')

    // Back: the same button, the same input, and in.
    await suite.restartServer()
    await button(page, 'Log in').click()
    await expectVisible(heading(page, TEXT.dashboardHeading))
    await expectVisible(page.getByRole('link', { name: 'Made before the outage' }))

    // Adding a project while the API is down: the error shows in the dialog, which keeps what was typed.
    await suite.stopServer()
    await button(page, TEXT.addProject).click()
    const add = dialog(page, TEXT.addDialog)
    await add.getByLabel('Project Name').fill('Made during the outage')
    await add.getByLabel('Project Description').fill('Typed while the API was away')
    await button(add, 'Add').click()
    await expectClearError(add.getByRole('alert'))
    expect(await add.getByLabel('Project Name').inputValue()).toBe('Made during the outage')
    expect(await add.getByLabel('Project Description').inputValue()).toBe('Typed while the API was away')
    expect(await dialog(page, TEXT.infoDialog).count(), 'no API Information for a failed create').toBe(0)
    await screenshot(page, 'fault-add-project-api-down')

    await suite.restartServer()
    await button(add, 'Add').click()
    const info = dialog(page, TEXT.infoDialog)
    await expectVisible(info)
    await button(info, 'Exit').click()
    await expectHidden(info)
    await expectVisible(page.getByRole('link', { name: 'Made during the outage' }))
    await expectVisible(page.getByRole('link', { name: 'Made before the outage' }))

    // Loading the list and a project while the API is down: an error with a way to retry.
    await suite.stopServer()
    await page.getByRole('link', { name: 'Made before the outage' }).click()
    await expectClearError(page.getByRole('alert'))
    await screenshot(page, 'fault-detail-api-down')
    await page.getByRole('link', { name: TEXT.back }).click()
    await expectClearError(page.getByRole('alert'))
    await screenshot(page, 'fault-dashboard-api-down')
    await suite.restartServer()
    await page
      .getByRole('alert')
      .getByRole('button', { name: /retry|try again/i })
      .click()
    await expectVisible(page.getByRole('link', { name: 'Made before the outage' }))
    await expectVisible(page.getByRole('link', { name: 'Made during the outage' }))
    expect(await page.getByRole('alert').count()).toBe(0)
    expect(await samePage(page), 'all of it without a reload').toBe(true)
    expect(problems.pageErrors).toEqual([])
    expect(problems.cspViolations).toEqual([])
    expect(problems.consoleErrors).toEqual([])
  }, 150_000) // four server starts on a busy two-core machine take their time

  it('a 401 mid-session returns the user to log-in with the expiry message', async () => {
    const account = await createAccount(suite.server.origin)
    const { context, problems } = await suite.context()
    const page = await context.newPage()
    await page.goto('/#/login')
    await logIn(page, account)
    await expectVisible(heading(page, TEXT.dashboardHeading))

    // The API comes back without the session (a fresh database): the next project call answers 401.
    await suite.restartServer({ freshData: true })
    await button(page, TEXT.addProject).click()
    const add = dialog(page, TEXT.addDialog)
    await add.getByLabel('Project Name').fill('After the session ended')
    await button(add, 'Add').click()

    await expectVisible(heading(page, TEXT.logInHeading))
    await expectVisible(page.getByText(TEXT.expired))
    expect(await accessDataRaw(page)).toBeNull()
    expect(await dialog(page, TEXT.addDialog).count()).toBe(0)
    await screenshot(page, 'fault-session-expired')
    expectNoProblems(problems)
  })
})
