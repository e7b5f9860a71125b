/**
 * axe-core from its npm package. Injected as an init script (through CDP, so
 * the pages' strict CSP does not block it) on every document of the context.
 */
import type { BrowserContext, Page } from '@playwright/test'
import { AXE } from './paths'

export async function injectAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ path: AXE })
}

export interface AxeFinding {
  id: string
  impact: string
  help: string
  targets: string[]
}

/** Serious and critical violations on the whole document (axe pierces open shadow roots), none exempted. */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  return page.evaluate(async () => {
    type Node = { target: unknown[]; html: string }
    const axe = (
      window as unknown as {
        axe?: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Node[] }> }> }
      }
    ).axe
    if (!axe) throw new Error('axe-core is not loaded in this page')
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.map((n) => JSON.stringify(n.target)) }))
  })
}

export function describeFindings(findings: AxeFinding[]): string {
  return findings.map((f) => `${f.impact} ${f.id} (${f.help}): ${f.targets.join(', ')}`).join('\n')
}
