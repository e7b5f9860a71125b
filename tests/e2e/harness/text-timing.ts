/**
 * When a text appears in and leaves an element's shadow root, timed inside the
 * page (performance.now() in a MutationObserver), so a busy test machine
 * polling late cannot stretch or shrink what the user saw.
 */
import type { Page } from '@playwright/test'

export interface TextWatch {
  /** Milliseconds the text was shown, once it has come and gone; null before. */
  shownFor(): Promise<number | null>
}

export async function watchText(page: Page, hostSelector: string, text: string): Promise<TextWatch> {
  const key = `__flexE2eWatch${Math.random().toString(36).slice(2)}`
  await page.evaluate(
    ({ hostSelector, text, key }) => {
      const root = document.querySelector(hostSelector)?.shadowRoot
      if (!root) throw new Error(`${hostSelector} has no open shadow root`)
      const log: { shown?: number; gone?: number } = {}
      ;(window as unknown as Record<string, unknown>)[key] = log
      const check = () => {
        const present = (root.textContent ?? '').includes(text)
        if (present && log.shown === undefined) log.shown = performance.now()
        if (!present && log.shown !== undefined && log.gone === undefined) log.gone = performance.now()
      }
      new MutationObserver(check).observe(root, { subtree: true, childList: true, characterData: true })
    },
    { hostSelector, text, key },
  )
  return {
    shownFor: () =>
      page.evaluate((key) => {
        const log = (window as unknown as Record<string, { shown?: number; gone?: number }>)[key]
        return log.shown !== undefined && log.gone !== undefined ? log.gone - log.shown : null
      }, key),
  }
}
