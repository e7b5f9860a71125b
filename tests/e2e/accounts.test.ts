/**
 * Accounts people can recover and own, in the browser against the real
 * server, which sends its mail to an SMTP server this test runs: the whole
 * password reset from 'Forgot your password?' with the code read from the
 * mail, e-mail verification from the reminder, the profile, sign out
 * everywhere, and deletion. Screenshots of each new screen at phone and
 * laptop width, dark and light, go to test-artifacts/e2e/.
 */
import type { Page } from '@playwright/test'
import { startInbox, type Inbox } from '../support/smtp'
import { createAccount, createProjectFor, freshEmail, PASSWORD, type Account } from './harness/api'
import { screenshot } from './harness/artifacts'
import { startServer, removeDataDir, type ServerProcess } from './harness/server'
import { button, dialog, heading, logIn, TEXT, userMenuButton } from './harness/screens'
import { expect, test } from './harness/test'

const NEW_PASSWORD = 'a brand new passphrase'

let inbox: Inbox
let mine: ServerProcess

test.describe.configure({ mode: 'default' })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  inbox = await startInbox()
  mine = await startServer({ env: { SMTP_URL: inbox.url, PORTAL_NAME: 'Flex Portal' } })
})
test.afterAll(async () => {
  await mine?.stop()
  if (mine) await removeDataDir(mine.dataDir)
  await inbox?.close()
})

/** An account made through the API, its sign-up verification mail taken. */
async function account(): Promise<Account> {
  const a = await createAccount(mine.origin)
  await inbox.next(a.email)
  return a
}

const status = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${mine.origin}/api${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } }).then((r) => r.status)

/** Records the events the element dispatches (their names and details). */
async function recordEvents(page: Page) {
  await page.addInitScript(() => {
    const seen: Array<[string, unknown]> = []
    ;(window as unknown as { flexEvents: typeof seen }).flexEvents = seen
    for (const name of ['flex-password-reset', 'flex-email-verified', 'flex-account-deleted', 'flex-signed-in', 'flex-signed-out']) {
      document.addEventListener(name, (e) => seen.push([name, (e as CustomEvent).detail]))
    }
  })
  return () => page.evaluate(() => (window as unknown as { flexEvents: Array<[string, unknown]> }).flexEvents)
}

/** Phone and laptop, dark and light: the same screen four times. */
async function shots(page: Page, name: string) {
  const size = page.viewportSize()!
  for (const theme of ['dark', 'light']) {
    await page.evaluate((t) => document.querySelectorAll('flex-portal, flex-login').forEach((el) => el.setAttribute('theme', t)), theme)
    for (const [label, width, height] of [
      ['phone', 375, 740],
      ['laptop', 1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height })
      await screenshot(page, `accounts-${name}-${label}-${theme}`)
    }
  }
  await page.setViewportSize(size)
}

test('the whole password reset from "Forgot your password?", with the code from the mail', async ({ page, axe }) => {
  const a = await account()
  const events = await recordEvents(page)
  await page.goto(`${mine.url}#/login`)
  await button(page, 'Forgot your password?').click()
  await expect(heading(page, 'Reset your password')).toBeVisible()
  await page.getByLabel('Email address').fill(a.email)
  expect(await axe.check(page)).toBe('')
  await shots(page, 'reset-email')
  await button(page, 'Send code').click()

  await expect(heading(page, 'Check your e-mail')).toBeVisible()
  const first = await inbox.code(a.email)
  // "Send a new code": the first one stops working, the newest is the one to use.
  await button(page, 'Send a new code').click()
  await expect(page.getByRole('status').filter({ hasText: 'We sent a new code' })).toBeVisible()
  const code = await inbox.code(a.email)
  expect(await axe.check(page)).toBe('')
  await shots(page, 'reset-code')
  if (first !== code) {
    await page.getByLabel('Code').fill(first)
    await button(page, 'Continue').click()
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
    await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD)
    await button(page, 'Save password and log in').click()
    // Said under the code's field, where the reader types the newest one.
    await expect(heading(page, 'Check your e-mail')).toBeVisible()
    await expect(page.getByLabel('Code')).toHaveAccessibleDescription(/This code is wrong or no longer valid/)
  }
  await page.getByLabel('Code').fill(code)
  await button(page, 'Continue').click()

  await expect(heading(page, 'Choose a new password')).toBeVisible()
  await expect(page.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(/at least 8 characters/i)
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
  await page.getByLabel('Repeat the new password').fill(NEW_PASSWORD)
  expect(await axe.check(page)).toBe('')
  await shots(page, 'reset-password')
  await button(page, 'Save password and log in').click()
  await expect(heading(page, TEXT.anyDashboardHeading)).toBeVisible()

  // The old session and the old password no longer work.
  expect(await status('/manage/dapp/owner', a.accessToken)).toBe(401)
  const device = await fetch(`${mine.origin}/api/device`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{"deviceUDID":"x","deviceType":"WEB"}',
  })
  const deviceToken = ((await device.json()) as { accessToken: string }).accessToken
  const old = await fetch(`${mine.origin}/api/auth/authenticate`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${deviceToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: a.email, password: PASSWORD }),
  })
  expect(old.status).toBe(401)
  const names = (await events()).map(([name]) => name)
  expect(names).toEqual(['flex-password-reset', 'flex-signed-in'])
  expect(JSON.stringify(await events())).not.toContain(code)
})

