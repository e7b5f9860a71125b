import type { ReactNode } from 'react'

/** The button row at the foot of a dialog: primary action last, stacked on narrow screens. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{children}</div>
}
