/**
 * Every table and screen keeps to its box, in every bundled language and
 * right to left, at 320, 375, 768, 1024 and 1280 px, on the standalone page
 * and inside the docs page's and Northwind's columns: no element's content
 * spills out of its box or is clipped without an ellipsis, nothing scrolls
 * sideways, a name of up to 24 characters shows whole at 1280 px, and no
 * text of the English catalog is left on a translated page. One page for
 * each screen, reused through its languages and widths; the screenshots land
 * in test-artifacts/overflow/ with an index.html contact sheet for people to look at.
 */
import { randomUUID } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { CATALOG } from '../../src/i18n/en'
import de from '../../src/i18n/locales/de'
import es from '../../src/i18n/locales/es'
import fr from '../../src/i18n/locales/fr'
import ja from '../../src/i18n/locales/ja'
import ptBR from '../../src/i18n/locales/pt-BR'
import { callApi, createAccount, type Account } from './harness/api'
import { ARTIFACTS } from './harness/paths'
import { removeDataDir, startServer, type ServerProcess } from './harness/server'
import { expect, test } from './harness/test'

const SERVICE_TOKEN = 'an-e2e-service-token-for-overflow'
const WIDTHS = [320, 375, 768, 1024, 1280] as const
const LOCALES = { de, es, fr, ja, 'pt-BR': ptBR } as Record<string, Record<string, unknown>>
/** Every bundled language, and English right to left (no right-to-left language is bundled). */
const LANGUAGES = ['en', 'de', 'es', 'fr', 'ja', 'pt-BR', 'ar'] as const
const SHEET = join(ARTIFACTS, '..', 'overflow')

/** The English catalog's texts a language says otherwise: any of them on that language's page was left untranslated. */
function englishOnly(lang: string): string[] {
  const own = LOCALES[lang]
  if (!own) return []
  const theirs = new Set(Object.values(own).filter((v) => typeof v === 'string'))
  return Object.entries(CATALOG)
    .filter(([id, text]) => typeof text === 'string' && own[id] !== undefined && own[id] !== text && !theirs.has(text))
    .map(([, text]) => text as string)
}

test.describe.configure({ mode: 'serial' })
test.setTimeout(240_000)