test('standalone <flex-login> resets the password inside itself', async ({ page }) => {
  const a = await account()
  await page.goto(`${mine.url}existing.html`)
  const login = page.locator('flex-login')
  await button(login, 'Forgot your password?').click()
  await login.getByLabel('Email address').fill(a.email)
  await shots(page, 'existing-reset-email')
  await button(login, 'Send code').click()
  await login.getByLabel('Code').fill(await inbox.code(a.email))
  await shots(page, 'existing-reset-code')
  await button(login, 'Continue').click()
  await login.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
  await login.getByLabel('Repeat the new password').fill(NEW_PASSWORD)
  await button(login, 'Save password and log in').click()
  await expect(login.getByText('You are signed in.')).toBeVisible()
})

test('the reminder takes the code from the sign-up mail where the reader is, and the profile says it is verified', async ({ page, axe }) => {
  const email = freshEmail()
  const events = await recordEvents(page)
  await page.goto(`${mine.url}#/signup`)
  await page.getByLabel('Name', { exact: true }).fill('Grace Hopper')
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await button(page, 'Sign up').click()
  await expect(heading(page, TEXT.anyDashboardHeading)).toBeVisible()
  const reminder = page.getByRole('status').filter({ hasText: 'not verified' })
  await expect(reminder).toBeVisible()
  await shots(page, 'reminder')
  const mailed = await inbox.code(email) // the code sign-up sent: typed right in the reminder

  // Enter on "Verify now": the button goes, and focus lands in the code field (not on the page).
  await button(reminder, 'Verify now').focus()
  await page.keyboard.press('Enter')
  await expect(reminder.getByLabel('Code from the e-mail')).toBeFocused()
  await expect(button(reminder, 'Send a new code')).toBeVisible()
  expect(await axe.check(page)).toBe('')
  await shots(page, 'reminder-code')
  await reminder.getByLabel('Code from the e-mail').fill(mailed)
  await button(reminder, 'Verify').click()
  await expect(page.getByText('not verified yet')).toHaveCount(0)
  // Success is said, not silent.
  await expect(page.getByRole('status').filter({ hasText: 'Your e-mail address is verified.' })).toBeVisible()
  // The field went with the reminder: focus is on the notice's box, so a screen reader says it, not on the page's start.
  const focused = () =>
    page.evaluate(() => {
      let at = document.activeElement
      while (at?.shadowRoot?.activeElement) at = at.shadowRoot.activeElement
      return at?.textContent ?? ''
    })
  await expect.poll(focused).toContain('Your e-mail address is verified.')
  await shots(page, 'reminder-verified')
  expect((await events()).map(([name]) => name)).toContain('flex-email-verified')
  await page.goto(`${mine.url}#/profile`)
  await expect(page.getByText('Verified', { exact: true })).toBeVisible()
  await shots(page, 'profile')

  // Back on the dashboard, no reminder.
  await page.goto(`${mine.url}#/dashboard`)
  await expect(heading(page, TEXT.anyDashboardHeading)).toBeVisible()
  await expect(page.getByText('not verified yet')).toHaveCount(0)
})

