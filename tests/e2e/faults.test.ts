/**
 * The API goes away mid-session and comes back on the
 * same port with the same data; and a session the server no longer knows.
 */
import type { Locator, Page } from '@playwright/test'
import { createAccount, createProjectFor } from './harness/api'
import { screenshot } from './harness/artifacts'
import { accessDataRaw, button, dialog, heading, logIn, TEXT } from './harness/screens'
import { expect, test } from './harness/test'

// Its own server, which these tests stop and start again.
test.use({ ownServer: true })
// One worker runs the file, in order: one server start serves all of its tests.
test.describe.configure({ mode: 'default' })

/** A message a person can act on: some words, not an object dump or a bare status. */
async function expectClearError(alert: Locator) {
  await expect(alert).toBeVisible()
  await expect(alert, 'the error says something').toHaveText(/\S.{15,}/, { useInnerText: true })
  await expect(alert).not.toHaveText(/\[object|undefined|null|TypeError|Failed to fetch/, { useInnerText: true })
}

const samePage = (page: Page) => page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage === true)

test.describe('faults', () => {
  test('with the API stopped, log-in and the dashboard show a clear error and keep the input; once it is back, retry succeeds with nothing lost', async ({
    page,
    server,
    serverProcess,
  }) => {
    // Four server starts on a busy two-core machine take their time.
    test.setTimeout(150_000)
    const account = await createAccount(server.origin)
    await createProjectFor(server.origin, account, 'Made before the outage')
    const deviceRegistered = page.waitForResponse((r) => r.url().endsWith('/api/device'))
    await page.goto('/#/login')
    await deviceRegistered
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true))

    // Log-in while the API is down.
    await serverProcess.stop()
    await logIn(page, account)
    await expectClearError(page.getByRole('alert'))
    await expect(page.getByLabel('Email address')).toHaveValue(account.email)
    expect((await page.getByLabel('Password').inputValue()) === account.password, 'the password is kept').toBe(true)
    expect(await accessDataRaw(page)).toBeNull()
    await screenshot(page, 'fault-login-api-down')

    // Back: the same button, the same input, and in.
    await serverProcess.restart()
    // The project page's code is in the signed-in chunk the dashboard runs on, so stopping
    // the server below tests the API alone (chunks.test.ts covers the script's files).
    await button(page, 'Log in').click()
    await expect(heading(page, TEXT.dashboardHeading)).toBeVisible()
    await expect(page.getByRole('link', { name: 'Made before the outage' })).toBeVisible()

    // Adding a project while the API is down: the error shows in the dialog, which keeps what was typed.
    await serverProcess.stop()
    await button(page, TEXT.addProject).click()
    const add = dialog(page, TEXT.addDialog)
    await add.getByLabel('Project Name').fill('Made during the outage')
    await add.getByLabel('Project Description').fill('Typed while the API was away')
    await button(add, 'Add').click()
    await expectClearError(add.getByRole('alert'))
    await expect(add.getByLabel('Project Name')).toHaveValue('Made during the outage')
    await expect(add.getByLabel('Project Description')).toHaveValue('Typed while the API was away')
    await expect(dialog(page, TEXT.infoDialog), 'no API Information for a failed create').toHaveCount(0)
    await screenshot(page, 'fault-add-project-api-down')

    await serverProcess.restart()
    await button(add, 'Add').click()
    const info = dialog(page, TEXT.infoDialog)
    await expect(info).toBeVisible()
    await button(info, 'Exit').click()
    await expect(info).toBeHidden()
    await expect(page.getByRole('link', { name: 'Made during the outage' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Made before the outage' })).toBeVisible()

    // Loading the list and a project while the API is down: an error with a way to retry.
    await serverProcess.stop()
    await page.getByRole('link', { name: 'Made before the outage' }).click()
    await expectClearError(page.getByRole('alert'))
    await screenshot(page, 'fault-detail-api-down')
    await page.getByRole('link', { name: TEXT.back }).click()
    await expectClearError(page.getByRole('alert'))
    await screenshot(page, 'fault-dashboard-api-down')
    await serverProcess.restart()
    await page
      .getByRole('alert')
      .getByRole('button', { name: /retry|try again/i })
      .click()
    await expect(page.getByRole('link', { name: 'Made before the outage' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Made during the outage' })).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)
    expect(await samePage(page), 'all of it without a reload').toBe(true)
  })

  test('a 401 mid-session returns the user to log-in with the expiry message', async ({ page, server, serverProcess }) => {
    const account = await createAccount(server.origin)
    await page.goto('/#/login')
    await logIn(page, account)
    await expect(heading(page, TEXT.dashboardHeading)).toBeVisible()

    // The API comes back without the session (a fresh database): the next project call answers 401.
    await serverProcess.restart({ freshData: true })
    await button(page, TEXT.addProject).click()
    const add = dialog(page, TEXT.addDialog)
    await add.getByLabel('Project Name').fill('After the session ended')
    await button(add, 'Add').click()

    await expect(heading(page, TEXT.logInHeading)).toBeVisible()
    await expect(page.getByText(TEXT.expired)).toBeVisible()
    expect(await accessDataRaw(page)).toBeNull()
    await expect(dialog(page, TEXT.addDialog)).toHaveCount(0)
    await screenshot(page, 'fault-session-expired')
  })
})