let server: ServerProcess
let projectId: string
/** The account's session, as the element finds it on its page. */
let session: string
test.beforeAll(async () => {
  server = await startServer({ env: { SERVICE_TOKEN, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' } })
  const account = await createAccount(server.origin)
  projectId = await stage(account)
  session = JSON.stringify({ accessToken: account.accessToken })
})
test.afterAll(async () => {
  await server?.stop()
  if (server) await removeDataDir(server.dataDir)
})

const api = <T>(method: string, path: string, token: string, body?: unknown) => callApi<T>(server.origin, method, path, token, body)

/** The project page of the issue: four keys (Production rolled, so two of that name), an endpoint, usage; and a second project for the dashboard. */
async function stage(account: Account): Promise<string> {
  const token = account.accessToken
  const project = await api<{ id: string; apiKey: Record<string, string> }>('POST', '/manage/dapp', token, {
    name: 'Weather API',
    description: 'Forecasts and alerts for the mobile apps.',
  })
  // A name of 24 characters: the dashboard shows it whole at 1280 px.
  await api('POST', '/manage/dapp', token, { name: 'Payments and Refunds API', description: 'Charges, refunds and payouts.' })
  const [[prodId, prod]] = Object.entries(project.apiKey)
  await api('PATCH', `/manage/dapp/${project.id}/api-key/${prodId}`, token, { name: 'Production' })
  const keys: string[] = [prod]
  for (const name of ['Staging server', 'Local development']) {
    keys.push(...Object.values(await api<Record<string, string>>('POST', `/manage/dapp/${project.id}/api-key`, token, { name })))
  }
  for (const key of keys) await api('POST', '/keys/verify', SERVICE_TOKEN, { key })
  // Logged calls: the Requests table and the errors and latency chart, whose table for screen readers once widened the page at 320 px.
  const entries = [200, 404, 500].map((status) => ({
    requestId: `req_${randomUUID()}`,
    keyId: prodId,
    method: 'GET',
    route: '/v1/forecasts/:city',
    status,
    durationMs: 42,
    at: new Date().toISOString(),
  }))
  await api('POST', '/logs', SERVICE_TOKEN, { entries })
  // Counts reach the database in batches: wait until the three are there, so the page shows its chart.
  await expect
    .poll(async () => {
      const usage = await api<{ keys: { valid: number[] }[] }>('GET', `/manage/dapp/${project.id}/usage`, token)
      return usage.keys.reduce((n, k) => n + k.valid.reduce((a, b) => a + b, 0), 0)
    })
    .toBe(3)
  await api('POST', `/manage/dapp/${project.id}/api-key/${prodId}/roll`, token, { graceSeconds: 86_400 })
  await api('POST', `/manage/dapp/${project.id}/webhooks`, token, { url: 'http://127.0.0.1:9/hooks/weather', description: 'Alert relay' })
  return project.id
}

/** After a resize or a change of language: two frames, so the tables' measuring and fitting have settled. */
const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))

interface Findings {
  sideways: number
  overflows: string[]
  english: string[]
  cutNames: string[]
}

/**
 * Looks into every element of ours (the shadow roots): content wider than a
 * box that shows it (overflow visible), clipped without an ellipsis, or
 * scrolling sideways (code blocks excepted); names of up to 24 characters
 * cut; and visible texts that are in `english`.
 */
function inspect(page: Page, english: string[], names: boolean): Promise<Findings> {
  return page.evaluate(
    ({ english, names }) => {
      const englishSet = new Set(english)
      const overflows: string[] = []
      const found = new Set<string>()
      const cutNames: string[] = []
      const describe = (el: Element) =>
        `<${el.localName}${el.className && typeof el.className === 'string' ? ` class="${el.className.slice(0, 60)}"` : ''}> "${(el.textContent ?? '').trim().slice(0, 40)}"`
      const visit = (root: ShadowRoot) => {
        for (const el of root.querySelectorAll<HTMLElement>('*')) {
          if (el.shadowRoot) visit(el.shadowRoot)
          if (!(el instanceof HTMLElement) || el.closest('pre') || el.closest('svg')) continue
          const style = getComputedStyle(el)
          if (style.display === 'inline' || style.display === 'contents' || el.clientWidth <= 1) continue
          // A select shows its chosen option inside the control, cut there if need be: nothing of it
          // spills out of its box. Chromium 150 measures its scrollWidth by its longest option, and the
          // browser an earlier run had did not, so the spill below said one thing or the other by browser.
          if (!el.checkVisibility() || el instanceof HTMLSelectElement) continue
          const spill = el.scrollWidth - el.clientWidth
          if (spill > 1) {
            const clipped = style.overflowX !== 'visible'
            const ellipsis = style.textOverflow === 'ellipsis'
            const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll'
            if (!clipped || scrolls || !ellipsis) overflows.push(`${describe(el)} is ${spill} px wider than its box (overflow-x: ${style.overflowX})`)
          }
          if (names && el.hasAttribute('data-name') && (el.textContent ?? '').length <= 24 && el.scrollWidth > el.clientWidth + 1) {
            cutNames.push(el.textContent ?? '')
          }
        }
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = (node.textContent ?? '').trim()
          const parent = node.parentElement
          if (text && englishSet.has(text) && parent?.checkVisibility() && !parent.closest('.sr-only')) found.add(text)
        }
      }
      for (const el of document.querySelectorAll('*')) if (el.shadowRoot) visit(el.shadowRoot)
      return { sideways: document.documentElement.scrollWidth - window.innerWidth, overflows, english: [...found], cutNames }
    },
    { english, names },
  )
}

const shots: { file: string; label: string }[] = []

/** Checks the page as it stands and keeps its screenshot for the contact sheet. */
async function check(page: Page, label: string, lang: string, width: number, names = false) {
  await settle(page)
  const findings = await inspect(page, englishOnly(lang), names && width === 1280)
  const file = `${label.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.png`
  await page.screenshot({ path: join(SHEET, file), fullPage: true })
  shots.push({ file, label })
  expect.soft(findings.sideways, `${label}: the page scrolls sideways`).toBeLessThanOrEqual(0)
  expect.soft(findings.overflows, `${label}: elements overflow their boxes`).toEqual([])
  expect.soft(findings.english, `${label}: English left on the page`).toEqual([])
  expect.soft(findings.cutNames, `${label}: names of up to 24 characters cut`).toEqual([])
}

