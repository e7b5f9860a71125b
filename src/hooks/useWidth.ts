import { useEffect, useState, type RefObject } from 'react'

/**
 * The width of a part of an element, kept current by a ResizeObserver, for
 * what CSS container queries cannot decide alone (the table's row height for
 * windowing): layout follows the room the widget has, never the viewport.
 * 0 until laid out (and in test DOMs without layout).
 */
export function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0)
  useEffect(() => {
    const el = ref.current
    if (!el || typeof ResizeObserver !== 'function') return
    const observer = new ResizeObserver(() => setWidth(el.clientWidth))
    observer.observe(el)
    return () => observer.disconnect()
  }, [ref])
  return width
}
