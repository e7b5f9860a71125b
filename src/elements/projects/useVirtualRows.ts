import { useEffect, useRef, useState } from 'react'

// Before the first layout (and in test DOMs without layout) assume a screenful.
const FALLBACK_VIEWPORT_PX = 720

/**
 * Windowing for a scrolling list of fixed-height rows: which rows to render
 * and how much space to leave above and below them. State changes only when
 * the first visible row or the viewport's row count changes, so scrolling
 * within a row costs no render.
 */
export function useVirtualRows<E extends HTMLElement>(count: number, rowHeight: number, overscan = 10) {
  const ref = useRef<E>(null)
  const [view, setView] = useState({ firstVisible: 0, visibleCount: Math.ceil(FALLBACK_VIEWPORT_PX / rowHeight) })

  useEffect(() => {
    const el = ref.current
    if (!el) return
    let frame = 0
    const measure = () => {
      frame = 0
      const firstVisible = Math.floor(el.scrollTop / rowHeight)
      const visibleCount = Math.ceil((el.clientHeight || FALLBACK_VIEWPORT_PX) / rowHeight)
      setView((v) => (v.firstVisible === firstVisible && v.visibleCount === visibleCount ? v : { firstVisible, visibleCount }))
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure)
    }
    measure()
    el.addEventListener('scroll', schedule, { passive: true })
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : null
    resize?.observe(el)
    return () => {
      el.removeEventListener('scroll', schedule)
      resize?.disconnect()
      if (frame) cancelAnimationFrame(frame)
    }
  }, [rowHeight])

  const first = Math.min(count, Math.max(0, view.firstVisible - overscan))
  const last = Math.min(count, view.firstVisible + view.visibleCount + overscan)
  return { ref, first, last, padTop: first * rowHeight, padBottom: (count - last) * rowHeight }
}
