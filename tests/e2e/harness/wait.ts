/**
 * Waiting for what the user would see. playwright-core has no `expect` with
 * auto-retry, so these wait on the locator and fail with its description.
 */
import type { Locator } from 'playwright-core'

const TIMEOUT_MS = 10_000

export async function expectVisible(locator: Locator, timeout = TIMEOUT_MS): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout })
}

export async function expectHidden(locator: Locator, timeout = TIMEOUT_MS): Promise<void> {
  await locator.waitFor({ state: 'hidden', timeout })
}

/** Polls `check` until it holds; fails with `what` after the timeout. */
export async function waitUntil(check: () => Promise<boolean> | boolean, what: string, timeout = TIMEOUT_MS): Promise<void> {
  const end = Date.now() + timeout
  for (;;) {
    if (await check()) return
    if (Date.now() > end) throw new Error(`Timed out after ${timeout} ms waiting until ${what}.`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/**
 * Whether a user can see any of the matches: visible and inside the viewport
 * (an off-canvas sidebar is "visible" to Playwright but not to a person).
 */
export async function onScreen(locator: Locator): Promise<boolean> {
  const viewport = locator.page().viewportSize()
  const count = await locator.count()
  for (let i = 0; i < count; i++) {
    const item = locator.nth(i)
    if (!(await item.isVisible())) continue
    const box = await item.boundingBox()
    if (!box || box.width === 0 || box.height === 0) continue
    if (!viewport || (box.x < viewport.width && box.x + box.width > 0 && box.y < viewport.height && box.y + box.height > 0)) return true
  }
  return false
}

export const expectOnScreen = (locator: Locator, what: string) => waitUntil(() => onScreen(locator), `${what} is on screen`)
export const expectOffScreen = (locator: Locator, what: string) => waitUntil(async () => !(await onScreen(locator)), `${what} is off screen`)
