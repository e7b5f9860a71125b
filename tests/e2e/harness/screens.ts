/**
 * What a user looks for on each screen, found by role, label and text, and the
 * few steps many scenarios share. Playwright's locators pierce the elements'
 * open shadow roots.
 */
import { expect, type Locator, type Page } from '@playwright/test'

/** The screens' texts, word for word. */
export const TEXT = {
  logInHeading: 'Log in to your account',
  signUpHeading: 'Sign up for your account',
  dashboardHeading: 'Your Flex Projects',
  /** The same heading on the demo pages, which carry their own product's name (product-name). */
  acmeDashboardHeading: 'Your Acme Projects',
  northwindDashboardHeading: 'Your Northwind Projects',
  /** Any of the three, for steps shared by the demo pages. */
  anyDashboardHeading: /^Your (Flex|Acme|Northwind) Projects$/,
  addProject: '+ Add New Project',
  addDialog: 'Add new project',
  infoDialog: 'API Information',
  infoWarning: 'Copy the API key. This is the only time you will be able to see it!',
  newKeyDialog: 'New API Information',
  newKeyText: 'Copy the Project ID and API key. This is your new API pairing!',
  deleteDialog: 'Pick Key To Delete',
  copied: 'Successfully copied',
  deleted: 'Successfully deleted!',
  projectInformation: 'Project Information',
  back: 'Back to Dashboard',
  expired: /session has expired/i,
} as const

export const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name })
export const dialog = (page: Page, name: string) => page.getByRole('dialog', { name })
export const button = (scope: Page | Locator, name: string | RegExp) => scope.getByRole('button', { name, exact: typeof name === 'string' })

/** For `expect(page).toHaveURL(…)`: the page shows this hash route, e.g. `#/dashboard` (`''` for none). */
export const atRoute = (hash: string) => (url: URL) => url.hash === hash

/** Renders the widget in German from now on (a live change of <html lang>, which the widget follows). */
export const inGerman = (page: Page) => page.evaluate(() => document.documentElement.setAttribute('lang', 'de'))

export const accessDataRaw = (page: Page) => page.evaluate(() => localStorage.getItem('accessData'))

export interface Credentials {
  name?: string
  email: string
  password: string
}

/** On the sign-up screen: fill the form and send it. */
export async function signUp(page: Page | Locator, { name = 'Ada Lovelace', email, password }: Credentials): Promise<void> {
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password').fill(password)
  await button(page, 'Sign up').click()
}

/** On the log-in screen: fill the form and send it. */
export async function logIn(page: Page | Locator, { email, password }: Credentials): Promise<void> {
  await page.getByLabel('Email address').fill(email)
  await page.getByLabel('Password').fill(password)
  await button(page, 'Log in').click()
}

/** The button that opens the top-right user menu. */
export const userMenuButton = (page: Page) => page.getByRole('button', { name: /user menu|account menu/i })

export async function signOut(page: Page): Promise<void> {
  await userMenuButton(page).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
}

/** On the dashboard: '+ Add New Project', fill the dialog, Add. Returns the 'API Information' dialog. */
export async function addProject(page: Page, name: string, description = ''): Promise<Locator> {
  await button(page, TEXT.addProject).click()
  const add = dialog(page, TEXT.addDialog)
  await add.getByLabel('Project Name').fill(name)
  await add.getByLabel('Project Description').fill(description)
  await button(add, 'Add').click()
  const info = dialog(page, TEXT.infoDialog)
  await expect(info).toBeVisible()
  return info
}
