/**
 * Memory in a real browser: ten elements on one page (two
 * of each tag, signed in, API stubbed) must share one constructable
 * stylesheet, and adding elements must add no stylesheet. Also the JS heap of
 * that page beside a page with one element, after a forced GC.
 */
import type { Browser, Page } from 'playwright-core'
import { probedPage, probeResult } from './browser'
import { PAGES } from './pages'
import { round } from './stats'

const TAGS = 'flex-portal,flex-login,flex-signup,flex-projects,flex-project-detail'
const ALL_RENDERED = (n: number) =>
  `(roots) => { const els = [...document.querySelectorAll(${JSON.stringify(TAGS)})]; return els.length === ${n} && els.every((el) => el.shadowRoot && el.shadowRoot.childElementCount > 0) }`
const ACCESS_DATA = JSON.stringify({ accessToken: 'bench-token' })

export interface MemoryResult {
  elements: number
  shadowRoots: number
  /** Distinct CSSStyleSheet objects adopted across all shadow roots. */
  distinctAdoptedSheets: number
  everyRootAdoptsTheSameSheet: boolean
  sheetRules: number
  documentAdoptedStyleSheets: number
  documentStyleSheets: number
  styleElementsInRoots: number
  heapOneElementKb: number
  heapTenElementsKb: number
  heapPerExtraElementKb: number
}

async function stubApi(page: Page) {
  const project = (id: string) => ({
    id,
    name: `Project ${id}`,
    description: 'Memory benchmark',
    createDate: '2024-01-01T00:00:00.000Z',
    status: 'active',
    apiKey: { api_1: 'fk_••••0001' },
  })
  await page.route('**/api/**', (route) => {
    const path = new URL(route.request().url()).pathname
    const body = path.endsWith('/device')
      ? { accessToken: 'bench-device' }
      : path.endsWith('/owner')
        ? [project('prj_bench_1'), project('prj_bench_2')]
        : project(path.split('/').pop() ?? '')
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) })
  })
}

async function heapKb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.enable')
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('Performance.enable')
  const { metrics } = await cdp.send('Performance.getMetrics')
  return Math.round((metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN) / 1024)
}

async function open(browser: Browser, origin: string, path: string, n: number) {
  const { context, page } = await probedPage(browser, ALL_RENDERED(n), { storage: { accessData: ACCESS_DATA } })
  await stubApi(page)
  await page.goto(origin + path)
  await probeResult(page)
  return { context, page }
}

export async function measureMemory(browser: Browser, origin: string): Promise<MemoryResult> {
  const one = await open(browser, origin, PAGES.one, 1)
  const heapOne = await heapKb(one.page)
  await one.context.close()

  const ten = await open(browser, origin, PAGES.ten, 10)
  try {
    const sheets = await ten.page.evaluate((tags) => {
      const roots = [...document.querySelectorAll(tags)].map((el) => el.shadowRoot!)
      const adopted = roots.flatMap((r) => [...r.adoptedStyleSheets])
      const distinct = new Set(adopted)
      const first = roots[0].adoptedStyleSheets[0]
      return {
        elements: roots.length,
        shadowRoots: roots.filter(Boolean).length,
        distinctAdoptedSheets: distinct.size,
        everyRootAdoptsTheSameSheet: roots.every((r) => r.adoptedStyleSheets.length === 1 && r.adoptedStyleSheets[0] === first),
        sheetRules: first ? first.cssRules.length : 0,
        documentAdoptedStyleSheets: document.adoptedStyleSheets.length,
        documentStyleSheets: document.styleSheets.length,
        styleElementsInRoots: roots.reduce((n, r) => n + r.querySelectorAll('style').length, 0),
      }
    }, TAGS)
    const heapTen = await heapKb(ten.page)
    return { ...sheets, heapOneElementKb: heapOne, heapTenElementsKb: heapTen, heapPerExtraElementKb: round((heapTen - heapOne) / 9) }
  } finally {
    await ten.context.close()
  }
}
