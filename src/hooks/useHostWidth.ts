import { useEffect, useState } from 'react'
import { useElement } from '../elements/context'

/**
 * The element's own width, kept current by a ResizeObserver: layout decisions
 * that CSS container queries cannot make alone (the table's row height for
 * windowing, closing the sidebar sheet) follow the element, never the viewport.
 * 0 until laid out (and in test DOMs without layout).
 */
export function useHostWidth(): number {
  const { host } = useElement()
  const [width, setWidth] = useState(() => host.clientWidth)
  useEffect(() => {
    if (typeof ResizeObserver !== 'function') return
    const observer = new ResizeObserver(() => setWidth(host.clientWidth))
    observer.observe(host)
    return () => observer.disconnect()
  }, [host])
  return width
}
