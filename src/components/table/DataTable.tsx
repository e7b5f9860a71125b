import { Fragment, type ReactNode } from 'react'
import type { Column } from './types'
import { fitOf } from './types'
import { SkeletonBar } from './Skeleton'
import { CELL, END, HEAD, NAME_CELL, NAME_HEAD } from './styles'
import { COLUMN_ATTR, NAME_ATTR, useFit } from './useFit'

export interface DataTableProps<R> {
  caption: string
  columns: readonly Column<R>[]
  rows: readonly R[]
  rowKey: (row: R) => string
  /** A full-width line under a row (a response body shown on demand). */
  after?: (row: R) => ReactNode
  /** The rows as cards, when even the columns of priority 0 do not fit; else each value under its label. */
  cards?: (rows: readonly R[], width: number) => ReactNode
  /** Rows still on their way: this many grey rows in the loaded table's columns, so nothing moves when they come. */
  loading?: number
  className?: string
}

/**
 * The one table pattern: headers aligned as their cells, the name last to
 * give way, less important columns dropped as the table's own box narrows,
 * and below that cards; never a sideways scroll.
 */
export function DataTable<R>({ caption, columns, rows, rowKey, after, cards, loading = 0, className = 'mt-4' }: DataTableProps<R>) {
  const fit = useFit(
    fitOf(columns),
    columns.some((c) => c.name),
  )
  const stacked = fit.cards
  // A card has the room of its lines: every value shows there, each under its label.
  const shown = stacked ? columns : columns.filter((c) => c.name || fit.shown.includes(c.id))
  if (stacked && cards && rows.length > 0 && !loading) {
    return (
      <div ref={fit.box} className={`min-w-0 ${className}`}>
        {cards(rows, fit.width)}
      </div>
    )
  }
  // As a card, a value too wide beside its label goes under it.
  const cell = (c: Column<R>) => (stacked ? 'flex flex-wrap gap-x-3 py-1' : `${CELL} ${c.name ? NAME_CELL : ''} ${c.end ? END : ''}`)
  return (
    <div ref={fit.box} className={`min-w-0 ${className}`}>
      <table className={`w-full text-sm text-fg ${stacked ? 'block' : ''}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className={stacked ? 'sr-only' : 'border-b border-border'}>
          <tr>
            {shown.map((c) => (
              <th key={c.id} scope="col" {...{ [c.name ? NAME_ATTR : COLUMN_ATTR]: c.id }} className={`${HEAD} ${c.name ? NAME_HEAD : ''} ${c.end ? END : ''}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={stacked ? 'block space-y-3' : 'divide-y divide-border'}>
          {Array.from({ length: loading }, (_, i) => (
            <tr key={i} aria-hidden="true" className={stacked ? 'block rounded-flex border border-border p-3' : ''}>
              {shown.map((c) => (
                <td key={c.id} className={stacked ? 'block py-1' : CELL}>
                  {/* The height of a line of text with its padding, as most loaded rows are. */}
                  <span className="block py-1">
                    <SkeletonBar className={c.name ? 'w-full' : 'w-16'} />
                  </span>
                </td>
              ))}
            </tr>
          ))}
          {(loading ? [] : rows).map((row) => (
            <Fragment key={rowKey(row)}>
              <tr className={stacked ? 'block rounded-flex border border-border p-3' : ''}>
                {shown.map((c) => (
                  <td key={c.id} className={cell(c)}>
                    {stacked && (
                      <span aria-hidden="true" className="w-28 shrink-0 text-xs text-muted">
                        {c.header}
                      </span>
                    )}
                    {stacked ? <div className="min-w-0 grow break-words">{c.cell(row, fit.width)}</div> : c.cell(row, fit.width)}
                  </td>
                ))}
              </tr>
              {after?.(row) && (
                <tr className={stacked ? 'block' : ''}>
                  <td colSpan={shown.length} className={stacked ? 'block' : 'px-3 py-1'}>
                    {after(row)}
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  )
}
