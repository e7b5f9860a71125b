/**
 * The widget in the reader's language, in the browser: `<html lang>` and an
 * element's own `lang`, live changes, the host's `strings`, and right to left
 * (an RTL host with English texts lays out mirrored). Screenshots of the
 * log-in, the dashboard and a dialog in dir="rtl" at phone and laptop width,
 * and of the German log-in, land in test-artifacts/e2e/languages-*.
 */
import type { Locator, Page, PlaywrightTestOptions } from '@playwright/test'
import { createAccount, createProjectFor } from './harness/api'
import { screenshot } from './harness/artifacts'
import { addProject, button, heading, logIn, TEXT } from './harness/screens'
import { expect, test } from './harness/test'

const GERMAN_LOGIN = 'Bei Ihrem Konto anmelden'
const JAPANESE_LOGIN = 'アカウントにログイン'
const FRENCH_LOGIN = 'Connectez-vous à votre compte'

/** Serves a demo page with its markup changed first (a test page on the server's origin, under its headers). */
async function rewritePage(page: Page, path: string, change: (html: string) => string) {
  await page.route(`**${path}`, async (route) => {
    const response = await route.fetch()
    await route.fulfill({ response, body: change(await response.text()) })
  })
}

/** The locale chunks the page fetched (fp-locale-de-….js and so on). */
function localeChunks(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    const name = /\/fp-locale-(de|es|fr|ja|pt-BR)-[\w-]+\.js$/.exec(new URL(request.url()).pathname)
    if (name) seen.push(name[1])
  })
  return seen
}

/** The box of `locator` in the viewport. */
async function box(locator: Locator) {
  const b = await locator.boundingBox()
  if (!b) throw new Error('not laid out')
  return { left: b.x, right: b.x + b.width }
}

/** Where the text inside `locator` is drawn (a block's box spans its whole line; its text does not). */
const textBox = (locator: Locator) =>
  locator.evaluate((el) => {
    const range = document.createRange()
    range.selectNodeContents(el)
    const { left, right } = range.getBoundingClientRect()
    return { left, right }
  })

