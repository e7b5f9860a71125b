/**
 * Sign-in to dashboard: on the portal page, from the click on 'Log in' to
 * the dashboard's heading in the DOM (the probe in browser.ts), for an
 * account that exists. Each load is a fresh context (cold cache), and the
 * click comes 2.5 s after the log-in is usable and the network is quiet, as
 * a reader takes a few seconds to type: the time the log-in screen has to
 * fetch the dashboard's chunks ahead of need. With a baseline origin (another
 * build of the same pages), the two alternate load by load.
 */
import type { Browser } from 'playwright-core'
import { probedPage, probeResult } from './browser'
import { PAGES } from './pages'
import { median, percentile, round } from './stats'

const PASSWORD = 'correct horse battery staple'
/** The time a reader takes to fill the log-in form, at the least. */
const READER_TYPING_MS = 2500

/** The dashboard's heading is in the DOM. */
const DASHBOARD_READY = `(roots) => roots.some((r) => [...r.querySelectorAll('h1, h2')].some((h) => h.textContent.trim() === 'Your Flex Projects'))`

export interface SignInSeries {
  origin: string
  loads: number
  /** Click on 'Log in' → dashboard heading, ms. */
  median: number
  p90: number
  min: number
  /**
   * The widget's own part: the authenticate response's arrival → dashboard
   * heading, median ms. The rest is the server's password hash, which is the
   * same for any build and dominates the run-to-run spread.
   */
  afterAuthMedian: number
}

async function account(origin: string): Promise<string> {
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(origin + '/api' + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`POST ${path}: ${res.status}`)
    return (await res.json()) as { accessToken: string }
  }
  const { accessToken: device } = await post('/device', { deviceUDID: 'bench-signin', deviceType: 'WEB' })
  const email = `bench-signin-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`
  await post('/register', { name: 'Bench Sign-in', email, password: PASSWORD }, device)
  return email
}

interface Once {
  total: number
  afterAuth: number
}

async function once(browser: Browser, origin: string, email: string): Promise<Once> {
  const { context, page } = await probedPage(browser, DASHBOARD_READY)
  try {
    await context.addInitScript(() => {
      document.addEventListener('click', () => ((window as unknown as { __clickAt: number }).__clickAt ??= performance.now()), true)
    })
    await page.goto(origin + PAGES.portal)
    const login = page.getByRole('button', { name: 'Log in', exact: true })
    await login.waitFor()
    // A reader takes a few seconds to type an e-mail and a password: the
    // page's own work ahead of need (the dashboard's prefetch, which waits
    // until the first screen is idle) has that long, then the network is
    // left to go quiet.
    await page.waitForTimeout(READER_TYPING_MS)
    await page.waitForLoadState('networkidle')
    await page.getByLabel('Email address').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await login.click()
    const r = await probeResult(page)
    const clickAt = await page.evaluate(() => (window as unknown as { __clickAt: number }).__clickAt)
    const authAt = r.responses['/api/auth/authenticate']
    // Without it the split would silently equal the total: say so instead.
    if (authAt === undefined) throw new Error('sign-in bench: the page made no authenticate call through fetch()')
    return { total: r.ready - clickAt, afterAuth: r.ready - authAt }
  } finally {
    await context.close()
  }
}

export async function measureSignIn(browser: Browser, origins: string[], loads: number): Promise<SignInSeries[]> {
  const emails = await Promise.all(origins.map(account))
  const runs: Once[][] = origins.map(() => [])
  for (let i = -1; i < loads; i++) {
    for (const [k, origin] of origins.entries()) {
      const t = await once(browser, origin, emails[k])
      if (i >= 0) runs[k].push(t)
    }
  }
  return origins.map((origin, k) => {
    const times = runs[k].map((r) => r.total)
    return {
      origin,
      loads: times.length,
      median: round(median(times)),
      p90: round(percentile(times, 90)),
      min: round(Math.min(...times)),
      afterAuthMedian: round(median(runs[k].map((r) => r.afterAuth))),
    }
  })
}
