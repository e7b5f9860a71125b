/**
 * (c) Scale: the dashboard over 10,000 projects, and a project with 20 keys.
 * The list comes from a stub (page.route on /api/manage/dapp/owner), which
 * isolates the UI from the server; the server's own speed is (d).
 *
 * - first rows: from the list response arriving in the page (fetch resolved)
 *   to the first project link in the DOM, and from the script's fetch start;
 * - scroll: the table's scrolling container scrolled by a fixed step every
 *   animation frame for about two seconds; frame intervals from rAF
 *   timestamps, a frame longer than 20 ms counts as long (dropped). The same
 *   loop without scrolling runs first, as the noise floor of the machine;
 * - search: from typing a project's full name into the search box to that
 *   project being the first row;
 * - 20 keys: from the project response arriving to the last of its 20 API
 *   project IDs being on screen.
 */
import type { Browser, Page } from 'playwright-core'
import { probedPage, probeResult } from './browser'
import { PAGES } from './pages'
import { median, percentile, round } from './stats'

export const PROJECT_COUNT = 10_000
const ACCESS_DATA = JSON.stringify({ accessToken: 'bench-token', tokenType: 'Bearer', user: { id: 'usr_bench', name: 'Bench', email: 'bench@example.com' } })
const FIRST_ROW = `(roots) => roots.some((r) => r.querySelector('a[href*="projectid=prj_bench_"]'))`

const pad = (i: number) => String(i).padStart(5, '0')

export function benchProjects(n = PROJECT_COUNT) {
  const start = Date.UTC(2024, 0, 1)
  return Array.from({ length: n }, (_, i) => ({
    id: `prj_bench_${pad(i)}`,
    name: `Bench project ${pad(i)}`,
    description: `Project number ${i} of the scale benchmark`,
    createDate: new Date(start + i * 3_600_000).toISOString(),
    status: i % 7 === 0 ? 'inactive' : 'active',
  }))
}

export interface DashboardResult {
  projects: number
  loads: number
  /** List response in the page → first row in the DOM, ms (median). */
  firstRowsAfterResponse: number
  firstRowsAfterResponseMax: number
  /** Script fetch start → first row in the DOM, ms (median). */
  firstRowsFromScriptStart: number
  /** Rows in the DOM after the first render (virtualisation check). */
  renderedRows: number
  scroll: {
    durationMs: number
    frames: number
    fps: number
    longFrames: number
    worstFrameMs: number
    p95FrameMs: number
    pxPerFrame: number
    scrolledPx: number
    idleFrames: number
    idleLongFrames: number
  }
  /** Typing a full name → that project first in the table, ms. */
  search: { ms: number; found: boolean } | null
  twentyKeys: { afterResponseMs: number; keysShown: number } | null
}

async function openDashboard(browser: Browser, origin: string, body: string) {
  const { context, page } = await probedPage(browser, FIRST_ROW, { storage: { accessData: ACCESS_DATA } })
  await page.route('**/api/manage/dapp/owner', (route) => route.fulfill({ status: 200, contentType: 'application/json', body }))
  await page.goto(`${origin}${PAGES.portal}#/dashboard`)
  const r = await probeResult(page)
  const response = r.responses['/api/manage/dapp/owner']
  const script = r.resource('/flex-portal.js')
  return { context, page, afterResponse: r.ready - response, fromScript: script ? r.ready - script.startTime : NaN }
}

/** Scrolls the first scrollable box inside the portal (or the page) every frame. */
async function scroll(page: Page, pxPerFrame: number, durationMs: number) {
  return page.evaluate(
    ({ pxPerFrame, durationMs }) =>
      new Promise<{ intervals: number[]; scrolled: number; box: string }>((resolve) => {
        const root = document.querySelector('flex-portal')!.shadowRoot!
        const box =
          [...root.querySelectorAll<HTMLElement>('*')].find(
            (el) => el.scrollHeight > el.clientHeight + 100 && /auto|scroll/.test(getComputedStyle(el).overflowY),
          ) ?? (document.scrollingElement as HTMLElement)
        const intervals: number[] = []
        let last = 0
        let start = 0
        const step = (t: number) => {
          if (!start) start = t
          else intervals.push(t - last)
          last = t
          box.scrollTop += pxPerFrame
          if (t - start < durationMs) requestAnimationFrame(step)
          else resolve({ intervals, scrolled: box.scrollTop, box: `${box.tagName.toLowerCase()}[role=${box.getAttribute('role')}]` })
        }
        requestAnimationFrame(step)
      }),
    { pxPerFrame, durationMs },
  )
}