test.describe('choosing the language', () => {
  test('an English page fetches no language', async ({ page }) => {
    const chunks = localeChunks(page)
    await page.goto('/')
    await expect(heading(page, TEXT.logInHeading)).toBeVisible()
    await page.getByLabel('Email address').fill('ada@example.com')
    expect(chunks).toEqual([])
  })

  test('<html lang="de"> gives a German log-in (its chunk fetched), axe clean', async ({ page, axe }) => {
    const chunks = localeChunks(page)
    await rewritePage(page, '/index.html', (html) => html.replace('<html lang="en">', '<html lang="de">'))
    await page.goto('/index.html')
    const portal = page.locator('flex-portal')
    await expect(portal.getByRole('heading', { name: GERMAN_LOGIN })).toBeVisible()
    await expect(portal.getByLabel('E-Mail-Adresse')).toBeVisible()
    await expect(portal.getByRole('checkbox', { name: 'Angemeldet bleiben' })).toBeVisible()
    await expect(button(portal, 'Anmelden')).toBeVisible()
    expect(await portal.evaluate((el) => el.shadowRoot!.querySelector('.flex-root')!.getAttribute('lang'))).toBe('de')
    expect(chunks).toEqual(['de'])
    expect(await axe.check(page), 'serious or critical axe violations').toBe('')
    await screenshot(page, 'languages-login-de-laptop')
  })

  test('lang="ja" on one element gives Japanese while its neighbour stays English', async ({ page }) => {
    await rewritePage(page, '/existing.html', (html) => html.replace('<flex-login ', '<flex-login lang="ja" '))
    await page.goto('/existing.html')
    const login = page.locator('flex-login')
    await expect(login.getByRole('heading', { name: JAPANESE_LOGIN })).toBeVisible()
    await expect(login.getByLabel('メールアドレス')).toBeVisible()
    await expect(page.locator('flex-projects').getByText('Log in to see your projects.')).toBeVisible()
  })

  test('a live change of lang re-renders the element in the new language, and back', async ({ page }) => {
    await page.goto('/')
    const portal = page.locator('flex-portal')
    await expect(heading(page, TEXT.logInHeading)).toBeVisible()
    // What the reader typed stays: only the words change.
    await page.getByLabel('Email address').fill('ada@example.com')
    await portal.evaluate((el) => el.setAttribute('lang', 'fr-CA'))
    await expect(heading(page, FRENCH_LOGIN)).toBeVisible()
    await expect(page.getByLabel('Adresse e-mail')).toHaveValue('ada@example.com')
    await page.evaluate(() => document.documentElement.setAttribute('lang', 'ja'))
    await expect(heading(page, FRENCH_LOGIN), "the element's own lang wins over the page's").toBeVisible()
    await portal.evaluate((el) => el.removeAttribute('lang'))
    await expect(heading(page, JAPANESE_LOGIN)).toBeVisible()
    await page.evaluate(() => document.documentElement.setAttribute('lang', 'en'))
    await expect(heading(page, TEXT.logInHeading)).toBeVisible()
  })

  test("the host's strings override the heading live and partially; other texts keep the reader's language; an unknown id gets one warning", async ({
    page,
    problems,
  }) => {
    await page.goto('/')
    const portal = page.locator('flex-portal')
    await expect(heading(page, TEXT.logInHeading)).toBeVisible()
    await portal.evaluate((el) => ((el as HTMLElement & { strings?: unknown }).strings = { 'login.heading': 'Welcome back to {product}' }))
    await expect(heading(page, 'Welcome back to Flex')).toBeVisible()
    await expect(button(portal, 'Log in')).toBeVisible()
    await portal.evaluate((el) => el.setAttribute('lang', 'de'))
    await expect(button(portal, 'Anmelden')).toBeVisible()
    await expect(heading(page, 'Welcome back to Flex')).toBeVisible()
    await portal.evaluate((el) => ((el as HTMLElement & { strings?: unknown }).strings = { 'login.heading': 'Willkommen zurück' }))
    await expect(heading(page, 'Willkommen zurück')).toBeVisible()

    // The script knows its texts by short keys: a host's ids are checked against them, a typo named once.
    await portal.evaluate(
      (el) => ((el as HTMLElement & { strings?: unknown }).strings = { 'login.heading': 'Willkommen zurück', 'login.headng': 'Tippfehler' }),
    )
    const warning = 'warning: flex-portal: strings: "login.headng" ignored: no text has this id'
    await expect.poll(() => problems.consoleErrors).toContain(warning)
    await expect(heading(page, 'Willkommen zurück')).toBeVisible()
    // The one warning this test asks for; any other still fails it.
    expect(problems.consoleErrors.filter((line) => line === warning)).toHaveLength(1)
    problems.consoleErrors.splice(problems.consoleErrors.indexOf(warning), 1)
  })
})

const SIZES: Record<'phone' | 'laptop', Partial<PlaywrightTestOptions>> = {
  phone: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  laptop: { viewport: { width: 1280, height: 800 } },
}

/** The standalone demo in an Arabic, right-to-left page: the texts stay English (no Arabic is bundled). */
const rtlPage = (page: Page) => rewritePage(page, '/index.html', (html) => html.replace('<html lang="en">', '<html lang="ar" dir="rtl">'))

