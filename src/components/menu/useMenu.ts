import { useId, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react'
import { useElement } from '../../context/element'
import { useDismissProps } from './useDismissProps'

const moves = (key: string, current: number, last: number) => ({ ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: last })[key]

/**
 * The ARIA menu button pattern, written once for every menu: the trigger
 * toggles on a press and opens on ArrowDown/ArrowUp; focus goes to the first
 * item on opening, to the last when ArrowUp opened it; arrow keys, Home and End move focus through the items,
 * wrapping; Escape and a press outside close (floating-ui), as does Tab out of
 * the menu; focus goes back to the trigger on closing. Placement and looks
 * stay with each menu. Items are every element given item(i), disabled ones
 * included: the pattern keeps them focusable.
 */
export function useMenu() {
  const { root } = useElement()
  const [open, setOpen] = useState(false)
  const [reference, setReference] = useState<HTMLElement | null>(null)
  const [floating, setFloating] = useState<HTMLElement | null>(null)
  const dismiss = useDismissProps(open, setOpen, reference, floating)
  const items = useRef<Array<HTMLElement | null>>([])
  const live = () => items.current.filter((el): el is HTMLElement => el !== null)
  // The item opening focuses: 0 the first, -1 the last (ArrowUp on the trigger); once, then the first again.
  const from = useRef(0)
  const id = useId()

  // Focus to the first item (the last after ArrowUp) on opening; back to the trigger on closing,
  // unless the reader has moved it elsewhere (a press on another control).
  useLayoutEffect(() => {
    if (!floating) return
    live().at(from.current)?.focus()
    from.current = 0
    return () => {
      const now = root.activeElement
      if (!now || !now.isConnected || floating.contains(now)) reference?.focus()
    }
  }, [floating, reference, root])

  const trigger = {
    ref: setReference,
    id: `${id}t`,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    'aria-controls': open ? id : undefined,
    ...dismiss.reference,
    onClick: () => setOpen(!open),
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      dismiss.reference.onKeyDown?.(e)
      if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return
      e.preventDefault()
      if (e.key === 'ArrowUp') from.current = -1
      setOpen(true)
    },
  }
  const menu = {
    ref: setFloating,
    id,
    role: 'menu',
    'aria-labelledby': trigger.id,
    ...dismiss.floating,
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      dismiss.floating.onKeyDown?.(e)
      const els = live()
      const next = moves(e.key, els.indexOf(e.target as HTMLElement), els.length - 1)
      if (next === undefined) return
      e.preventDefault()
      els[(next + els.length) % els.length].focus()
    },
    // Tab out of the menu closes it, as the ARIA menu pattern has it; back to the trigger is not "out".
    onBlur: (e: FocusEvent<HTMLElement>) => {
      const next = e.relatedTarget as Node | null
      if (next && !e.currentTarget.contains(next) && next !== reference) setOpen(false)
    },
  }
  const item = (index: number) => ({
    ref: (node: HTMLElement | null) => {
      items.current[index] = node
    },
    role: 'menuitem',
    tabIndex: -1,
  })
  // An item's action closes the menu: focus goes back to the trigger before the item goes, so that a
  // dialog the action opens takes the trigger as the control to give focus back to, not the gone item.
  const close = () => {
    reference?.focus()
    setOpen(false)
  }
  return { open, close, trigger, menu, item }
}
