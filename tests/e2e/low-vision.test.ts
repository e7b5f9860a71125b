/**
 * What a reader with low vision meets, in a real browser: at 400% zoom a
 * dialog's focused field shows above its buttons; the edges of text fields and
 * selects hold 3:1 in both palettes; in forced colours the charts, the
 * legend, primary buttons and the current items stay visible; under reduced
 * motion nothing animates; and text spacing applied after drawing leaves a
 * key's name whole or reachable, and the docs page's header on screen.
 */
import { randomUUID } from 'node:crypto'
import type { Locator, Page } from '@playwright/test'
import { callApi, createAccount, type Account } from './harness/api'
import { screenshot } from './harness/artifacts'
import { removeDataDir, startServer, type ServerProcess } from './harness/server'
import { expect, test } from './harness/test'

const SERVICE_TOKEN = 'an-e2e-service-token-for-low-vision'
/** 1280 × 1024 at 400%: 320 × 256 CSS pixels. */
const ZOOMED = { viewport: { width: 320, height: 256 }, deviceScaleFactor: 4 }
/** WCAG 1.4.12's text spacing, as a bookmarklet applies it to a drawn page. */
const SPACING = '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important } p { margin-bottom: 2em !important }'

test.describe.configure({ mode: 'serial' })
// The file's own server starts and is staged in beforeAll, which shares a test's time: past 60 s on a loaded machine.
test.setTimeout(120_000)

let server: ServerProcess
let account: Account
let projectId: string
test.beforeAll(async () => {
  server = await startServer({ env: { SERVICE_TOKEN } })
  account = await createAccount(server.origin)
  projectId = await stage(account)
})
test.afterAll(async () => {
  await server?.stop()
  if (server) await removeDataDir(server.dataDir)
})

/** A project whose key Production was verified and whose calls were logged: its usage chart and its errors and latency. */
async function stage(who: Account): Promise<string> {
  const project = await callApi<{ id: string; apiKey: Record<string, string> }>(server.origin, 'POST', '/manage/dapp', who.accessToken, { name: 'Weather API' })
  const [[keyId, key]] = Object.entries(project.apiKey)
  await callApi(server.origin, 'PATCH', `/manage/dapp/${project.id}/api-key/${keyId}`, who.accessToken, { name: 'Production' })
  await callApi(server.origin, 'POST', '/keys/verify', SERVICE_TOKEN, { key })
  await callApi(server.origin, 'POST', '/keys/verify', SERVICE_TOKEN, { key: key + 'x' })
  const entries = [200, 500].map((status) => ({
    requestId: `req_${randomUUID()}`,
    keyId,
    method: 'GET',
    route: '/v1/forecasts/:city',
    status,
    durationMs: 42,
    at: new Date().toISOString(),
  }))
  await callApi(server.origin, 'POST', '/logs', SERVICE_TOKEN, { entries })
  // Counts reach the database in batches.
  await expect
    .poll(async () => {
      const usage = await callApi<{ keys: { valid: number[] }[] }>(server.origin, 'GET', `/manage/dapp/${project.id}/usage`, who.accessToken)
      return usage.keys.reduce((n, k) => n + k.valid.reduce((a, b) => a + b, 0), 0)
    })
    .toBe(1)
  return project.id
}

/** Adds SPACING to the document and to every shadow root, drawn as they are; by CSSOM, which the pages' CSP lets through. */
const spaceText = (page: Page) =>
  page.evaluate((css) => {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    const add = (root: Document | ShadowRoot) => {
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) add(el.shadowRoot)
    }
    add(document)
  }, SPACING)

async function signedIn(page: Page, route: string) {
  await page.addInitScript((body) => localStorage.setItem('accessData', body), JSON.stringify({ accessToken: account.accessToken }))
  await page.goto(`${server.url}${route}`)
}

