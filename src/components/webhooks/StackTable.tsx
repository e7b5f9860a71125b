import type { ReactNode } from 'react'
import { DataTable, type Column } from '../table'

export interface StackRow {
  key: string
  cells: ReactNode[]
  /** A full-width line under the row (a response body shown on demand). */
  after?: ReactNode
}

/**
 * The webhooks' tables in the one table pattern (components/table): headers
 * by label, cells by position. `priorities` (0: always shown, the higher the
 * sooner dropped as the box narrows) and `name` (the column that takes the
 * room left and gives way last) shape the fit; below what fits, each row is a
 * card with every value under its label.
 */
export function StackTable({
  caption,
  columns,
  rows,
  priorities = [],
  name,
  loading,
}: {
  caption: string
  columns: readonly string[]
  rows: StackRow[]
  priorities?: readonly number[]
  name?: number
  /** Grey rows while the first page loads (DataTable's). */
  loading?: number
}) {
  const spec: Column<StackRow>[] = columns.map((header, i) => ({
    id: String(i),
    header,
    priority: priorities[i] ?? 0,
    width: 120,
    name: i === name,
    cell: (row) => row.cells[i],
  }))
  return <DataTable caption={caption} columns={spec} rows={rows} rowKey={(row) => row.key} after={(row) => row.after} loading={loading} />
}
