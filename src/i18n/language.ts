/**
 * Which language and direction an element speaks. As HTML inherits `lang`:
 * the element's own, else its nearest ancestor's (across shadow roots, so an
 * element inside another component's shadow tree follows the page), else
 * English; the nearest `lang=""` (unknown, in HTML) reads English too. `dir`
 * the same way; without one, the language's own direction.
 */
export const BUNDLED = ['de', 'es', 'fr', 'ja', 'pt-BR'] as const
export type Bundled = (typeof BUNDLED)[number]

const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur', 'yi', 'ps', 'dv', 'ku', 'sd', 'ug'])

/** The nearest value of `attribute` on the element or an ancestor, crossing shadow roots. */
function inherited(element: Element, attribute: 'lang' | 'dir'): string {
  for (let node: Node | null = element; node;) {
    if (node instanceof Element) {
      const value = node.getAttribute(attribute)?.trim()
      // lang="" is HTML's "unknown language": it stops the climb (and reads English). dir="" is no direction: it climbs on.
      if (value !== undefined && (attribute === 'lang' || /^(ltr|rtl)$/i.test(value))) return value
      node = node.parentNode ?? null
    } else node = node instanceof ShadowRoot ? node.host : node.parentNode
  }
  return ''
}

/** The bundled language for a tag: itself, else its base language (`de-AT` → `de`); Portuguese in any region reads Brazilian Portuguese; none: English. */
export function bundledFor(tag: string): Bundled | undefined {
  const lower = tag.toLowerCase()
  const exact = BUNDLED.find((b) => b.toLowerCase() === lower)
  if (exact) return exact
  const base = lower.split(/[-_]/)[0]
  if (base === 'pt') return 'pt-BR'
  return BUNDLED.find((b) => b === base)
}

export interface Placement {
  /** The page's tag, as written (for Intl: dates and numbers in the reader's region). */
  tag: string
  /** The catalog the texts come from: a bundled language, or English. */
  bundled: Bundled | undefined
  dir: 'ltr' | 'rtl'
}

export function placementOf(element: Element): Placement {
  const tag = inherited(element, 'lang')
  let valid = 'en'
  try {
    valid = tag ? (Intl.getCanonicalLocales(tag)[0] ?? 'en') : 'en'
  } catch {
    // A lang that is not a language tag reads as none.
  }
  const dir = inherited(element, 'dir').toLowerCase()
  return {
    tag: valid,
    bundled: bundledFor(valid),
    dir: dir === 'rtl' || (!dir && RTL_LANGUAGES.has(valid.split('-')[0].toLowerCase())) ? 'rtl' : 'ltr',
  }
}