async function projectPage(page: Page) {
  await signedIn(page, `#/projects?projectid=${encodeURIComponent(projectId)}`)
  await expect(page.getByRole('heading', { name: 'Weather API' })).toBeVisible()
  await expect(page.getByRole('img', { name: /API requests/ })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Errors and latency' })).toBeAttached()
}

/** The focused element, through the shadow roots. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let el = document.activeElement
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement
    return el?.getAttribute('aria-label') ?? el?.id ?? el?.localName
  })

/** How many px of the focused field's height show: inside the dialog, and not under the dialog's button row. */
function focusedShows(dialog: Locator): Promise<{ shows: number; height: number }> {
  return dialog.evaluate((box) => {
    let el = document.activeElement
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement
    const field = el!.getBoundingClientRect()
    const frame = box.getBoundingClientRect()
    const actions = [...box.querySelectorAll('button')].pop()!.parentElement!.getBoundingClientRect()
    const top = Math.max(field.top, frame.top)
    let bottom = Math.min(field.bottom, frame.bottom)
    // The row covers what lies under it when it overlaps the field.
    if (actions.top < bottom && actions.bottom > top) bottom = Math.min(bottom, actions.top)
    return { shows: Math.max(0, bottom - top), height: field.height }
  })
}

test.describe('at 400% zoom', () => {
  test.use(ZOOMED)

  test("a form dialog's focused field shows whole above its buttons", async ({ page }) => {
    await signedIn(page, '#/dashboard')
    await page.getByRole('button', { name: '+ Add New Project' }).click()
    const add = page.getByRole('dialog', { name: 'Add new project' })
    await expect(add).toBeVisible()
    await expect.poll(() => focused(page)).not.toBe('body')
    const { shows, height } = await focusedShows(add)
    expect(shows, 'the focused field shows whole').toBeGreaterThanOrEqual(height - 1)
    await screenshot(page, 'low-vision-zoomed-dialog')
  })

  test("the docs page's header, with text spacing, scrolls nothing sideways", async ({ page }) => {
    await page.goto(`${server.url}docs.html`)
    await expect(page.getByRole('combobox', { name: 'Language' })).toBeVisible()
    await spaceText(page)
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }))
    expect(widths.scroll).toBeLessThanOrEqual(widths.view)
    await expect(page.getByRole('combobox', { name: 'Language' })).toBeInViewport({ ratio: 1 })
  })
})

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`at ${viewport.width} px a tall dialog's buttons stay in reach as it scrolls`, async ({ page }) => {
    await page.setViewportSize(viewport)
    await signedIn(page, '#/dashboard')
    await page.getByRole('button', { name: '+ Add New Project' }).click()
    const cancel = page.getByRole('dialog', { name: 'Add new project' }).getByRole('button', { name: 'Cancel' })
    await expect(cancel).toBeVisible()
    expect(await cancel.evaluate((b) => getComputedStyle(b.parentElement!).position)).toBe('sticky')
  })
}

/** WCAG's contrast ratio of two computed colours (rgb or rgba, opaque). */
function ratio(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = c
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((v) => {
        const s = Number(v) / 255
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
      })
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl
  }
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

/** A control's border colour, its own fill and the fill around it (the first ancestor with one, through the shadow root). */
const edges = (control: Locator) =>
  control.evaluate((el) => {
    const fill = (from: Element | null): string => {
      for (let n: Node | null = from; n; n = n.parentNode ?? (n as ShadowRoot).host ?? null) {
        if (n instanceof Element) {
          const bg = getComputedStyle(n).backgroundColor
          if (!/, 0\)$/.test(bg)) return bg
        }
      }
      return 'rgb(255, 255, 255)'
    }
    return { border: getComputedStyle(el).borderTopColor, inside: getComputedStyle(el).backgroundColor, around: fill(el.parentElement) }
  })

for (const theme of ['dark', 'light'] as const) {
  test(`in the ${theme} palette a text field's and a select's edges hold 3:1 against their surroundings`, async ({ page }) => {
    await projectPage(page)
    await page.locator('flex-portal').evaluate((el, t) => el.setAttribute('theme', t), theme)
    const select = page.getByRole('combobox', { name: 'Status' }).first()
    await select.scrollIntoViewIfNeeded()
    const controls: Array<[string, Locator]> = [['the Requests filter', select]]
    await page.getByRole('button', { name: 'Edit project' }).click()
    controls.push(['a dialog text field', page.getByRole('dialog').getByRole('textbox').first()])
    for (const [what, control] of controls) {
      // Past the colour transitions a theme change starts.
      await expect
        .poll(async () => ratio((await edges(control)).border, (await edges(control)).around), `${what}: edge against the surface`)
        .toBeGreaterThanOrEqual(3)
      const { border, inside } = await edges(control)
      expect(ratio(border, inside), `${what}: edge against its fill`).toBeGreaterThanOrEqual(3)
    }
  })
}

