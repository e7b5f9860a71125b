/**
 * Debian's Chromium through playwright-core (`npx playwright install` cannot
 * download here). A missing browser fails the run: this suite never skips.
 */
import { existsSync } from 'node:fs'
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}. Install it with \`apt-get install -y chromium\` ` +
        '(.ci/run does) or point CHROMIUM_PATH at a Chromium binary. The browser suite does not skip.',
    )
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  })
}

/** What went wrong in the pages of one context, collected as it happens. */
export interface PageProblems {
  /** `securitypolicyviolation` events, from every page and frame of the context. */
  cspViolations: string[]
  /** console.error / console.warn text (failed resource loads kept apart, see below). */
  consoleErrors: string[]
  /**
   * "Failed to load resource" lines: Chromium logs one for every 4xx/5xx
   * answer and every refused connection. The journey provokes some on purpose
   * (a wrong password, a stopped server), so they are not the widget's doing.
   */
  failedLoads: string[]
  /** Uncaught exceptions and unhandled rejections in the pages. */
  pageErrors: string[]
}

export interface FlexContext {
  context: BrowserContext
  problems: PageProblems
}

/**
 * A context whose pages may use the clipboard, and which reports CSP violations
 * and console errors. The reporter is a CDP binding and the listener an init
 * script, so both work under the pages' strict CSP and survive reloads.
 */
export async function newFlexContext(browser: Browser, origin: string, options: BrowserContextOptions = {}): Promise<FlexContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin })
  const problems: PageProblems = { cspViolations: [], consoleErrors: [], failedLoads: [], pageErrors: [] }

  await context.exposeBinding('__flexE2eCspViolation', (_source, text: string) => {
    problems.cspViolations.push(text)
  })
  await context.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        const report = (window as unknown as { __flexE2eCspViolation?: (text: string) => void }).__flexE2eCspViolation
        report?.(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} in ${e.sourceFile || e.documentURI}:${e.lineNumber} ${e.sample}`)
      },
      true,
    )
  })
  context.on('console', (message) => {
    const type = message.type()
    if (type !== 'error' && type !== 'warning') return
    const text = message.text()
    if (/^Failed to load resource/.test(text)) problems.failedLoads.push(text)
    else problems.consoleErrors.push(`${type}: ${text}`)
  })
  context.on('weberror', (error) => problems.pageErrors.push(String(error.error())))
  return { context, problems }
}