/** Sets the language (and, for Arabic, right to left) on every element of ours, and waits for the text `id` in it. */
async function setLanguage(page: Page, lang: string, id: keyof typeof CATALOG) {
  await page.evaluate((lang) => {
    for (const el of document.querySelectorAll(
      'flex-portal, flex-projects, flex-project-detail, flex-login, flex-signup, flex-snippet, flex-webhooks, flex-request-log',
    )) {
      el.setAttribute('lang', lang)
      el.setAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr')
    }
  }, lang)
  const text = (LOCALES[lang]?.[id] ?? CATALOG[id]) as string
  await expect(page.getByText(text, { exact: true }).filter({ visible: true }).first()).toBeVisible()
}

// One test a screen: each is 35 or 10 checks of the page with a full-page screenshot, which all
// 90 in one test did not finish within its time on a loaded two-core machine (4 minutes at a load of 13).
test.beforeEach(async ({ page }) => {
  mkdirSync(SHEET, { recursive: true })
  await page.addInitScript((body) => localStorage.setItem('accessData', body), session)
})

test('the project page in every language, at every width, keeps to its boxes', async ({ page }) => {
  await page.goto(`${server.url}#/projects?projectid=${encodeURIComponent(projectId)}`)
  await expect(page.getByRole('heading', { name: 'Weather API' })).toBeVisible()
  // Usage and the endpoint have arrived: the page is whole.
  await expect(page.getByRole('img', { name: /API requests/ })).toBeVisible()
  await expect(page.getByText('http://127.0.0.1:9/hooks/weather').first()).toBeVisible()
  await expect(page.getByRole('table', { name: 'Errors and latency' })).toBeAttached()
  for (const lang of LANGUAGES) {
    await setLanguage(page, lang, 'keys.heading')
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 })
      await check(page, `project ${lang} ${width}`, lang, width, true)
    }
  }
})

test('the dashboard in every language, at every width, keeps to its boxes', async ({ page }) => {
  await page.goto(`${server.url}#/dashboard`)
  await expect(page.getByRole('link', { name: 'Payments and Refunds API' })).toBeVisible()
  for (const lang of LANGUAGES) {
    await setLanguage(page, lang, 'projects.column.name')
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 })
      await check(page, `dashboard ${lang} ${width}`, lang, width, true)
    }
  }
})

test("the project page in Northwind's and the docs page's columns keeps to its boxes, at every width", async ({ page }) => {
  await page.goto(`${server.url}existing.html#/projects?projectid=${encodeURIComponent(projectId)}`)
  await expect(page.locator('flex-project-detail').getByRole('heading', { name: 'Weather API' })).toBeVisible()
  for (const lang of ['en', 'de'] as const) {
    await setLanguage(page, lang, 'keys.heading')
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 })
      await check(page, `northwind ${lang} ${width}`, lang, width)
    }
  }

  await page.goto(`${server.url}docs.html`)
  const portal = page.locator('flex-portal')
  await portal.getByRole('link', { name: 'Weather API' }).click()
  await expect(portal.getByRole('heading', { name: 'Weather API' })).toBeVisible()
  for (const lang of ['en', 'de'] as const) {
    await setLanguage(page, lang, 'keys.heading')
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 })
      await check(page, `docs ${lang} ${width}`, lang, width)
    }
  }
})

test.afterAll(() => {
  if (!shots.length) return
  writeFileSync(
    join(SHEET, 'index.html'),
    `<!doctype html><meta charset="utf-8"><title>Overflow contact sheet</title>
<style>body{font:14px system-ui;margin:16px}div{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}figure{margin:0}img{width:240px;border:1px solid #ccc}</style>
<h1>Every screen, language and width the overflow test checked</h1><div>${shots
      .map((s) => `<figure><a href="${s.file}"><img src="${s.file}" alt="${s.label}" loading="lazy"></a><figcaption>${s.label}</figcaption></figure>`)
      .join('')}</div>`,
  )
})
