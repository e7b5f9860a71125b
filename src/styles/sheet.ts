import css from 'virtual:flex-styles'

/**
 * The rules the chunks fetched on demand bring, flat, by place: [characters of
 * the first screen's stylesheet since the previous place, the rules that go
 * there, …]. Written by the build (build/twind-css.ts), never by hand.
 */
export type ChunkRules = ReadonlyArray<number | string>

/** The stylesheet as it stands: the first screen's, with the chunks' rules in their places. */
let text = css
let shared: CSSStyleSheet | null = null
/** The <style> copies of browsers without constructable sheets, and the text each holds. */
const copies = new Map<HTMLStyleElement, string>()

// One constructable sheet for every shadow root on the page: parsed once,
// shared by reference, allowed under a strict CSP (a <style> tag is not).
function sharedSheet(): CSSStyleSheet | null {
  if (!shared && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    try {
      shared = new CSSStyleSheet()
      shared.replaceSync(text)
    } catch {
      shared = null
    }
  }
  return shared
}

/**
 * The chunks' rules, added as the chunk that holds them runs, before any
 * screen of theirs renders. The text is put together again and replaces the
 * sheet's: one sheet, so every root already open sees the new rules, and each
 * rule lands where the whole stylesheet has it, which decides between two
 * rules of equal specificity (inserting rule by rule would need the browser's
 * count of the rules before it, and a browser drops the rules it cannot parse).
 */
export function addStyles(rules: ChunkRules): void {
  let at = 0
  text = ''
  for (let i = 0; i < rules.length; i += 2) {
    const next = at + (rules[i] as number)
    text += css.slice(at, next) + (rules[i + 1] as string)
    at = next
  }
  text += css.slice(at)
  shared?.replaceSync(text)
  for (const style of copies.keys()) {
    if (style.isConnected) update(style)
    else copies.delete(style)
  }
}

function update(style: HTMLStyleElement): void {
  if (copies.get(style) !== text) style.textContent = text
  copies.set(style, text)
}

/** Gives a shadow root the widget's styles. Safe to call on every render. */
export function adoptStyles(root: ShadowRoot): void {
  const sheet = sharedSheet()
  if (sheet && 'adoptedStyleSheets' in root) {
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
    return
  }
  // Browsers without constructable sheets (Safari < 16.4): a <style> in the root.
  let style = root.querySelector<HTMLStyleElement>('style[data-flex]')
  if (!style) {
    style = document.createElement('style')
    style.setAttribute('data-flex', '')
    root.prepend(style)
  }
  update(style)
}

/** For tests and the memory budget: the sheet all roots share. */
export const getSharedSheet = sharedSheet
