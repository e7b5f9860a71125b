import { Fragment, useRef, type ReactNode } from 'react'
import { useWidth } from '../../hooks/useWidth'

export interface StackRow {
  key: string
  cells: ReactNode[]
  /** A full-width line under the row (a response body shown on demand). */
  after?: ReactNode
}

/**
 * A table that fits the room it has: from 560 px of its own width one line a
 * row, below that each row a card with every value under its label (the key
 * table's way, with its classes, so the stylesheet gains nothing).
 */
export function StackTable({ caption, columns, rows }: { caption: string; columns: readonly string[]; rows: StackRow[] }) {
  const ref = useRef<HTMLDivElement>(null)
  const width = useWidth(ref)
  const narrow = width > 0 && width < 560
  const cell = narrow ? 'flex gap-3 py-1' : 'px-2 py-3 align-middle'
  return (
    // overflow-x-auto: a last resort between the stacking width and a table that fits.
    <div ref={ref} className="mt-4 min-w-0 overflow-x-auto">
      <table className={`w-full text-start text-sm text-fg ${narrow ? 'block' : ''}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className={narrow ? 'sr-only' : 'border-b border-border text-xs text-muted'}>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className="px-2 py-2 font-medium">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={narrow ? 'block space-y-3' : 'divide-y divide-border'}>
          {rows.map((row) => (
            <Fragment key={row.key}>
              <tr className={narrow ? 'block rounded-flex border border-border p-3' : ''}>
                {row.cells.map((value, i) => (
                  <td key={columns[i]} className={cell}>
                    {narrow && (
                      <span aria-hidden="true" className="w-28 shrink-0 text-xs text-muted">
                        {columns[i]}
                      </span>
                    )}
                    <div className="min-w-0 flex-1 break-words">{value}</div>
                  </td>
                ))}
              </tr>
              {row.after && (
                <tr className={narrow ? 'block' : ''}>
                  <td colSpan={columns.length} className={narrow ? 'block' : 'px-2 py-1'}>
                    {row.after}
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