test.describe('in forced colours', () => {
  test.beforeEach(({ page }) => page.emulateMedia({ forcedColors: 'active' }))

  test('the errors and latency bars and the usage legend keep their colours', async ({ page }) => {
    await projectPage(page)
    const marks = await page.locator('flex-portal').evaluate((host) => {
      const root = host.shadowRoot!
      const around = (el: Element) => {
        for (let n: Element | null = el.parentElement; n; n = n.parentElement) {
          const bg = getComputedStyle(n).backgroundColor
          if (!/, 0\)$/.test(bg)) return bg
        }
        return getComputedStyle(document.body).backgroundColor
      }
      const bars = [...root.querySelectorAll<HTMLElement>('figure span[title]')].filter((s) => s.getBoundingClientRect().height > 0)
      const swatches = [...root.querySelectorAll<HTMLElement>('figcaption span[aria-hidden="true"]')]
      return [...bars, ...swatches].map((el) => ({ fill: getComputedStyle(el).backgroundColor, around: around(el) }))
    })
    // Two error bars' worth of days at least, and the two swatches.
    expect(marks.length).toBeGreaterThanOrEqual(4)
    for (const { fill, around } of marks) expect(ratio(fill, around), `${fill} on ${around}`).toBeGreaterThan(1.5)
  })

  const borderWidth = (l: Locator) => l.evaluate((el) => parseFloat(getComputedStyle(el).borderLeftWidth))

  test('a primary button has an edge', async ({ page }) => {
    await signedIn(page, '#/dashboard')
    const add = page.getByRole('button', { name: '+ Add New Project' })
    await expect(add).toBeVisible()
    expect(await borderWidth(add)).toBeGreaterThanOrEqual(1)
  })

  test('the current page and the chosen project are marked', async ({ page }) => {
    await signedIn(page, `#/dashboard?projectid=${encodeURIComponent(projectId)}`)
    const nav = page.getByRole('navigation', { name: /sidebar/i })
    const chosen = page.getByRole('table').getByRole('row').filter({ hasText: 'Weather API' })
    await expect(chosen).toHaveAttribute('aria-current', 'true')
    expect.soft(await borderWidth(nav.getByRole('link', { name: 'Flex Projects' })), 'the current page').toBeGreaterThanOrEqual(1)
    expect.soft(await borderWidth(nav.getByRole('link', { name: /Quickstart/ })), 'another page').toBe(0)
    expect.soft(await borderWidth(chosen), 'the chosen project').toBeGreaterThanOrEqual(1)
    await screenshot(page, 'low-vision-forced-colours')
  })
})

test('under reduced motion a pending button’s spinner stands still; otherwise it turns', async ({ page }) => {
  await signedIn(page, '#/dashboard')
  // The project's creation waits, so the button stays pending.
  let release = () => {}
  await page.route('**/api/manage/dapp', (route) =>
    route.request().method() === 'POST' ? new Promise<void>((done) => (release = done)).then(() => route.abort()) : route.continue(),
  )
  const running = () => page.locator('flex-portal').evaluate((el) => el.shadowRoot!.getAnimations().filter((a) => a.playState === 'running').length)
  await page.getByRole('button', { name: '+ Add New Project' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add new project' })
  await dialog.getByRole('textbox').first().fill('Slow')
  await dialog.getByRole('button', { name: 'Add' }).click()
  await expect(dialog.locator('[aria-busy="true"]')).toBeVisible()
  await expect.poll(running, 'the spinner turns').toBeGreaterThan(0)
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await expect.poll(running, 'nothing runs under reduced motion').toBe(0)
  release()
})

test("text spacing applied after drawing leaves a key's name whole or reachable by keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 })
  await projectPage(page)
  const name = page.getByRole('table', { name: 'API keys' }).locator('[data-name]').filter({ hasText: 'Production' })
  await expect(name).toBeVisible()
  await spaceText(page)
  await expect
    .poll(() => name.evaluate((el) => el.scrollWidth <= el.clientWidth || el.getAttribute('tabindex') === '0'), 'whole, or focusable to read it')
    .toBe(true)
})
