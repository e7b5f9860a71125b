/**
 * Badges (issue 52): every status on the project page is one pill with a dot
 * and words, and the longest ("Replaced — stops in 23 h", longer in French)
 * stays inside its card on a 320 px phone and inside its column at 1280 px,
 * wrapping rather than pushing anything wider.
 */
import type { Page } from '@playwright/test'
import { callApi, createAccount } from './harness/api'
import { screenshot } from './harness/artifacts'
import { heading, logIn, TEXT } from './harness/screens'
import { expect, test, type FlexServer } from './harness/test'

/** A project whose first key was rolled with a day's grace: a replaced key and its successor. */
async function openRolled(page: Page, server: FlexServer, lang: string) {
  const account = await createAccount(server.origin)
  const project = await callApi<{ id: string; apiKey: Record<string, string> }>(server.origin, 'POST', '/manage/dapp', account.accessToken, { name: 'Badges' })
  const [keyId] = Object.keys(project.apiKey)
  await callApi(server.origin, 'POST', `/manage/dapp/${project.id}/api-key/${keyId}/roll`, account.accessToken, { graceSeconds: 86_400 })
  await page.goto('/#/login')
  await logIn(page, account)
  await expect(heading(page, TEXT.dashboardHeading)).toBeVisible()
  await page.goto(`/#/projects?projectid=${encodeURIComponent(project.id)}`)
  await expect(heading(page, 'Badges')).toBeVisible()
  await page.locator('flex-portal').evaluate((el, l) => el.setAttribute('lang', l), lang)
  await expect(page.locator('flex-portal')).toHaveAttribute('lang', lang)
}

/** Each badge in a table's cell or a card: its box, its parent cell's or card's box, whether it has a dot and words, and its lines. */
const badges = (page: Page) =>
  page.locator('flex-portal').evaluate((el) =>
    // The badges of the page's tables and cards (rows of keys, members, endpoints).
    [...el.shadowRoot!.querySelectorAll<HTMLElement>('td [data-tone], li [data-tone]')].map((badge) => {
      const box = badge.getBoundingClientRect()
      const holder = badge.closest('td, li')!.getBoundingClientRect()
      const words = badge.lastElementChild as HTMLElement
      return {
        text: badge.textContent ?? '',
        dot: badge.firstElementChild?.getAttribute('aria-hidden') === 'true',
        pill: parseFloat(getComputedStyle(badge).borderTopLeftRadius) >= box.height / 2 - 1 || getComputedStyle(badge).borderTopLeftRadius === '9999px',
        inside: box.left >= holder.left - 0.5 && box.right <= holder.right + 0.5,
        lines: Math.round(words.getBoundingClientRect().height / parseFloat(getComputedStyle(words).lineHeight)),
      }
    }),
  )

for (const [where, viewport, lang, replaced] of [
  ['a 320 px phone', { width: 320, height: 700 }, 'fr', /^Remplacée — désactivée dans/],
  ['a 320 px phone', { width: 320, height: 700 }, 'en', /^Replaced — stops in/],
  ['1280 px', { width: 1280, height: 900 }, 'de', /^Ersetzt – noch/],
] as const) {
  test.describe(`on ${where}, in ${lang}`, () => {
    test.use({ viewport, ...(viewport.width < 400 ? { isMobile: true, hasTouch: true } : {}) })

    test('each key status is a pill with a dot and words, inside its card or cell, the longest wrapped in at most two lines', async ({ page, server }) => {
      await openRolled(page, server, lang)
      await expect.poll(async () => (await badges(page)).some((b) => replaced.test(b.text))).toBe(true)
      const found = await badges(page)
      for (const badge of found) {
        expect(badge, badge.text).toMatchObject({ dot: true, pill: true, inside: true })
        expect(badge.lines, `${badge.text}: lines`).toBeLessThanOrEqual(2)
      }
      const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(over, 'no sideways scroll').toBeLessThanOrEqual(0)
      await screenshot(page, `badges-${lang}-${viewport.width}`)
    })
  })
}
