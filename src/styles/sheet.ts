import css from 'virtual:flex-styles'

let shared: CSSStyleSheet | null = null

// One constructable sheet for every shadow root on the page: parsed once,
// shared by reference, allowed under a strict CSP (a <style> tag is not).
function sharedSheet(): CSSStyleSheet | null {
  if (!shared && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    try {
      shared = new CSSStyleSheet()
      shared.replaceSync(css)
    } catch {
      shared = null
    }
  }
  return shared
}

/** Gives a shadow root the widget's styles. Safe to call on every render. */
export function adoptStyles(root: ShadowRoot): void {
  const sheet = sharedSheet()
  if (sheet && 'adoptedStyleSheets' in root) {
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
    return
  }
  // Browsers without constructable sheets (Safari < 16.4): a <style> in the root.
  if (!root.querySelector('style[data-flex]')) {
    const style = document.createElement('style')
    style.setAttribute('data-flex', '')
    style.textContent = css
    root.prepend(style)
  }
}

/** For tests and the memory budget: the sheet all roots share. */
export const getSharedSheet = sharedSheet
