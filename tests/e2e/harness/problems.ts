/**
 * What went wrong in the pages of one context, collected as it happens. The
 * reporter is a CDP binding and the listener an init script, so both work
 * under the pages' strict CSP and survive reloads.
 */
import type { BrowserContext } from '@playwright/test'

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

export async function collectProblems(context: BrowserContext): Promise<PageProblems> {
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
  return problems
}
