/**
 * Headless Chromium (Debian's package, driven by playwright-core) and the
 * in-page probe every browser benchmark shares.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run']

export const launch = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM, args: ARGS })

/**
 * What the probe waits for, as the source of a function over the document and
 * every shadow root created so far (the probe sees roots as they attach).
 */
export type Predicate = string

/** A 'Log in' button that is in the DOM and enabled: the form can be used. */
export const LOGIN_READY: Predicate = `(roots) => roots.some((r) => [...r.querySelectorAll('button')].some((b) => b.textContent.trim() === 'Log in' && !b.disabled))`

/**
 * Injected before any page script (Playwright init scripts are not subject
 * to the page's CSP). Records in `window.__bench`:
 * - `ready`: performance.now() when the predicate first held, checked after
 *   every DOM mutation, in the document and in every shadow root (a
 *   MutationObserver callback runs right after React's commit, before paint);
 * - `readyFrame`: the start of the next animation frame after that;
 * - `responses`: performance.now() when each fetch() response arrived, by URL.
 */
// Plain JavaScript in a string: a compiled function's source may call the
// compiler's helpers (tsx adds __name), which do not exist in the page.
const PROBE = String.raw`(predicate) => {
  const bench = (window.__bench = { ready: null, readyFrame: null, responses: {} })
  const roots = [document]
  const check = () => {
    if (bench.ready !== null || !predicate(roots)) return
    bench.ready = performance.now()
    requestAnimationFrame((t) => (bench.readyFrame = t))
  }
  const watch = (root) => new MutationObserver(check).observe(root, { childList: true, subtree: true, attributes: true, characterData: true })
  const attachShadow = Element.prototype.attachShadow
  Element.prototype.attachShadow = function (init) {
    const root = attachShadow.call(this, init)
    roots.push(root)
    watch(root)
    return root
  }
  watch(document)
  const fetch = window.fetch
  window.fetch = async function (...args) {
    const response = await fetch.apply(this, args)
    bench.responses[new URL(response.url || String(args[0]), location.href).pathname] = performance.now()
    return response
  }
}`

export interface ProbeResult {
  ready: number
  readyFrame: number | null
  responses: Record<string, number>
  /** startTime, responseEnd of the resources whose path ends so. */
  resource: (suffix: string) => Resource | undefined
  /** The paths of the resources fetched so far, with their start times (ms since navigation). */
  resources: Resource[]
}

/** One resource's timing (ms since navigation) and the bytes of its body as they came over the wire (compressed, if it was). */
export type Resource = { name: string; startTime: number; responseEnd: number; encodedBodySize: number }

/** A fresh context (empty cache and storage) with the probe installed. */
export async function probedPage(
  browser: Browser,
  predicate: Predicate,
  opts: { storage?: Record<string, string> } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  if (opts.storage) {
    await context.addInitScript((items: Record<string, string>) => {
      for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v)
    }, opts.storage)
  }
  // Functions passed to page.evaluate are compiled by tsx, which wraps named
  // functions in its __name helper; give the page a no-op one.
  await context.addInitScript('window.__name = (fn) => fn')
  await context.addInitScript(`(${PROBE})(${predicate})`)
  const page = await context.newPage()
  return { context, page }
}

/** Waits for the probe's predicate, then reads its marks and the resource timings. */
export async function probeResult(page: Page, timeoutMs = 30_000): Promise<ProbeResult> {
  await page.waitForFunction(() => (window as unknown as { __bench: { readyFrame: number | null } }).__bench.readyFrame !== null, undefined, {
    timeout: timeoutMs,
    polling: 50,
  })
  const { marks, resources } = await page.evaluate(() => ({
    marks: (window as unknown as { __bench: { ready: number; readyFrame: number | null; responses: Record<string, number> } }).__bench,
    resources: performance.getEntriesByType('resource').map((e) => ({
      name: new URL(e.name).pathname,
      startTime: e.startTime,
      responseEnd: (e as PerformanceResourceTiming).responseEnd,
      encodedBodySize: (e as PerformanceResourceTiming).encodedBodySize,
    })),
  }))
  return { ...marks, resources, resource: (suffix) => resources.find((r) => r.name.endsWith(suffix)) }
}
