import { useEffect } from 'react'

let locks = 0
let restore = ''

/**
 * Stops the host page scrolling behind a modal without moving it: overflow on
 * <html> keeps the scroll position, and `scrollbar-gutter: stable` keeps the
 * scrollbar's room so nothing shifts sideways. Only <html>'s own inline style
 * is touched, and put back as it was (floating-ui's lock rewrites the host's
 * body padding, which shifts pages that pad their body).
 */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return
    const html = document.documentElement
    if (locks++ === 0) {
      restore = html.style.cssText
      const gutter = window.innerWidth > html.clientWidth
      html.style.overflow = 'hidden'
      if (gutter) html.style.scrollbarGutter = 'stable'
    }
    return () => {
      if (--locks === 0) html.style.cssText = restore
    }
  }, [active])
}
