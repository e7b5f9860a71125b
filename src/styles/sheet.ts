import css from 'virtual:flex-styles'

/**
 * The rules a chunk fetched on demand brings, flat, by rank: [where in the
 * first screen's stylesheet it goes, its rank in the whole build's order, the
 * rule, …]. Written by the build (build/twind-css.ts), never by hand.
 */
export type ChunkRules = ReadonlyArray<number | string>

/** The rules chunks have added, by rank: [offset in `css`, rank, rule]. */
const added: Array<[number, number, string]> = []
/** The stylesheet as it stands: the first screen's, with every chunk's rules in their places. */
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
 * A chunk's rules, added as the chunk runs, before any of its components
 * renders. The text is put together again and replaces the sheet's: one
 * sheet, so every root already open sees the new rules, and each rule lands
 * where the whole stylesheet has it, which decides between two rules of equal
 * specificity (inserting rule by rule would need the browser's count of the
 * rules before it, and a browser drops the rules it cannot parse).
 */
export function addStyles(rules: ChunkRules): void {
  const before = added.length
  for (let i = 0; i < rules.length; i += 3) {
    const rank = rules[i + 1] as number
    if (!added.some((r) => r[1] === rank)) added.push([rules[i] as number, rank, rules[i + 2] as string])
  }
  if (added.length === before) return
  added.sort((a, b) => a[1] - b[1])
  let at = 0
  text = ''
  for (const [offset, , rule] of added) {
    text += css.slice(at, offset) + rule
    at = offset
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