test('the profile: the name, a password change that keeps this session and ends the others', async ({ page }) => {
  const a = await account()
  await page.goto(`${mine.url}#/login`)
  await logIn(page, a)
  await expect(heading(page, TEXT.anyDashboardHeading)).toBeVisible()
  await userMenuButton(page).click()
  await page.getByRole('menuitem', { name: 'Your Profile' }).click()
  await expect(heading(page, 'Your Profile')).toBeVisible()

  await page.getByLabel('Name', { exact: true }).fill('Ada King')
  await button(page, 'Save name').click()
  await expect(page.getByText('Saved.')).toBeVisible()
  await userMenuButton(page).click()
  await expect(page.getByRole('menu')).toContainText('Ada King')
  // The password is the account's security: under Settings.
  await page.getByRole('menuitem', { name: 'Settings' }).click()
  await expect(heading(page, 'Settings')).toBeVisible()

  await page.getByLabel('Current password').fill(PASSWORD)
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
  await button(page, 'Change password').click()
  await expect(page.getByText('Password changed.')).toBeVisible()
  expect(await status('/manage/dapp/owner', a.accessToken)).toBe(401)
  await page.reload()
  await expect(heading(page, 'Settings')).toBeVisible()
})

test('the profile in the docs page’s portal (memory router, light theme, no sidebar)', async ({ page, axe }) => {
  const a = await account()
  await page.goto(`${mine.url}docs.html`)
  const portal = page.locator('flex-portal')
  await logIn(portal, a)
  await expect(portal.getByRole('heading', { name: TEXT.anyDashboardHeading })).toBeVisible()
  await userMenuButton(page).click()
  await page.getByRole('menuitem', { name: 'Your Profile' }).click()
  await expect(portal.getByRole('heading', { name: 'Your Profile' })).toBeVisible()
  expect(await axe.check(page)).toBe('')
  await shots(page, 'docs-profile')
})

test('sign out everywhere ends this session and every other one', async ({ page }) => {
  const a = await account()
  await page.goto(`${mine.url}#/login`)
  await logIn(page, a)
  await expect(heading(page, TEXT.anyDashboardHeading)).toBeVisible()
  await page.goto(`${mine.url}#/settings`)
  await button(page, 'Sign out everywhere').click()
  // It asks first, saying what it does.
  const ask = page.getByRole('dialog', { name: 'Sign out everywhere?' })
  await expect(ask).toContainText('on every other browser and device where you are signed in')
  await button(ask, 'Sign out everywhere').click()
  await expect(heading(page, TEXT.logInHeading)).toBeVisible()
  await expect(page.getByText('You are signed out on every device.')).toBeVisible()
  expect(await status('/manage/dapp/owner', a.accessToken)).toBe(401)
})

test('deletion asks for the password, says what goes, and removes the account', async ({ page, axe }) => {
  const a = await account()
  await createProjectFor(mine.origin, a, 'Weather app')
  const events = await recordEvents(page)
  await page.goto(`${mine.url}#/login`)
  await logIn(page, a)
  await expect(heading(page, TEXT.anyDashboardHeading)).toBeVisible()
  await page.goto(`${mine.url}#/settings`)
  await button(page, 'Delete account').click()
  const confirm = dialog(page, 'Delete your account?')
  // This server has teams: the confirmation says, from GET /me/deletion, what happens to the project.
  await expect(confirm).toContainText('“Weather app” is deleted with its keys: apps that use them stop working at once.')
  await confirm.getByLabel('Your password, to confirm').fill('not my password')
  expect(await axe.check(page)).toBe('')
  await shots(page, 'delete')
  await button(confirm, 'Delete account').click()
  await expect(confirm.getByRole('alert')).toContainText('Incorrect password')
  await confirm.getByLabel('Your password, to confirm').fill(PASSWORD)
  await button(confirm, 'Delete account').click()
  await expect(heading(page, TEXT.logInHeading)).toBeVisible()
  await expect(page.getByText('Your account has been deleted.')).toBeVisible()
  expect(await status('/manage/dapp/owner', a.accessToken)).toBe(401)
  const seen = await events()
  expect(seen.map(([name]) => name)).toEqual(['flex-signed-in', 'flex-account-deleted', 'flex-signed-out'])
})
