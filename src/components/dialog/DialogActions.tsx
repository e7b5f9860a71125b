import type { ReactNode } from 'react'

/**
 * The button row at the foot of a dialog: primary action last, stacked on
 * narrow screens. Sticky, so in a dialog taller than the screen the way out
 * (Exit) stays in reach while the content scrolls under it. Not on a screen
 * under 480 px tall (a phone on its side, 400% zoom): there the stacked row
 * would cover half the dialog and the field that has focus under it.
 */
export function DialogActions({ children }: { children: ReactNode }) {
  return (
    <div className="sticky bottom-0 short:static -mx-6 mt-6 flex flex-col-reverse gap-3 border-t border-border bg-surface px-6 py-4 sm:flex-row sm:justify-end">
      {children}
    </div>
  )
}
