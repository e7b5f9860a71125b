/**
 * A provider's own name on the portal: /docs.html carries Acme's
 * (product-name="Acme", env-prefix="ACME", its logo in slot="logo") and
 * /existing.html Northwind's. Nothing inside the elements says "Flex" then;
 * the spec's texts with the defaults are journey.test.ts's. Screenshots of
 * both pages at phone and laptop width land in test-artifacts/e2e/white-label-*.
 */
import type { Locator, PlaywrightTestOptions } from '@playwright/test'
import { createAccount, createProjectFor, freshEmail, PASSWORD } from './harness/api'
import { screenshot } from './harness/artifacts'
import { addProject, button, logIn, signUp, TEXT } from './harness/screens'
import { expect, test } from './harness/test'

/** Every word the element shows or names: its shadow root's text, and the labels, alt texts and titles of what it renders. */
const wordsOf = (host: Locator) =>
  host.evaluate((el) => {
    const root = el.shadowRoot!
    const named = [...root.querySelectorAll('[aria-label], [alt], [title], [placeholder]')].flatMap((n) =>
      ['aria-label', 'alt', 'title', 'placeholder'].map((a) => n.getAttribute(a) ?? ''),
    )
    return [root.textContent ?? '', ...named].join(' ')
  })

/** The logo the element shows: the host's slotted image, or its own mark. */
const shownLogo = (host: Locator) =>
  host.evaluate((el) => {
    const slot = el.shadowRoot!.querySelector<HTMLSlotElement>('slot[name="logo"]')
    const assigned = slot?.assignedElements() ?? []
    return assigned.length ? `host: ${assigned[0].getAttribute('alt')}` : slot ? 'own mark' : 'none'
  })

const SIZES: Record<string, Partial<PlaywrightTestOptions>> = {
  phone: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  laptop: { viewport: { width: 1280, height: 800 } },
}

test.describe('Acme on /docs.html', () => {
  test('log-in, sign-up, dashboard and API Information say Acme, never Flex, show Acme\'s logo, and "Copy as .env" names ACME_ variables', async ({
    page,
    axe,
  }) => {
    await page.goto('/docs.html')
    const portal = page.locator('flex-portal')
    await expect(portal.getByRole('heading', { name: TEXT.logInHeading })).toBeVisible()
    await expect(portal.getByRole('img', { name: 'Acme Cloud' })).toBeVisible()
    expect(await shownLogo(portal)).toBe('host: Acme Cloud')
    expect(await wordsOf(portal)).not.toMatch(/flex/i)

    await portal.getByRole('link', { name: 'Sign up' }).click()
    await expect(portal.getByRole('heading', { name: TEXT.signUpHeading })).toBeVisible()
    expect(await shownLogo(portal)).toBe('host: Acme Cloud')
    expect(await wordsOf(portal)).not.toMatch(/flex/i)
    await signUp(portal, { email: freshEmail(), password: PASSWORD })

    await expect(portal.getByRole('heading', { name: 'Your Acme Projects' })).toBeVisible()
    await expect(portal.getByRole('link', { name: /^Acme Quickstart Guide/ })).toBeAttached()
    expect(await shownLogo(portal), 'the header shows the logo too').toBe('host: Acme Cloud')
    expect(await wordsOf(portal)).not.toMatch(/flex/i)

    const created = page.waitForResponse((r) => r.url().endsWith('/api/manage/dapp') && r.request().method() === 'POST')
    const info = await addProject(page, 'Acme app')
    const project = (await (await created).json()) as { id: string; apiKey: Record<string, string>; webhookSecret: string }
    const [[apiProjectId, apiKey]] = Object.entries(project.apiKey)
    expect(await wordsOf(portal)).not.toMatch(/flex/i)
    await info.getByRole('button', { name: 'Copy as .env' }).click()
    await expect(info.getByText(TEXT.copied)).toBeVisible()
    const env = (await page.evaluate(() => navigator.clipboard.readText())).trim().split('\n')
    // Compared, never printed: a failing assertion shows its operands, and a key must not be.
    expect(env.map((line) => line.split('=')[0])).toEqual(['ACME_PROJECT_ID', 'ACME_API_PROJECT_ID', 'ACME_API_KEY', 'ACME_WEBHOOK_SECRET'])
    expect(env.includes(`ACME_API_KEY=${apiKey}`) && env.includes(`ACME_API_PROJECT_ID=${apiProjectId}`), 'the .env holds the new pair').toBe(true)
    await button(info, 'Exit').click()

    // The page's own .env sample, filled with the same names.
    const dotenv = page.locator('#api-keys flex-snippet pre')
    await expect.poll(async () => (await dotenv.textContent())?.includes(`ACME_API_KEY=${apiKey}`), { message: 'the .env sample holds the key' }).toBe(true)
    expect((await dotenv.textContent())?.split('\n').map((line) => line.split('=')[0])).toEqual(['ACME_PROJECT_ID', 'ACME_API_PROJECT_ID', 'ACME_API_KEY'])
    expect(await axe.check(page), 'serious or critical axe violations').toBe('')
  })
})

