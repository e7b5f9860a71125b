/**
 * (b) Start-up: from the moment the browser starts fetching the page's one
 * script (its PerformanceResourceTiming startTime) to the moment a 'Log in'
 * button is in the DOM and enabled (the probe in browser.ts). The same method
 * on the portal page (`<flex-portal>` at #/, its log-in screen) and on the bare
 * React 19 page, each load in a fresh browser context (cold cache, empty
 * storage), the two pages alternating so that machine noise hits both alike.
 */
import type { Browser } from 'playwright-core'
import { LOGIN_READY, probedPage, probeResult, type ProbeResult } from './browser'
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
  /** Script fetch start → the last script needed downloaded, ms (median). */
  downloadMedian: number
  /** The scripts fetched before the log-in was usable, gzip -9, bytes. */
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
  /** Other builds of the portal page (BENCH_BASELINE_DIST), loads interleaved with these, each with its ratio to bare React. */
  baselines: Array<StartupSeries & { ratio: number }>
}

type Load = {
  total: number
  download: number
  scriptMs: number
  scripts: string[]
  /** Navigation start → form interactive, ms. */
  fromNavigation: number
  /** The scripts' bodies as they came over the wire (compressed, when they were), bytes. */
  wireBytes: number
}

/** Chromium's network throttling (DevTools' Network.emulateNetworkConditions). */
export interface NetworkConditions {
  downloadKbit: number
  uploadKbit: number
  latencyMs: number
}

/** A slow mobile connection, as DevTools' "Slow 4G"-like presets: 1.6 Mbit/s down, 750 kbit/s up, 150 ms. */
export const SLOW_NETWORK: NetworkConditions = { downloadKbit: 1600, uploadKbit: 750, latencyMs: 150 }

/** The script files a page had asked for by the time its log-in was usable. */
const scriptsBefore = (r: ProbeResult) => r.resources.filter((x) => /\.m?js$/.test(x.name) && x.startTime <= r.ready).map((x) => x.name)

async function once(browser: Browser, origin: string, path: string, script: string, network?: NetworkConditions): Promise<Load> {
  const { context, page } = await probedPage(browser, LOGIN_READY)
  try {
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')
    if (network) {
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: network.latencyMs,
        // Bytes per second.
        downloadThroughput: (network.downloadKbit * 1000) / 8,
        uploadThroughput: (network.uploadKbit * 1000) / 8,
      })
    }
    await page.goto(origin + path)
    const r = await probeResult(page)
    const { metrics } = await cdp.send('Performance.getMetrics')
    const res = r.resource(script)
    if (!res) throw new Error(`${path}: no resource timing for ${script}`)
    const scriptMs = (metrics.find((m) => m.name === 'ScriptDuration')?.value ?? NaN) * 1000
    // The last of the scripts needed to arrive: the loader, then the module and its core.
    const needed = r.resources.filter((x) => /\.m?js$/.test(x.name) && x.startTime <= r.ready)
    const downloaded = Math.max(...needed.map((x) => x.responseEnd))
    return {
      total: r.ready - res.startTime,
      download: downloaded - res.startTime,
      scriptMs,
      scripts: scriptsBefore(r),
      fromNavigation: r.ready,
      wireBytes: needed.reduce((n, x) => n + x.encodedBodySize, 0),
    }
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

/** gzip -9 of these files as the server sends them, each on its own. */
async function gzipOf(origin: string, paths: string[]): Promise<number> {
  let total = 0
  for (const path of new Set(paths)) total += gzip9(Buffer.from(await (await fetch(origin + path)).arrayBuffer()))
  return total
}

export interface FirstScreenResult {
  page: string
  /** The script files fetched before 'Log in' was usable, in the order they were asked for. */
  scripts: string[]
  /** Their gzip -9 size, each compressed on its own. */
  gzipBytes: number
  /** The page's own scripts, fetched in the same time and not counted. */
  hostScripts: string[]
}

/** The portal's files as the build names them: the script and its chunks. */
const PORTAL_SCRIPT = /^\/(flex-portal\.js|fp-[^/]+\.js)$/

