import type { ReactNode } from 'react'
import { CloseIcon } from '../icons/CloseIcon'

export interface ToastProps {
  /** The notice; nothing is shown while null. */
  message: ReactNode
  onClose: () => void
}

/**
 * A notice in the corner with a close button. The live region is always in
 * the DOM so that a screen reader announces the message when it appears.
 */
export function Toast({ message, onClose }: ToastProps) {
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-end p-4 sm:p-6">
      {message ? (
        <div className="pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-flex border border-success bg-success-bg p-4 text-sm text-fg shadow-lg">
          <p className="min-w-0 flex-1 break-words font-medium">{message}</p>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="shrink-0 rounded-flex text-muted hover:text-fg focus:outline-none focus-visible:ring-2 focus-visible:ring-focus"
          >
            <CloseIcon className="h-5 w-5" />
          </button>
        </div>
      ) : null}
    </div>
  )
}
