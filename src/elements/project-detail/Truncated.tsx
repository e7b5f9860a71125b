import { useId, useLayoutEffect, useRef, useState } from 'react'
import { FOCUS_RING } from '../../components/focus-ring'

/**
 * One line of text cut with an ellipsis when it does not fit; then it can take
 * focus, and on hover or focus its whole text shows in a tooltip beside it.
 * `width` (the table's) makes it measure again when the room changes, and an
 * observer when the text's own box does: a reader's text spacing, applied after
 * the table drew, cut "Production" to "Prod…" with no way to read it.
 */
export function Truncated({ text, width, className = '' }: { text: string; width: number; className?: string }) {
  const ref = useRef<HTMLSpanElement>(null)
  const [cut, setCut] = useState(false)
  const [shown, setShown] = useState(false)
  const tipId = useId()
  useLayoutEffect(() => {
    const el = ref.current!
    // It reports on observing, before paint, and again whenever the text's box changes size.
    const observer = new ResizeObserver(() => setCut(el.scrollWidth > el.clientWidth))
    observer.observe(el)
    return () => observer.disconnect()
  }, [text, width])
  const show = () => setShown(cut)
  const hide = () => setShown(false)
  return (
    <span className="relative block min-w-0">
      <span
        ref={ref}
        // Measured by the table: the name's whole width is the room it asks for.
        data-name=""
        dir="auto"
        title={text}
        tabIndex={cut ? 0 : undefined}
        aria-describedby={shown ? tipId : undefined}
        onMouseEnter={show}
        onMouseLeave={hide}
        onFocus={show}
        onBlur={hide}
        className={`block truncate rounded-flex ${FOCUS_RING} ${className}`}
      >
        {text}
      </span>
      {shown && (
        <span
          id={tipId}
          role="tooltip"
          dir="auto"
          className="absolute left-0 top-full rtl:left-auto rtl:right-0 z-10 mt-1 block w-max max-w-[min(384px,80vw)] break-words rounded-flex border border-border bg-raised px-2 py-1 text-xs text-fg shadow-lg"
        >
          {text}
        </span>
      )}
    </span>
  )
}