/** What a page's first screen really fetches before 'Log in' is usable, in a fresh context (the budget: ≤ 85 kB on /docs.html). */
export async function measureFirstScreen(browser: Browser, origin: string, path: string): Promise<FirstScreenResult> {
  const { context, page } = await probedPage(browser, LOGIN_READY)
  try {
    await page.goto(origin + path)
    // The budget is the portal's: its script and its chunks (fp-*.js, as
    // vite.config.ts names them). The page's own scripts (docs.html's
    // language picker) are the host's, listed apart.
    const fetched = scriptsBefore(await probeResult(page))
    const scripts = fetched.filter((name) => PORTAL_SCRIPT.test(name))
    const hostScripts = fetched.filter((name) => !PORTAL_SCRIPT.test(name))
    return { page: path, scripts, hostScripts, gzipBytes: await gzipOf(origin, scripts) }
  } finally {
    await context.close()
  }
}

/** Another build's pages: its label in the report and the origin serving it. */
export type Baseline = { label: string; origin: string }

export async function measureStartup(browser: Browser, origin: string, loads: number, others: Baseline[] = []): Promise<StartupResult> {
  const portal: Load[] = []
  const bare: Load[] = []
  const baselines: Load[][] = others.map(() => [])
  const pages: Array<[() => Promise<Load>, Load[]]> = [
    [() => once(browser, origin, PAGES.portal, '/flex-portal.js'), portal],
    [() => once(browser, origin, PAGES.bare, '/bench-bare-react.js'), bare],
    ...others.map((b, k): [() => Promise<Load>, Load[]] => [() => once(browser, b.origin, PAGES.portal, '/flex-portal.js'), baselines[k]]),
  ]
  // Two unrecorded loads each: the first launches renderer and compiler caches.
  for (let i = -2; i < loads; i++) {
    // Each page opens a round in turn: on a busy machine the first load of a
    // round tends to be the slowest, whichever page it is.
    for (let k = 0; k < pages.length; k++) {
      const [load, into] = pages[(i + 2 + k) % pages.length]
      const x = await load()
      if (i >= 0) into.push(x)
    }
  }
  const result = {
    portal: series(PAGES.portal, await gzipOf(origin, portal[0]?.scripts ?? []), portal),
    bareReact: series(PAGES.bare, await gzipOf(origin, ['/bench-bare-react.js']), bare),
  }
  const old: StartupSeries[] = []
  for (const [k, b] of others.entries()) old.push(series(b.label, await gzipOf(b.origin, baselines[k][0]?.scripts ?? []), baselines[k]))
  return {
    ...result,
    ratio: round(result.portal.median / result.bareReact.median, 2),
    scriptRatio: round(result.portal.scriptMedian / result.bareReact.scriptMedian, 2),
    baselines: old.map((x) => ({ ...x, ratio: round(x.median / result.bareReact.median, 2) })),
  }
}

export interface SlowStartupSeries {
  page: string
  loads: number
  /** Navigation start → 'Log in' enabled, ms. */
  median: number
  p90: number
  min: number
  /** The scripts fetched before it, as they came over the wire, bytes (median). */
  wireBytes: number
}

export interface SlowStartupResult {
  network: NetworkConditions
  portal: SlowStartupSeries
  bareReact: SlowStartupSeries
  /** portal median / bare React median (goal ≤ 1.3). */
  ratio: number
}

const slowSeries = (page: string, xs: Load[]): SlowStartupSeries => {
  const totals = xs.map((x) => x.fromNavigation)
  return {
    page,
    loads: xs.length,
    median: round(median(totals)),
    p90: round(percentile(totals, 90)),
    min: round(Math.min(...totals)),
    wireBytes: round(median(xs.map((x) => x.wireBytes))),
  }
}

/**
 * Start-up on an emulated slow network: from navigation start (the page's own
 * request included, as a reader meets it) to a usable log-in, the portal's
 * page and the bare React page alternating, each load in a fresh context.
 */
export async function measureSlowStartup(browser: Browser, origin: string, loads: number, network = SLOW_NETWORK): Promise<SlowStartupResult> {
  const portal: Load[] = []
  const bare: Load[] = []
  const pages: Array<[() => Promise<Load>, Load[]]> = [
    [() => once(browser, origin, PAGES.portal, '/flex-portal.js', network), portal],
    [() => once(browser, origin, PAGES.bare, '/bench-bare-react.js', network), bare],
  ]
  // One unrecorded load each: the first launches renderer and compiler caches.
  for (let i = -1; i < loads; i++) {
    for (let k = 0; k < pages.length; k++) {
      const [load, into] = pages[(i + 1 + k) % pages.length]
      const x = await load()
      if (i >= 0) into.push(x)
    }
  }
  const result = { portal: slowSeries(PAGES.portal, portal), bareReact: slowSeries(PAGES.bare, bare) }
  return { network, ...result, ratio: round(result.portal.median / result.bareReact.median, 2) }
}
