import { useEffect, useState, type RefObject } from 'react'
import { useElement } from '../elements/context'

/**
 * The width of the element (or of `target`, a part of it), kept current by a
 * ResizeObserver: layout decisions that CSS container queries cannot make
 * alone (the table's row height for windowing, closing the sidebar sheet)
 * follow the element, never the viewport. 0 until laid out (and in test DOMs
 * without layout).
 */
export function useHostWidth(target?: RefObject<HTMLElement | null>): number {
  const { host } = useElement()
  const [width, setWidth] = useState(0)
  useEffect(() => {
    const el = target?.current ?? host
    if (typeof ResizeObserver !== 'function') return
    const observer = new ResizeObserver(() => setWidth(el.clientWidth))
    observer.observe(el)
    return () => observer.disconnect()
  }, [host, target])
  return width
}
