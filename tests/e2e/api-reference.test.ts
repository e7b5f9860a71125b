/**
 * The API reference the server serves at /api/docs, where the portal's
 * documentation links go by default: Redoc renders the server's own OpenAPI
 * document, Quickstart first, from files served here, under the page's CSP.
 */
import { screenshot } from './harness/artifacts'
import { atRoute } from './harness/screens'
import { expect, test } from './harness/test'

// A trace snapshots Redoc's whole DOM at every step, which more than doubled
// these tests' time and, with the whole-page screenshot, pushed the first past
// its limit on a busy CI machine. A failure still leaves its screenshot.
test.use({ trace: 'off' })

test.describe('the API reference at /api/docs', () => {
  test('renders the OpenAPI document with its Quickstart, from this origin only, with no CSP violation', async ({ page, server }) => {
    const foreign: string[] = []
    page.on('request', (r) => {
      if (!r.url().startsWith(server.origin) && !/^(data|blob):/.test(r.url())) foreign.push(r.url())
    })
    await page.goto('/api/docs#quickstart')
    // Redoc's bundle is large: on a busy 2-core CI machine its first render took over 10 s.
    await expect(page.getByRole('heading', { name: 'Quickstart' }).first()).toBeVisible({ timeout: 45_000 })
    await expect(page.getByRole('heading', { name: 'Register an anonymous device' })).toBeVisible()
    // The portal's "Flex Quickstart Guide" address lands on the Quickstart section.
    await expect(page, 'the page moves to the Quickstart section').toHaveURL(atRoute('#section/Quickstart'))
    await screenshot(page, 'api-reference', { fullPage: false })
    expect(foreign, 'requests to other origins (a CDN)').toEqual([])
  })
  test("on a phone, the Quickstart's code stays inside its box (wrapping, or scrolling within it), and the reference carries the portal's name", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await page.goto('/api/docs#quickstart')
    const code = page.locator('pre').first()
    await expect(code).toContainText('curl')
    const box = await code.evaluate((el) => {
      const r = el.getBoundingClientRect()
      const style = getComputedStyle(el)
      return { right: r.right, view: window.innerWidth, fits: el.scrollWidth <= el.clientWidth, scrolls: ['auto', 'scroll'].includes(style.overflowX) }
    })
    expect(box.right, 'the box ends inside the window').toBeLessThanOrEqual(box.view)
    expect(box.fits || box.scrolls, 'a line longer than the box scrolls inside it').toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the page itself never scrolls sideways').toBeLessThanOrEqual(375)
    await expect(page).toHaveTitle('API reference · Flex Portal')
    await screenshot(page, 'api-reference-phone', { fullPage: false })
  })
})
