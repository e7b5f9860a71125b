import { useContext, useId, useLayoutEffect, useRef, useState, type MouseEvent, type MutableRefObject, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useElement } from '../../context/element'
import { LocaleContext } from '../../i18n'
import { useDismissProps } from '../menu/useDismissProps'
import { useScrollLock } from './useScrollLock'

export interface DialogProps {
  open: boolean
  onClose: () => void
  /** Shown as the heading and used as the dialog's accessible name. */
  title: string
  /** Keeps the title for screen readers only. */
  hideTitle?: boolean
  /**
   * false: Escape and a click on the backdrop do nothing; only the dialog's
   * own button closes it (dialogs that show a secret once).
   */
  dismissible?: boolean
  /** Where focus goes on close, when the opener is gone or another element should get it. */
  returnFocus?: MutableRefObject<HTMLElement | null>
  initialFocus?: MutableRefObject<HTMLElement | null>
  /** center: a modal card; start: a sheet from the start edge, the left or in right to left the right (the small-screen sidebar). */
  placement?: 'center' | 'start'
  children: ReactNode
}

// The backdrop is the dialog's own ::backdrop; `*` in the preflight zeroes
// the browser's margin, so each layout places the dialog itself.
const sharedClass = 'overflow-y-auto border-border bg-surface text-fg shadow-xl [&::backdrop]:bg-[rgba(0,0,0,0.7)]'
const layoutClass = {
  // Centred in the visible screen (dvh: the phone's toolbars excluded); a tall
  // dialog scrolls inside itself, its actions kept in reach (DialogActions).
  center: `m-auto w-[calc(100%-2rem)] max-w-lg max-h-[calc(100dvh-2rem)] rounded-flex border px-6 pt-6 ${sharedClass}`,
  // A modal <dialog> sits in the top layer, whose containing block is the page's: with both insets 0 the
  // browser keeps the edge of the PAGE's direction, so a right-to-left element on a left-to-right page
  // would open its sheet on the left, away from its menu button. The auto margin on the end side pins it
  // to the element's own start edge instead.
  start: `my-0 ml-0 mr-auto rtl:ml-auto rtl:mr-0 h-full max-h-full w-72 max-w-[85%] flex flex-col border-r rtl:border-l rtl:border-r-0 ${sharedClass}`,
}

const focusableCss = 'input:not([disabled]),select:not([disabled]),textarea:not([disabled]),button:not([disabled]),a[href],[tabindex]:not([tabindex="-1"])'

/** What Tab can reach in the dialog, in order; hidden controls left out. */
const focusables = (panel: HTMLElement) => Array.from(panel.querySelectorAll<HTMLElement>(focusableCss)).filter((el) => el.getClientRects().length > 0)

/** A press outside the dialog's box: on its ::backdrop (its own scrollbar and padding are inside the box). */
const onBackdrop = (e: MouseEvent<HTMLElement>) => {
  const box = e.currentTarget.getBoundingClientRect()
  return e.target === e.currentTarget && (e.clientX < box.left || e.clientX > box.right || e.clientY < box.top || e.clientY > box.bottom)
}

/**
 * The one modal dialog: the browser's own <dialog>, shown modal. The browser
 * makes everything else inert, the host page and the rest of our shadow root
 * alike, and draws it in the top layer, above whatever
 * stacking or overflow the host gives our element. Portalled into the
 * element's shadow root, so the widget's stylesheet applies. We move focus in,
 * keep Tab going round inside and return focus to the opener ourselves, the
 * same in every browser.
 */
export function Dialog({
  open,
  onClose,
  title,
  hideTitle = false,
  dismissible = true,
  returnFocus,
  initialFocus,
  placement = 'center',
  children,
}: DialogProps) {
  const { root } = useElement()
  const locale = useContext(LocaleContext)
  const titleId = useId()
  const pressStartedOnBackdrop = useRef(false)
  const [panel, setPanel] = useState<HTMLDialogElement | null>(null)
  // floating-ui closes on Escape; presses outside are the backdrop's, below.
  const floatingProps = useDismissProps(open, (next) => next || onClose(), null, panel, { enabled: dismissible, outsidePress: false }).floating
  useScrollLock(open)

  useLayoutEffect(() => {
    if (!panel) return
    // The opener, read before focus moves: inside our shadow root, or the host page's.
    const opener = (root.activeElement ?? document.activeElement) as HTMLElement | null
    if (!panel.open) panel.showModal()
    ;(initialFocus?.current ?? focusables(panel)[0] ?? panel).focus()
    return () => {
      panel.close()
      // Read at closing, on purpose: the element a caller wants focus on may be set while the dialog is open.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      const back = returnFocus?.current ?? opener
      if (back?.isConnected) back.focus()
    }
  }, [panel, root, initialFocus, returnFocus])

  if (!open) return null
  // React's own portal into the shadow root: the element's stylesheet applies there.
  return createPortal(
    // Portalled content sits outside the screen's wrapper: give it its own, in the same language and direction.
    // min-h-0: the height a host gives the element is the screen's, not this wrapper's.
    <div className="flex-root min-h-0" lang={locale.bundled ?? 'en'} dir={locale.dir}>
      <dialog
        ref={setPanel}
        aria-labelledby={titleId}
        aria-modal="true"
        className={layoutClass[placement]}
        {...floatingProps}
        onKeyDown={(e) => {
          // The browser would close the dialog itself on Escape; closing is ours (onClose, or not at all).
          if (e.key === 'Escape') e.preventDefault()
          // The browser lets Tab leave the last control for its own toolbar; we wrap round instead.
          if (e.key === 'Tab') {
            const all = focusables(e.currentTarget)
            const edge = e.shiftKey ? all[0] : all[all.length - 1]
            if (!edge || root.activeElement === edge) {
              e.preventDefault()
              ;(e.shiftKey ? all[all.length - 1] : all[0])?.focus()
            }
          }
          floatingProps.onKeyDown?.(e)
        }}
        onCancel={(e) => e.preventDefault()}
        // Only a press that starts and ends on the backdrop closes: a text
        // selection dragged out of the dialog must not.
        onPointerDown={(e) => (pressStartedOnBackdrop.current = onBackdrop(e))}
        onClick={(e) => {
          if (dismissible && pressStartedOnBackdrop.current && onBackdrop(e)) onClose()
          pressStartedOnBackdrop.current = false
        }}
      >
        <h2 id={titleId} className={hideTitle ? 'sr-only' : 'text-lg font-semibold text-fg'}>
          {title}
        </h2>
        {children}
      </dialog>
    </div>,
    root,
  )
}
