import { useEffect, useRef, useState, type ReactNode } from 'react'
import { TOAST_MS } from '../../constants'
import { CloseIcon } from '../icons/CloseIcon'
import { useT } from '../../i18n'
import { common } from '../../i18n/en/common'
import { FOCUS_RING } from '../focus-ring'

export interface ToastProps {
  /** The notice; nothing is shown while null. */
  message: ReactNode
  onClose: () => void
}

/**
 * A success notice with a close button that also goes away by itself after
 * TOAST_MS. It sits in the flow where it is rendered (under the actions that
 * caused it), never over them, whatever the screen size. The live region is
 * always in the DOM so that a screen reader announces the message when it appears.
 */
export function Toast({ message, onClose }: ToastProps) {
  return (
    <div role="status" aria-live="polite">
      {message ? <Notice message={message} onClose={onClose} /> : null}
    </div>
  )
}

/** The notice while it is shown: its own component, so a pointer that was over it when it went is not kept for the next one. */
function Notice({ message, onClose }: ToastProps) {
  const t = useT(common)
  const close = useRef(onClose)
  close.current = onClose
  // Hovered or focused, it waits (WCAG 2.2.1): a reader still reading it, or about to close it, keeps it; its whole time runs again after.
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  useEffect(() => {
    if (hovered || focused) return
    const timer = setTimeout(() => close.current(), TOAST_MS)
    return () => clearTimeout(timer)
  }, [message, hovered, focused])
  return (
    <div
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      className="mt-4 flex items-center gap-3 rounded-flex border border-success bg-success-bg px-4 py-3 text-sm text-fg"
    >
      <p className="min-w-0 flex-1 break-words font-medium">{message}</p>
      <button type="button" onClick={onClose} aria-label={t('common.close')} className={`shrink-0 rounded-flex text-muted hover:text-fg ${FOCUS_RING}`}>
        <CloseIcon className="h-5 w-5" />
      </button>
    </div>
  )
}