/** Types a full project name into the search box; resolves when it is the first row. */
async function search(page: Page, name: string) {
  return page.evaluate(
    (name) =>
      new Promise<{ ms: number; found: boolean }>((resolve) => {
        const root = document.querySelector('flex-portal')!.shadowRoot!
        const input = root.querySelector<HTMLInputElement>('input[type="search"]')
        if (!input) return resolve({ ms: NaN, found: false })
        const firstIs = () => root.querySelector('a[href*="projectid="]')?.textContent?.trim() === name
        const t0 = performance.now()
        const observer = new MutationObserver(() => {
          if (!firstIs()) return
          observer.disconnect()
          clearTimeout(timer)
          resolve({ ms: performance.now() - t0, found: true })
        })
        observer.observe(root, { childList: true, subtree: true, characterData: true })
        const timer = setTimeout(() => (observer.disconnect(), resolve({ ms: performance.now() - t0, found: false })), 10_000)
        // React listens for 'input'; set the value through the native setter as typing would.
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, name)
        input.dispatchEvent(new Event('input', { bubbles: true }))
      }),
    name,
  )
}

async function twentyKeys(browser: Browser, origin: string) {
  const keys = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`api_bench_${pad(i)}`, `fk_live_••••${pad(i).slice(1)}`]))
  const project = {
    id: 'prj_bench_keys',
    name: 'Twenty keys',
    description: 'A project with 20 API keys',
    createDate: '2024-01-01T00:00:00.000Z',
    status: 'active',
    apiKey: keys,
    // The key table is drawn from this list (a server with key metadata sends it); the map alone shows only the IDs' summary.
    keys: Object.entries(keys).map(([id, maskedKey], i) => ({ id, name: `Key ${i + 1}`, maskedKey, createdAt: '2024-01-01T00:00:00.000Z' })),
  }
  const lastKey = 'api_bench_00019'
  const predicate = `(roots) => roots.some((r) => r.textContent && r.textContent.includes(${JSON.stringify(lastKey)}))`
  const { context, page } = await probedPage(browser, predicate, { storage: { accessData: ACCESS_DATA } })
  try {
    // The bench's token is made up: any other call the project screen makes (its webhooks, the
    // profile) would answer 401 and end the session before the keys show. They answer 404 here,
    // which those sections take as nothing to show; the last route added is the first tried.
    await page.route(/\/api\/(manage|me)\b/, (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Not found."}' }))
    await page.route('**/api/manage/dapp/prj_bench_keys', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(project) }),
    )
    await page.goto(`${origin}${PAGES.portal}#/projects?projectid=prj_bench_keys`)
    const r = await probeResult(page, 10_000)
    const keysShown = await page.evaluate(() => {
      const text = document.querySelector('flex-portal')!.shadowRoot!.textContent ?? ''
      return new Set(text.match(/api_bench_\d{5}/g) ?? []).size
    })
    return { afterResponseMs: round(r.ready - r.responses['/api/manage/dapp/prj_bench_keys']), keysShown }
  } catch {
    return null // the project screen is not there yet (or never shows the keys)
  } finally {
    await context.close()
  }
}

export async function measureDashboard(browser: Browser, origin: string, loads: number): Promise<DashboardResult> {
  const body = JSON.stringify(benchProjects())
  const after: number[] = []
  const fromScript: number[] = []
  for (let i = -1; i < loads; i++) {
    const { context, afterResponse, fromScript: s } = await openDashboard(browser, origin, body)
    await context.close()
    if (i >= 0) {
      after.push(afterResponse)
      fromScript.push(s)
    }
  }

  const { context, page } = await openDashboard(browser, origin, body)
  try {
    const renderedRows = await page.evaluate(() => document.querySelector('flex-portal')!.shadowRoot!.querySelectorAll('a[href*="projectid="]').length)
    const pxPerFrame = 120
    // The same loop without scrolling first: the frames this machine drops anyway.
    const idle = await scroll(page, 0, 2000)
    const s = await scroll(page, pxPerFrame, 2000)
    const target = `Bench project ${pad(PROJECT_COUNT - 1234)}`
    const found = await search(page, target)
    return {
      projects: PROJECT_COUNT,
      loads,
      firstRowsAfterResponse: round(median(after)),
      firstRowsAfterResponseMax: round(Math.max(...after)),
      firstRowsFromScriptStart: round(median(fromScript)),
      renderedRows,
      scroll: {
        durationMs: round(s.intervals.reduce((a, b) => a + b, 0)),
        frames: s.intervals.length,
        fps: round((s.intervals.length * 1000) / s.intervals.reduce((a, b) => a + b, 0)),
        longFrames: s.intervals.filter((x) => x > 20).length,
        worstFrameMs: round(Math.max(...s.intervals)),
        p95FrameMs: round(percentile(s.intervals, 95)),
        pxPerFrame,
        scrolledPx: Math.round(s.scrolled),
        idleLongFrames: idle.intervals.filter((x) => x > 20).length,
        idleFrames: idle.intervals.length,
      },
      search: { ms: round(found.ms), found: found.found },
      twentyKeys: await twentyKeys(browser, origin),
    }
  } finally {
    await context.close()
  }
}
