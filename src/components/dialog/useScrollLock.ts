import { useLayoutEffect } from 'react'

let locks = 0
let saved: [string, string] = ['', '']

/**
 * While a modal dialog is open the host page does not scroll under it. The
 * scrollbar's room is kept (scrollbar-gutter), so nothing behind moves
 * sideways; every open dialog holds the lock, the last to close lifts it.
 */
export function useScrollLock(active: boolean): void {
  useLayoutEffect(() => {
    if (!active) return
    const style = document.documentElement.style
    if (locks++ === 0) {
      saved = [style.overflow, style.scrollbarGutter]
      if (innerWidth > document.documentElement.clientWidth) style.scrollbarGutter = 'stable'
      style.overflow = 'hidden'
    }
    return () => {
      if (--locks === 0) [style.overflow, style.scrollbarGutter] = saved
    }
  }, [active])
}