test.describe('right to left', () => {
  test("/docs.html's picker: العربية lays the English log-in out right to left, mirrored; axe clean", async ({ page, axe }) => {
    await page.goto('/docs.html')
    const portal = page.locator('flex-portal')
    await expect(portal.getByRole('heading', { name: TEXT.logInHeading })).toBeVisible()
    await page.getByLabel('Language').selectOption('ar')
    await expect(portal).toHaveAttribute('dir', 'rtl')
    await expect(page).toHaveURL(/\?lang=ar$/)
    const wrapper = portal.locator('.flex-root').first()
    await expect(wrapper).toHaveAttribute('dir', 'rtl')
    await expect(portal.getByRole('heading', { name: TEXT.logInHeading })).toBeVisible()

    // Mirrored: the checkbox sits right of its label, the fields' labels start at the right edge.
    const checkbox = await box(portal.getByRole('checkbox', { name: 'Remember me' }))
    const remember = await textBox(portal.getByText('Remember me', { exact: true }))
    expect(checkbox.left, 'the Remember-me checkbox is right of its label').toBeGreaterThan(remember.right)
    const field = await box(portal.getByLabel('Email address'))
    const label = await textBox(portal.locator('label', { hasText: 'Email address' }))
    expect(Math.abs(label.right - field.right), "the field's label starts at its right edge").toBeLessThan(2)
    expect(label.left - field.left, 'and ends well away from its left').toBeGreaterThan(100)
    expect(await wrapper.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl')
    // The snippets' bars mirror with them, but the code inside reads left to right, its lines starting at the left.
    const snippet = page.locator('flex-snippet').first()
    await expect(snippet).toHaveAttribute('dir', 'rtl')
    const code = snippet.locator('pre')
    expect(await code.evaluate((el) => [getComputedStyle(el).direction, getComputedStyle(el).textAlign])).toEqual(['ltr', 'left'])
    expect(await axe.check(page), 'serious or critical axe violations').toBe('')

    // Back to English: left to right again, and a reload keeps the choice from the address.
    await page.getByLabel('Language').selectOption('en')
    await expect(wrapper).toHaveAttribute('dir', 'ltr')
    await page.goto('/docs.html?lang=de')
    await expect(portal.getByRole('heading', { name: GERMAN_LOGIN })).toBeVisible()
    await expect(page.getByLabel('Language')).toHaveValue('de')
  })

  for (const size of ['phone', 'laptop'] as const) {
    test.describe(`on a ${size}`, () => {
      test.use(SIZES[size])

      test('the log-in, the dashboard, the sidebar and a dialog in dir="rtl" (screenshots)', async ({ page, server, axe }) => {
        const account = await createAccount(server.origin)
        await createProjectFor(server.origin, account, 'Payments API', 'Charges, refunds and payouts.')
        await rtlPage(page)
        await page.goto('/index.html#/login')
        await expect(heading(page, TEXT.logInHeading)).toBeVisible()
        await screenshot(page, `languages-rtl-login-${size}`)
        expect(await axe.check(page), 'serious or critical axe violations').toBe('')

        await logIn(page, account)
        await expect(heading(page, TEXT.dashboardHeading)).toBeVisible()
        // The user menu opens at the left edge, under its trigger, inside the window.
        const trigger = await box(page.getByRole('button', { name: /user menu|account menu/i }))
        await page.getByRole('button', { name: /user menu|account menu/i }).click()
        const menu = await box(page.getByRole('menu'))
        expect(Math.abs(menu.left - trigger.left), 'the menu lines up with its trigger on the left').toBeLessThan(2)
        expect(menu.left).toBeGreaterThanOrEqual(0)
        await page.keyboard.press('Escape')
        await screenshot(page, `languages-rtl-dashboard-${size}`)
        expect(await axe.check(page), 'serious or critical axe violations').toBe('')

        if (size === 'phone') {
          // The sheet comes from the right edge.
          await page.getByRole('button', { name: /open (the )?(sidebar|navigation|menu)/i }).click()
          const sheet = await box(page.getByRole('dialog'))
          const width = page.viewportSize()!.width
          expect(Math.round(sheet.right), 'the sidebar sheet sits at the right edge').toBe(width)
          await screenshot(page, `languages-rtl-sidebar-${size}`)
          await page.getByRole('button', { name: /close (the )?(sidebar|navigation|menu)/i }).click()
        }

        const info = await addProject(page, 'Checkout')
        await expect(info).toHaveAttribute('aria-modal', 'true')
        expect(await info.evaluate((el) => getComputedStyle(el).direction), 'the dialog, portalled, is right to left too').toBe('rtl')
        // A key is not a sentence: it reads left to right whatever the page.
        const values = await info.locator('span.font-mono').evaluateAll((els) => els.map((el) => getComputedStyle(el).direction))
        expect(values.length).toBeGreaterThan(0)
        expect(
          values.every((d) => d === 'ltr'),
          'the keys and ids read left to right',
        ).toBe(true)
        // An English sentence keeps its final mark at its end, right of its last word, not before its first.
        const marks = await info.getByText(/only time you will be able to see it!/).evaluate((el) => {
          const text = [...el.childNodes].find((node) => node.nodeType === Node.TEXT_NODE)!
          const end = text.textContent!.length
          const at = (i: number) => {
            const range = document.createRange()
            range.setStart(text, i)
            range.setEnd(text, i + 1)
            return range.getBoundingClientRect()
          }
          return { mark: at(end - 1).left, lastLetter: at(end - 2).right }
        })
        expect(marks.mark, 'the final mark right of the last word').toBeGreaterThanOrEqual(marks.lastLetter - 1)
        await screenshot(page, `languages-rtl-dialog-${size}`)
        expect(await axe.check(page), 'serious or critical axe violations').toBe('')
      })
    })
  }
})
