import { useEffect, useRef, type FocusEvent } from 'react'

/**
 * Props for a region that keeps keyboard focus when the control that had it
 * goes away: a row deleted or replaced (its menu button with it), Retry gone
 * with its error, a dialog's opener gone while the dialog was open. The region
 * takes focus itself at its next render, never the page's start, where a
 * keyboard or screen-reader user would have to find their way back. A region
 * that went itself with the control (its last row) hands focus to `elsewhere`.
 */
export function useFocusKeeper<T extends HTMLElement>(elsewhere?: () => void) {
  const box = useRef<T>(null)
  // The control focus was last given inside the region (its dialogs too: React's events cross portals), while it has it.
  const focused = useRef<Element | null>(null)
  // The root the region was drawn in, kept for when it has gone itself.
  const root = useRef<Node | null>(null)
  useEffect(() => {
    if (box.current) root.current = box.current.getRootNode()
    if (focused.current?.isConnected !== false) return
    // Only when focus is lost: a dialog that has just given it back to its own place (its opener) keeps it
    // there, and a reader who has moved on (a click elsewhere, another field of the page) keeps theirs.
    const shadow = root.current as ShadowRoot | null
    const page = document.activeElement
    const movedOn = (shadow?.activeElement && shadow.activeElement !== document.body) || (page && page !== document.body && page !== shadow?.host)
    // Asked once: a reader who has moved on is not sent back here by a later render. An opener inside the
    // region that a closing dialog gave focus back to is watched in turn: React hears no focus event while
    // it commits, so onFocus missed it, and a row's menu button can still go with its row.
    const back = shadow?.activeElement
    focused.current = back && box.current?.contains(back) ? back : null
    if (movedOn) return
    if (box.current) box.current.focus()
    else elsewhere?.()
  })
  return {
    ref: box,
    tabIndex: -1,
    onFocus: (e: FocusEvent) => (focused.current = e.target),
    // Gone to another control (not removed with it, which leaves no relatedTarget): no longer ours.
    onBlur: (e: FocusEvent) => e.relatedTarget && (focused.current = null),
  }
}
