import { useEffect, useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react'

export interface DismissOptions {
  /** The open menu or dialog, and the control that opened it: a press on either is not outside. */
  floating: HTMLElement | null
  reference?: HTMLElement | null
  /** false: a press outside leaves it open (a modal dialog: its backdrop decides). */
  outsidePress?: boolean
  /** false: nothing closes it here (a dialog that shows a secret once). */
  enabled?: boolean
}

/** Escape, but not the one that ends an input method's composition (Safari reports that one as key 229). */
const isEscape = (e: KeyboardEvent) => e.key === 'Escape' && !e.isComposing && e.keyCode !== 229

/** A press on an element's scrollbar (its box minus its content), which scrolls rather than leaves. */
const onScrollbar = (e: PointerEvent, target: EventTarget | undefined) =>
  target instanceof HTMLElement &&
  (target.scrollHeight > target.clientHeight || target.scrollWidth > target.clientWidth) &&
  (e.offsetX > target.clientWidth || e.offsetY > target.clientHeight)

/**
 * Closes an open menu or dialog on Escape and, unless told not to, on a press
 * outside it and the control that opened it, as floating-ui's useDismiss did
 * for the three of them (the menus and the dialog) at 2.5 kB gzip -9 more. The
 * presses are read on the page's document, through the shadow root (an event's
 * composed path), in the capture phase, so a handler that stops a press does
 * not keep a menu open. Returns the keydown handler for the open element and
 * its control: Escape there closes it and goes no further, so a dialog around
 * a menu stays open.
 */
export function useDismiss(open: boolean, close: () => void, { floating, reference, outsidePress = true, enabled = true }: DismissOptions) {
  // The latest close, read when a key or press comes, so the listeners stay as long as the element is open.
  const latest = useRef(close)
  useEffect(() => {
    latest.current = close
  })
  const live = open && enabled

  useEffect(() => {
    if (!live) return
    const onKey = (e: KeyboardEvent) => {
      if (isEscape(e)) latest.current()
    }
    const onPress = (e: PointerEvent) => {
      const path = e.composedPath()
      if (!path.some((node) => node === floating || node === reference) && !onScrollbar(e, path[0])) latest.current()
    }
    document.addEventListener('keydown', onKey)
    if (outsidePress) document.addEventListener('pointerdown', onPress, true)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPress, true)
    }
  }, [live, floating, reference, outsidePress])

  return (e: ReactKeyboardEvent) => {
    if (!live || !isEscape(e.nativeEvent)) return
    e.stopPropagation()
    close()
  }
}
