import { useDismiss, useFloatingRootContext } from '@floating-ui/react'
import { useId, useLayoutEffect, useRef, useState, type ButtonHTMLAttributes, type FocusEvent, type HTMLProps, type KeyboardEvent } from 'react'
import { useElement } from '../../context/element'

export type RowMenuItem = { id: string; text: string; danger?: boolean; onSelect: () => void }

const itemClass = 'block w-full whitespace-nowrap px-4 py-2 text-start text-sm hover:bg-raised focus:bg-raised focus:outline-none'

/**
 * A table row's actions behind one "⋯" button, as wide tables of the kind
 * (Stripe's) keep them: one narrow column instead of a word per action, so the
 * columns that say something stay. The ARIA menu pattern: arrow keys, Home and
 * End move focus, Escape and a press outside close (floating-ui), and focus goes
 * back to the button. Placed by CSS under the button, at its end edge (right, or left in right to left): the
 * tables never clip their rows, so no positioning engine ships.
 */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  const { root } = useElement()
  const [open, setOpen] = useState(false)
  const [reference, setReference] = useState<HTMLElement | null>(null)
  const [floating, setFloating] = useState<HTMLElement | null>(null)
  const context = useFloatingRootContext({ open, onOpenChange: setOpen, elements: { reference, floating } })
  const dismiss = useDismiss(context)
  const dismissFloating = (dismiss.floating ?? {}) as HTMLProps<HTMLDivElement>
  const dismissReference = (dismiss.reference ?? {}) as ButtonHTMLAttributes<HTMLButtonElement>
  const list = useRef<Array<HTMLButtonElement | null>>([])
  const menuId = useId()

  // Focus to the first item on opening; back to the button on closing, unless the reader pressed elsewhere.
  useLayoutEffect(() => {
    if (!floating) return
    list.current[0]?.focus()
    return () => {
      const now = root.activeElement
      if (!now || !now.isConnected || floating.contains(now)) reference?.focus()
    }
  }, [floating, reference, root])

  const onMenuKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    dismissFloating.onKeyDown?.(e)
    const els = list.current.filter((el): el is HTMLButtonElement => el !== null)
    const current = els.indexOf(e.target as HTMLButtonElement)
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: els.length - 1 }
    if (!(e.key in moves)) return
    e.preventDefault()
    els[(moves[e.key] + els.length) % els.length].focus()
  }
  // Tab out of the menu closes it, as the ARIA menu pattern has it.
  const onMenuBlur = (e: FocusEvent<HTMLDivElement>) => {
    const next = e.relatedTarget as Node | null
    if (next && !e.currentTarget.contains(next) && next !== reference) setOpen(false)
  }

  return (
    <div className="relative inline-block">
      <button
        ref={setReference}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        {...dismissReference}
        onClick={() => setOpen(!open)}
        onKeyDown={(e) => {
          if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return
          e.preventDefault()
          setOpen(true)
        }}
        className="rounded-flex px-2 py-1 text-lg leading-none text-muted hover:bg-raised hover:text-fg focus:outline-none focus-visible:ring-2 focus-visible:ring-focus"
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <div
          ref={setFloating}
          id={menuId}
          role="menu"
          aria-label={label}
          {...dismissFloating}
          onKeyDown={onMenuKeyDown}
          onBlur={onMenuBlur}
          className="absolute right-0 top-full rtl:left-0 rtl:right-auto z-10 mt-1 w-40 rounded-flex border border-border bg-surface py-1 shadow-lg"
        >
          {items.map((item, i) => (
            <button
              key={item.id}
              ref={(node) => {
                list.current[i] = node
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                setOpen(false)
                item.onSelect()
              }}
              className={`${itemClass} ${item.danger ? 'text-danger' : 'text-fg'}`}
            >
              {item.text}
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
