/** What the fitting needs to know of a column. */
export interface FitColumn {
  id: string
  /** 0: always shown; the higher, the sooner it goes as the box narrows. */
  priority: number
  /** Its width in px: measured in the browser, else its estimate. */
  width: number
}

export interface Fit {
  /** The ids of the columns shown, in their given order. */
  shown: string[]
  /** Not even the columns of priority 0 fit beside the name: each row becomes a card. */
  cards: boolean
}

/**
 * Which columns a box `box` px wide shows: the name (which takes what is
 * left) needs `nameMin`; the others their width. The least important go first
 * (of equal priority, the later one); when only those of priority 0 are left
 * and they still do not fit, the rows become cards. A box of 0 (not laid out
 * yet, or a test DOM) shows every column.
 */
export function fitColumns(columns: readonly FitColumn[], box: number, nameMin: number): Fit {
  const all = columns.map((c) => c.id)
  if (box <= 0) return { shown: all, cards: false }
  const shown = new Set(all)
  let need = nameMin + columns.reduce((n, c) => n + c.width, 0)
  const droppable = columns
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => c.priority > 0)
    .sort((a, b) => b.c.priority - a.c.priority || b.i - a.i)
  for (const { c } of droppable) {
    if (need <= box) break
    shown.delete(c.id)
    need -= c.width
  }
  return { shown: all.filter((id) => shown.has(id)), cards: need > box }
}
