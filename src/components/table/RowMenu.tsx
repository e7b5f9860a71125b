import { useMenu } from '../menu/useMenu'
import { FOCUS_RING } from '../focus-ring'

export type RowMenuItem = { id: string; text: string; danger?: boolean; onSelect: () => void }

const itemClass = 'block w-full whitespace-nowrap px-4 py-2 text-start text-sm hover:bg-raised focus:bg-raised focus:outline-none'

/**
 * A table row's actions behind one "⋯" button, as wide tables of the kind
 * (Stripe's) keep them: one narrow column instead of a word per action, so the
 * columns that say something stay. The ARIA menu pattern is useMenu's. Placed by CSS under the button, at its end edge (right, or left in right to left): the
 * tables never clip their rows, so no positioning engine ships.
 */
export function RowMenu({ label, items }: { label: string; items: RowMenuItem[] }) {
  const { open, close, trigger, menu, item } = useMenu()
  return (
    <div className="relative inline-block">
      <button
        type="button"
        aria-label={label}
        {...trigger}
        className={`rounded-flex px-2 py-1 text-lg leading-none text-muted hover:bg-raised hover:text-fg ${FOCUS_RING}`}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <div
          {...menu}
          className="absolute right-0 top-full rtl:left-0 rtl:right-auto z-10 mt-1 w-max min-w-[10rem] rounded-flex border border-border bg-surface py-1 shadow-lg"
        >
          {items.map((entry, i) => (
            <button
              key={entry.id}
              type="button"
              {...item(i)}
              onClick={() => {
                close()
                entry.onSelect()
              }}
              className={`${itemClass} ${entry.danger ? 'text-danger' : 'text-fg'}`}
            >
              {entry.text}
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
