import { FloatingFocusManager, FloatingOverlay, useDismiss, useFloatingRootContext } from '@floating-ui/react'
import { useContext, useEffect, useId, useRef, useState, type HTMLProps, type MutableRefObject, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useElement } from '../../context/element'
import { LocaleContext } from '../../i18n'

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

const layouts = {
  center: {
    // Fixed to the visible screen (dvh: the phone's toolbars excluded); a tall
    // dialog scrolls inside itself, its actions kept in reach (DialogActions).
    overlay: 'z-50 grid place-items-center bg-black/70 p-4',
    panel: 'w-full max-w-lg max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-flex border border-border bg-surface px-6 pt-6 text-fg shadow-xl',
  },
  start: {
    overlay: 'z-50 flex bg-black/70',
    panel: 'flex h-full w-72 max-w-[85%] flex-col overflow-y-auto border-r border-border rtl:border-l rtl:border-r-0 bg-surface text-fg shadow-xl',
  },
}

/**
 * The one modal dialog. Portalled into the element's own shadow root (so the
 * widget's stylesheet applies and nothing lands in the host's body), focus
 * moves in and is trapped, and returns to the opener on close.
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
  // A dialog is centred by CSS: the interactions need a floating context, not positioning.
  const [panel, setPanel] = useState<HTMLElement | null>(null)
  const context = useFloatingRootContext({
    open,
    onOpenChange: (next) => {
      if (!next) onClose()
    },
    elements: { reference: null, floating: panel },
  })
  // Outside presses are handled on the overlay: the focus manager makes the
  // rest of the page inert, so useDismiss would not see them.
  // Only Escape is left to floating-ui: the role is plain markup, and with one
  // interaction there is nothing to merge (no useRole/useInteractions: -0.8 kB).
  const dismiss = useDismiss(context, { enabled: dismissible, outsidePress: false })
  // State, not a ref: the portal mounts its children a render after opening.
  const [wrapper, setWrapper] = useState<HTMLDivElement | null>(null)

  // The focus manager makes the host page outside our shadow root inert, but
  // not the screen behind the dialog inside it (its walk follows `children`
  // down from document.body, which never enters a shadow root): do that here,
  // so neither the keyboard nor a screen reader's cursor can wander behind it.
  useEffect(() => {
    if (!wrapper) return
    const behind = Array.from(root.children).filter((el) => !el.contains(wrapper) && !el.hasAttribute('inert') && el.localName !== 'style')
    for (const el of behind) el.setAttribute('inert', '')
    return () => {
      for (const el of behind) el.removeAttribute('inert')
    }
  }, [wrapper, root])

  if (!open) return null
  const layout = layouts[placement]
  // React's own portal into the shadow root: floating-ui's FloatingPortal adds
  // nothing a modal dialog needs here (its focus guards serve non-modal portals).
  return createPortal(
    <>
      {/* Portalled content sits outside the screen's wrapper: give it its own, in the same language and direction. */}
      {/* min-h-0: the height a host gives the element is the screen's, not this wrapper's. */}
      <div ref={setWrapper} className="flex-root min-h-0" lang={locale.bundled ?? 'en'} dir={locale.dir}>
        {/* lockScroll: floating-ui keeps the page's scroll position and pads for the scrollbar it hides. */}
        <FloatingOverlay
          lockScroll
          className={layout.overlay}
          // Only a press that starts and ends on the backdrop closes: a text
          // selection dragged out of the dialog must not.
          onPointerDown={(e) => (pressStartedOnBackdrop.current = e.target === e.currentTarget)}
          onClick={(e) => {
            if (dismissible && pressStartedOnBackdrop.current && e.target === e.currentTarget) onClose()
            pressStartedOnBackdrop.current = false
          }}
        >
          <FloatingFocusManager context={context} initialFocus={initialFocus} returnFocus={returnFocus ?? true}>
            <div
              ref={setPanel}
              role="dialog"
              aria-labelledby={titleId}
              aria-modal="true"
              className={layout.panel}
              {...(dismiss.floating as HTMLProps<HTMLDivElement>)}
            >
              <h2 id={titleId} className={hideTitle ? 'sr-only' : 'text-lg font-semibold text-fg'}>
                {title}
              </h2>
              {children}
            </div>
          </FloatingFocusManager>
        </FloatingOverlay>
      </div>
    </>,
    root,
  )
}
