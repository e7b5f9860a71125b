import { useEffect, useState } from 'react'

/**
 * Whether the element is narrower than `minWidth`: layout follows the
 * widget's own width, not the viewport's (a narrow column on a wide page
 * stacks too). Before the first measurement, and where ResizeObserver is
 * missing, it reads as wide.
 */
export function useNarrow(minWidth: number) {
  const [el, setEl] = useState<HTMLElement | null>(null)
  const [narrow, setNarrow] = useState(false)
  useEffect(() => {
    if (!el || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => setNarrow(entry.contentRect.width < minWidth))
    observer.observe(el)
    return () => observer.disconnect()
  }, [el, minWidth])
  return [setEl, narrow] as const
}
