/**
 * (b) Start-up: from the moment the browser starts fetching the page's one
 * script (its PerformanceResourceTiming startTime) to the moment a 'Log in'
 * button is in the DOM and enabled (the probe in browser.ts). The same method
 * on the portal page (`<flex-portal>` at #/, its log-in screen) and on the bare
 * React 19 page, each load in a fresh browser context (cold cache, empty
 * storage), the two pages alternating so that machine noise hits both alike.
 */
import type { Browser } from 'playwright-core'
import { LOGIN_READY, probedPage, probeResult } from './browser'
import { gzip9 } from './compress'
import { PAGES } from './pages'
import { median, percentile, round } from './stats'

export interface StartupSeries {
  page: string
  loads: number
  /** Script fetch start → form interactive, ms. */
  median: number
  p90: number
  min: number
  /** Script fetch start → script downloaded, ms (median). */
  downloadMedian: number
  /** The page's one script, gzip -9, bytes. */
  scriptGzip: number
  /**
   * Main-thread JavaScript time of the whole load (CDP ScriptDuration, read
   * just after the form is ready), ms (median): less sensitive than wall time
   * to other processes competing for the CPU.
   */
  scriptMedian: number
}

export interface StartupResult {
  portal: StartupSeries
  bareReact: StartupSeries
  /** portal median / bare React median: the figure that counts (≤ 1.5). */
  ratio: number
  /** The same ratio over main-thread JavaScript time. */
  scriptRatio: number
}

type Load = { total: number; download: number; scriptMs: number }

async function once(browser: Browser, origin: string, path: string, script: string): Promise<Load> {
  const { context, page } = await probedPage(browser, LOGIN_READY)
  try {
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')
    await page.goto(origin + path)
    const r = await probeResult(page)
    const { metrics } = await cdp.send('Performance.getMetrics')
    const res = r.resource(script)
    if (!res) throw new Error(`${path}: no resource timing for ${script}`)
    const scriptMs = (metrics.find((m) => m.name === 'ScriptDuration')?.value ?? NaN) * 1000
    return { total: r.ready - res.startTime, download: res.responseEnd - res.startTime, scriptMs }
  } finally {
    await context.close()
  }
}

const series = (page: string, scriptGzip: number, xs: Load[]): StartupSeries => {
  const totals = xs.map((x) => x.total)
  return {
    page,
    scriptGzip,
    loads: xs.length,
    median: round(median(totals)),
    p90: round(percentile(totals, 90)),
    min: round(Math.min(...totals)),
    downloadMedian: round(median(xs.map((x) => x.download))),
    scriptMedian: round(median(xs.map((x) => x.scriptMs))),
  }
}

export async function measureStartup(browser: Browser, origin: string, loads: number): Promise<StartupResult> {
  const portal: Load[] = []
  const bare: Load[] = []
  // Two unrecorded loads each: the first launches renderer and compiler caches.
  for (let i = -2; i < loads; i++) {
    const p = await once(browser, origin, PAGES.portal, '/flex-portal.js')
    const b = await once(browser, origin, PAGES.bare, '/bench-bare-react.js')
    if (i >= 0) {
      portal.push(p)
      bare.push(b)
    }
  }
  const gz = async (path: string) => gzip9(Buffer.from(await (await fetch(origin + path)).arrayBuffer()))
  const result = {
    portal: series(PAGES.portal, await gz('/flex-portal.js'), portal),
    bareReact: series(PAGES.bare, await gz('/bench-bare-react.js'), bare),
  }
  return {
    ...result,
    ratio: round(result.portal.median / result.bareReact.median, 2),
    scriptRatio: round(result.portal.scriptMedian / result.bareReact.scriptMedian, 2),
  }
}
