import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { ARTIFACTS } from './paths'

mkdirSync(ARTIFACTS, { recursive: true })

/**
 * A screenshot of what the user sees now, kept under test-artifacts/e2e/ for
 * people to look at: the whole page, or with `{ fullPage: false }` the window
 * only (the API reference is tens of thousands of pixels tall: a whole-page
 * shot of it pushed its test past the time limit on a busy CI machine).
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name.replace(/[^a-z0-9-]+/gi, '-').toLowerCase()}.png`), fullPage })
}

/** A screenshot of one part of the page (a section beside the host's content), under test-artifacts/e2e/ as above. */
export async function screenshotOf(part: Locator, name: string): Promise<void> {
  await part.screenshot({ path: join(ARTIFACTS, `${name.replace(/[^a-z0-9-]+/gi, '-').toLowerCase()}.png`) })
}
