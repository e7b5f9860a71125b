/**
 * Where keyboard focus really is: `document.activeElement` stops at a shadow
 * host, so walk down through each open shadow root's own activeElement.
 */
import type { Page } from '@playwright/test'

export interface FocusInfo {
  tag: string
  /** The role attribute, or the tag's implicit one for the controls we meet. */
  role: string
  /** aria-label, else its label's text, else its own text (trimmed, first 80 characters). */
  name: string
  /** The accessible name of the dialog around it (by aria-labelledby / aria-label), or null. */
  dialog: string | null
  /** The host element's tag when focus is inside a shadow root. */
  host: string | null
}

/** Long token-like runs (keys, secrets, ids) masked: focus descriptions end up in failure messages. */
const redact = (text: string) => text.replace(/[A-Za-z0-9_-]{20,}/g, '<redacted>')

export async function deepFocus(page: Page): Promise<FocusInfo | null> {
  const focus = await readFocus(page)
  return focus && { ...focus, name: redact(focus.name) }
}

function readFocus(page: Page): Promise<FocusInfo | null> {
  return page.evaluate(async () => {
    // Focus managers move focus on the next frame (floating-ui's focus guards
    // hand it on that way): read where it settles, as a person would see it.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    let el: Element | null = document.activeElement
    let host: Element | null = null
    while (el?.shadowRoot?.activeElement) {
      host = el
      el = el.shadowRoot.activeElement
    }
    if (!el || el === document.body) return null
    const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim()
    const root = el.getRootNode() as Document | ShadowRoot
    const byIds = (ids: string | null) =>
      (ids ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => text(root.getElementById(id)))
        .join(' ')
    const implicit: Record<string, string> = { BUTTON: 'button', A: 'link', SELECT: 'combobox', TEXTAREA: 'textbox' }
    let role = el.getAttribute('role') ?? implicit[el.tagName] ?? ''
    if (!role && el.tagName === 'INPUT') role = (el as HTMLInputElement).type === 'checkbox' ? 'checkbox' : 'textbox'
    const labels = (el as HTMLInputElement).labels
    const name = el.getAttribute('aria-label') ?? (byIds(el.getAttribute('aria-labelledby')) || (labels && labels.length > 0 ? text(labels[0]) : text(el)))
    const dialogEl = el.closest('[role="dialog"], [role="alertdialog"], dialog')
    const dialog = dialogEl ? (dialogEl.getAttribute('aria-label') ?? byIds(dialogEl.getAttribute('aria-labelledby'))) : null
    return { tag: el.tagName.toLowerCase(), role, name: name.slice(0, 80), dialog, host: host ? host.tagName.toLowerCase() : null }
  })
}

/** Presses Tab (or Shift+Tab) until focus lands on what `matches` accepts; fails after `max` presses. */
export async function tabTo(page: Page, matches: (focus: FocusInfo) => boolean, what: string, { back = false, max = 40 } = {}): Promise<FocusInfo> {
  const seen: string[] = []
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    const focus = await deepFocus(page)
    if (focus && matches(focus)) return focus
    seen.push(focus ? `${focus.role || focus.tag} "${focus.name}"` : '(body)')
  }
  throw new Error(`Tab never reached ${what}; focus went through: ${seen.join(' → ')}`)
}

export const describeFocus = (focus: FocusInfo | null) =>
  focus ? `${focus.role || focus.tag} "${focus.name}" in dialog ${JSON.stringify(focus.dialog)}` : '(nothing)'
