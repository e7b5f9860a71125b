import type { ReactNode } from 'react'
import type { FitColumn } from './fit'

/** One column of a table: how it fits (FitColumn: id, priority, estimated width) and what it shows. */
export interface Column<R> extends FitColumn {
  header: string
  /** The name's column (one a table): it takes the room left, and gives way last. */
  name?: boolean
  /** Numbers: aligned at the end, header too. */
  end?: boolean
  /** `width`: the table's, for a cell that measures whether its text is cut. */
  cell: (row: R, width: number) => ReactNode
}

/** The name column's stand-in for fitting: it needs no width of its own (fitColumns reserves the name's room). */
export const fitOf = <R>(columns: readonly Column<R>[]): FitColumn[] => columns.filter((c) => !c.name)