test.describe('Northwind on /existing.html', () => {
  test("its log-in and its projects say Northwind, never Flex, with Northwind's logo", async ({ page, server }) => {
    const account = await createAccount(server.origin)
    await createProjectFor(server.origin, account, 'Northwind sync')
    await page.goto('/existing.html')
    const login = page.locator('flex-login')
    await expect(login.getByRole('img', { name: 'Northwind Analytics' })).toBeVisible()
    expect(await shownLogo(login)).toBe('host: Northwind Analytics')
    expect(await wordsOf(login)).not.toMatch(/flex/i)
    await logIn(login, { email: account.email, password: PASSWORD })
    const projects = page.locator('flex-projects')
    await expect(projects.getByRole('heading', { name: TEXT.northwindDashboardHeading })).toBeVisible()
    await expect(projects.getByRole('img', { name: 'Northwind Analytics' })).toBeVisible()
    for (const host of [login, projects, page.locator('flex-project-detail')]) expect(await wordsOf(host)).not.toMatch(/flex/i)
  })
})

test.describe('the spec texts with the defaults', () => {
  test("the standalone page keeps Flex's texts and its own F mark", async ({ page }) => {
    await page.goto('/#/login')
    const portal = page.locator('flex-portal')
    await expect(portal.getByRole('img', { name: 'Flex logo' })).toBeVisible()
    expect(await shownLogo(portal)).toBe('own mark')
    await portal.getByRole('link', { name: 'Sign up' }).click()
    await signUp(portal, { email: freshEmail(), password: PASSWORD })
    await expect(portal.getByRole('heading', { name: TEXT.dashboardHeading })).toBeVisible()
    await expect(portal.getByRole('link', { name: 'Flex Projects' })).toBeAttached()
    await expect(portal.getByRole('link', { name: /^Flex Quickstart Guide/ })).toBeAttached()
  })
})

for (const [size, options] of Object.entries(SIZES)) {
  test.describe(`branded pages on a ${size}`, () => {
    test.use(options)

    test('photographed signed out and signed in', async ({ page, server }) => {
      const account = await createAccount(server.origin)
      await createProjectFor(server.origin, account, 'Weather app', 'Forecasts')
      // Signed out on both pages first; one log-in then serves both (the session is the browser's).
      await page.goto('/docs.html')
      const portal = page.locator('flex-portal')
      await expect(portal.getByRole('img', { name: 'Acme Cloud' })).toBeVisible()
      await screenshot(page, `white-label-docs-login-${size}`)

      await page.goto('/existing.html')
      const login = page.locator('flex-login')
      await expect(login.getByRole('img', { name: 'Northwind Analytics' })).toBeVisible()
      await screenshot(page, `white-label-existing-login-${size}`)
      await logIn(login, account)
      await expect(page.locator('flex-projects').getByRole('heading', { name: TEXT.northwindDashboardHeading })).toBeVisible()
      await screenshot(page, `white-label-existing-dashboard-${size}`)

      await page.goto('/docs.html')
      await expect(portal.getByRole('heading', { name: TEXT.acmeDashboardHeading })).toBeVisible()
      await screenshot(page, `white-label-docs-dashboard-${size}`)
    })
  })
}
