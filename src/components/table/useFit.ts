import { useEffect, useLayoutEffect, useReducer, useRef, type RefObject } from 'react'
import { useWidth } from '../../hooks/useWidth'
import { fitColumns, type Fit, type FitColumn } from './fit'

/**
 * The room a name needs to show whole up to 24 characters (with its cell's
 * padding): a longer name gives way before a column of priority 0 does.
 */
export const NAME_ROOM = 208

/** Marks a header cell whose width is measured, by its column id. */
export const COLUMN_ATTR = 'data-col'
/** Marks a name's text, whose whole width is measured (up to NAME_ROOM). */
export const NAME_ATTR = 'data-name'

/**
 * Which columns fit the table's own box (its container, not the viewport:
 * the table lives in someone else's layout), measured in the browser: each
 * column shown is measured as it lays out (its header and cells never wrap),
 * so the fit holds in any language and with a host's own texts; estimates
 * stand in until then (and in test DOMs, which lay nothing out). Measured
 * again when the box's width or the table's text changes, or a font arrives,
 * not on each render.
 */
export function useFit(columns: readonly FitColumn[], hasName = true, pad = 24): Fit & { box: RefObject<HTMLDivElement | null>; width: number } {
  const box = useRef<HTMLDivElement>(null)
  const width = useWidth(box)
  const measured = useRef<Record<string, number>>({})
  const name = useRef(0)
  const seen = useRef('')
  const [, remeasured] = useReducer((n: number) => n + 1, 0)
  const sized = columns.map((c) => ({ ...c, width: measured.current[c.id] ?? c.width }))
  const room = !hasName ? 0 : name.current ? name.current + pad : NAME_ROOM
  const fit = fitColumns(sized, width, room)

  // A web font that arrives after the first measure (a host's --flex-font) changes every width the text has.
  useEffect(() => {
    const again = () => {
      seen.current = ''
      remeasured()
    }
    document.fonts?.addEventListener('loadingdone', again)
    return () => document.fonts?.removeEventListener('loadingdone', again)
  }, [])

  // Before paint: a column that turns out too wide is dropped before anyone sees it.
  useLayoutEffect(() => {
    const el = box.current
    // As cards, nothing is laid out as a column (a visually hidden header would measure its squeezed self).
    if (!el || fit.cards) return
    // Reading a width lays the page out, a long freeze beside a thousand rows or options: read only when
    // what is measured can have changed, the box's width or the table's text (its columns, headers and rows),
    // not on every render.
    const key = `${width} ${el.textContent}`
    if (key === seen.current) return
    seen.current = key
    let changed = false
    el.querySelectorAll<HTMLElement>(`th[${COLUMN_ATTR}]`).forEach((th) => {
      const w = Math.ceil(th.getBoundingClientRect().width)
      const id = th.getAttribute(COLUMN_ATTR)!
      if (w > 0 && Math.abs((measured.current[id] ?? 0) - w) > 1) {
        measured.current[id] = w
        changed = true
      }
    })
    // The text's own width (a range's box): the element's is the cell's, however short the name.
    // A name is given up to NAME_ROOM; its column's header, never cut, all it needs.
    const range = document.createRange()
    let longest = 0
    let header = 0
    el.querySelectorAll<HTMLElement>(`[${NAME_ATTR}]`).forEach((n) => {
      range.selectNodeContents(n)
      const w = Math.ceil(range.getBoundingClientRect?.().width ?? 0)
      if (n.localName === 'th') header = Math.max(header, w)
      else longest = Math.max(longest, w)
    })
    const need = Math.max(Math.min(NAME_ROOM - pad, longest), header)
    if (need > 0 && Math.abs(need - name.current) > 1) {
      name.current = need
      changed = true
    }
    if (changed) remeasured()
  })
  return { ...fit, box, width }
}
