import { useEffect, useRef, type RefObject } from 'react'
import { useElement } from '../context/element'
import { focusFirstHeading } from './focus-heading'

/**
 * After a screen change, puts focus on the new screen's heading so keyboard and
 * screen-reader users land on it (the link they used is gone). Never steals
 * focus the host page holds: only when focus was in this element or was lost.
 * A screen whose chunk is still on its way has no heading yet: focus goes to
 * it when it arrives, unless the reader has moved on by then.
 */
export function useRouteFocus(screen: string | null, container: RefObject<HTMLElement | null>): void {
  const { host } = useElement()
  const previous = useRef(screen)
  useEffect(() => {
    if (screen === previous.current || !screen) return
    previous.current = screen
    const focusHeading = (): boolean => {
      const active = document.activeElement
      const focusIsOurs = !active || active === document.body || active === host
      if (!focusIsOurs) return true
      // Focus alone would scroll just the heading into view, under a host's sticky header and with the
      // screen's own top bar (back link, actions) above it: bring the element's top in view instead,
      // below the `scroll-margin-top` the host gives the element (its sticky header's height).
      if (!focusFirstHeading(container.current, { preventScroll: true })) return false
      const top = host.getBoundingClientRect().top
      if (top < (parseFloat(getComputedStyle(host).scrollMarginTop) || 0) || top > innerHeight) host.scrollIntoView?.({ block: 'start' })
      return true
    }
    if (focusHeading() || !container.current) return
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect()
    })
    observer.observe(container.current, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [screen, host, container])
}
