import { useEffect, useId, useRef } from 'react'
import { useCopy } from './useCopy'
import { CheckIcon } from '../icons/CheckIcon'

export const COPIED_NOTICE = 'Successfully copied'
export const COPY_FAILED_NOTICE = "Couldn't copy. Select the text and copy it manually."

export interface CopyFieldProps {
  label: string
  value: string
}

/**
 * Click-to-copy: the whole field is one button showing the label and the value.
 * When the clipboard is refused, the value appears selected in a read-only box
 * so Ctrl+C / the context menu still works.
 */
export function CopyField({ label, value }: CopyFieldProps) {
  const { status, copy } = useCopy()
  const manualRef = useRef<HTMLInputElement>(null)
  const noticeId = useId()

  useEffect(() => {
    if (status === 'failed') manualRef.current?.select()
  }, [status])

  const copied = status === 'copied'
  return (
    <div className="relative min-w-0">
      <button
        type="button"
        onClick={() => void copy(value)}
        aria-describedby={noticeId}
        className="group flex w-full items-start gap-3 rounded-flex border border-border bg-bg px-3 py-2 text-left hover:border-accent focus:outline-none focus-visible:ring-2 focus-visible:ring-focus"
      >
        <span className="min-w-0 flex-1">
          <span className="block text-xs font-medium text-muted">{label}</span>
          {/* Secrets break between any two characters, so long keys fill whole lines. */}
          <span className="block break-all font-mono text-sm text-fg">{value}</span>
        </span>
        {/* Fixed width: the value does not reflow when Copy turns into Copied. */}
        <span
          className={`flex w-16 shrink-0 items-center justify-end gap-1 self-center text-xs font-semibold ${copied ? 'text-success' : 'text-accent group-hover:text-accent-hover'}`}
        >
          {copied && <CheckIcon className="h-4 w-4" />}
          {copied ? 'Copied' : 'Copy'}
        </span>
      </button>
      {/* Over the field's top edge, out of the flow: showing it shifts nothing. */}
      <p
        id={noticeId}
        role="status"
        aria-live="polite"
        className={
          status === 'failed'
            ? 'mt-1 text-xs text-danger'
            : copied
              ? 'absolute -top-2.5 right-2 rounded-full bg-success-bg px-2 text-xs text-success'
              : 'sr-only'
        }
      >
        {copied ? COPIED_NOTICE : status === 'failed' ? COPY_FAILED_NOTICE : ''}
      </p>
      {status === 'failed' && (
        <input
          ref={manualRef}
          readOnly
          value={value}
          aria-label={`${label} (select and copy)`}
          onFocus={(e) => e.currentTarget.select()}
          className="mt-1 block w-full rounded-flex border border-border bg-bg px-3 py-2 font-mono text-sm text-fg focus:outline-none focus:ring-2 focus:ring-accent"
        />
      )}
    </div>
  )
}
