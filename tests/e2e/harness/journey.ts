/**
 * Scenario 1, the whole journey on `/`, as one function: scenarios 2 (the
 * wire) and 6 (strict CSP) replay it and check what it left behind.
 */
import { expect, type Locator, type Page, type Response } from '@playwright/test'
import { freshEmail, PASSWORD } from './api'
import { screenshot } from './artifacts'
import { watchText } from './text-timing'
import { accessDataRaw, addProject, atRoute, button, dialog, heading, logIn, signOut, signUp, TEXT } from './screens'

export interface JourneyResult {
  email: string
  projectId: string
  /** The API project IDs after the journey's Create and Delete. */
  keyIds: string[]
  deletedKeyId: string
  /** The page's response: its headers carry the CSP. */
  document: Response
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Runs the journey on a fresh page of a context, asserting what the user sees at each step. */
export async function runJourney(page: Page, { shots = false } = {}): Promise<JourneyResult> {
  const shot = (name: string) => (shots ? screenshot(page, name) : Promise.resolve())
  const email = freshEmail()

  // The guard: a guarded route without accessData goes to the log-in screen.
  const document = await page.goto('/#/dashboard')
  expect(document, 'the page loads').toBeTruthy()
  await expect(heading(page, TEXT.logInHeading)).toBeVisible()
  await expect(page).toHaveURL(atRoute('#/login'))
  await shot('login')

  // Sign up, land on the dashboard.
  await page.getByRole('link', { name: 'Sign up' }).click()
  await expect(heading(page, TEXT.signUpHeading)).toBeVisible()
  await expect(page).toHaveURL(atRoute('#/signup'))
  await shot('signup')
  const registered = page.waitForResponse((r) => r.url().endsWith('/api/register'))
  await signUp(page, { email, password: PASSWORD })
  const registerBody = await (await registered).text()
  await expect(heading(page, TEXT.dashboardHeading)).toBeVisible()
  await expect(page).toHaveURL(atRoute('#/dashboard'))
  expect((await accessDataRaw(page)) === registerBody, 'accessData holds the response body as sent').toBe(true)
  await shot('dashboard-empty')

  // Sign out through the user menu: back to log-in, accessData gone.
  await signOut(page)
  await expect(heading(page, TEXT.logInHeading)).toBeVisible()
  await expect(page).toHaveURL(atRoute('#/'))
  expect(await accessDataRaw(page)).toBeNull()

  // A wrong password: the red banner with the server's own message.
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/auth/authenticate'))
  await logIn(page, { email, password: 'not the password' })
  const refusal = await refused
  expect(refusal.status()).toBe(401)
  const serverMessage = ((await refusal.json()) as { message: string }).message
  const banner = page.getByRole('alert')
  await expect(banner).toBeVisible()
  await expect(banner).toContainText(serverMessage)
  expect(await isReddish(banner), 'the banner is red').toBe(true)
  await expect(banner.locator('svg'), 'the banner carries an icon').not.toHaveCount(0)
  await expect(page.getByLabel('Email address'), 'typed input is kept').toHaveValue(email)
  await shot('login-error')

  // Log in for real.
  await logIn(page, { email, password: PASSWORD })
  await expect(heading(page, TEXT.dashboardHeading)).toBeVisible()
  await expect(page).toHaveURL(atRoute('#/dashboard'))

  // Add a project: 'API Information' with the key(s), Project ID and Webhook Secret.
  const created = page.waitForResponse((r) => r.url().endsWith('/api/manage/dapp') && r.request().method() === 'POST')
  const projectName = `Journey ${email.slice(5, 13)}`
  const info = await addProject(page, projectName, 'Made by the end-to-end journey')
  const project = (await (await created).json()) as { id: string; apiKey: Record<string, string>; webhookSecret: string }
  await expect(info.getByText(TEXT.infoWarning)).toBeVisible()
  await expect(info, 'the Project ID is shown').toContainText(project.id)
  // Keys and the secret are compared, never printed: a failing assertion shows its operands.
  const infoText = await info.innerText()
  expect(Object.values(project.apiKey).length).toBeGreaterThan(0)
  expect(
    Object.values(project.apiKey).every((key) => infoText.includes(key)),
    'every API key is shown',
  ).toBe(true)
  expect(infoText.includes(project.webhookSecret), 'the Webhook Secret is shown').toBe(true)
  await shot('api-information')

  // Click-to-copy: the notice shows, then is gone after about a second; the clipboard holds the value.
  const timing = await watchText(page, 'flex-portal', TEXT.copied)
  await info.getByRole('button', { name: new RegExp(escape(project.id)) }).click()
  const notice = page.getByText(TEXT.copied)
  await expect(notice).toBeVisible()
  await shot('copied')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(project.id)
  await expect(notice).toBeHidden({ timeout: 5000 })
  const lasted = await timing.shownFor()
  // 1000 ms (tests/ui/copy-field.test.tsx holds it with fake timers); a loaded machine may fire the
  // timer late, never early, so only the lower bound is a check here.
  expect(lasted, 'the notice lasts about a second').toBeGreaterThanOrEqual(950)
  const [firstKey] = Object.values(project.apiKey)
  // Found by its label, not its value: a failing locator is printed, and a key must never be.
  await info
    .getByRole('button', { name: /^API Key\b/ })
    .first()
    .click()
  await expect(notice).toBeVisible()
  expect((await page.evaluate(() => navigator.clipboard.readText())) === firstKey, 'the clipboard holds the API key').toBe(true)

  // Exit; the table row links to the detail.
  await button(info, 'Exit').click()
  await expect(info).toBeHidden()
  const row = page.getByRole('row').filter({ hasText: projectName })
  await expect(row).toBeVisible()
  await expect(row).toContainText(project.id)
  await shot('dashboard')
  await row.getByRole('link', { name: projectName }).click()
  await expect(heading(page, projectName)).toBeVisible()
  await expect(page).toHaveURL(atRoute(`#/projects?projectid=${encodeURIComponent(project.id)}`))
  await expect(page.getByText(TEXT.projectInformation)).toBeVisible()
  const [firstId] = Object.keys(project.apiKey)
  await expect(page.getByText(`(${firstId})`)).toBeVisible()
  await shot('project-detail')

  // Create: 'New API Information' with the new pair, then the project shows two IDs.
  const keyCreated = page.waitForResponse((r) => /\/api-key$/.test(r.url()) && r.request().method() === 'POST')
  await button(page, 'Create').click()
  const newPair = (await (await keyCreated).json()) as Record<string, string>
  const [newId] = Object.keys(newPair)
  const newKey = dialog(page, TEXT.newKeyDialog)
  await expect(newKey).toBeVisible()
  await expect(newKey.getByText(TEXT.newKeyText)).toBeVisible()
  const newKeyText = await newKey.innerText()
  expect(newKeyText.includes(newId) && newKeyText.includes(newPair[newId]), 'the new pair is shown').toBe(true)
  await shot('new-api-information')
  await button(newKey, /exit|close/i).click()
  await expect(newKey).toBeHidden()
  await expect(page.getByText(`(${newId})`)).toBeVisible()

  // Delete: the first key preselected, Confirm, the toast, one ID fewer.
  await button(page, 'Delete').click()
  const pick = dialog(page, TEXT.deleteDialog)
  await expect(pick).toBeVisible()
  const select = pick.getByRole('combobox')
  const options = await select.locator('option').evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value))
  expect([...options].sort()).toEqual([firstId, newId].sort())
  await expect(select, 'the first key is preselected').toHaveValue(options[0])
  const deletedKeyId = options[0]
  await shot('pick-key-to-delete')
  await button(pick, 'Confirm').click()
  await expect(pick).toBeHidden()
  const toast = page.getByRole('status').filter({ hasText: TEXT.deleted })
  await expect(toast).toBeVisible()
  await expect(toast.getByRole('button', { name: /close|dismiss/i })).toBeVisible()
  const remaining = [firstId, newId].filter((id) => id !== deletedKeyId)
  await expect(page.getByText(`(${remaining[0]})`)).toBeVisible()
  await expect(page.getByText(`(${deletedKeyId})`), 'the deleted ID is gone').toHaveCount(0)
  await shot('deleted-toast')

  // Back to the dashboard.
  await page.getByRole('link', { name: TEXT.back }).click()
  await expect(heading(page, TEXT.dashboardHeading)).toBeVisible()
  await expect(page).toHaveURL(atRoute('#/dashboard'))

  return { email, projectId: project.id, keyIds: remaining, deletedKeyId, document: document! }
}

/** The banner's text or background is clearly red. */
async function isReddish(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number)
    const red = (value: string) => {
      const [r, g, b, a = 1] = rgb(value)
      return a > 0 && r > 120 && r > g * 1.5 && r > b * 1.5
    }
    const style = getComputedStyle(el)
    return red(style.color) || red(style.backgroundColor) || red(style.borderTopColor)
  })
}
