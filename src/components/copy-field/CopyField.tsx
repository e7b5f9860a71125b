import { useEffect, useId, useRef } from 'react'
import { useCopy } from './useCopy'
import { CheckIcon } from '../icons/CheckIcon'
import { useT } from '../../i18n'
import { copy as texts } from '../../i18n/en/copy'
import { FOCUS_RING } from '../focus-ring'

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
  const t = useT(texts)

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
        className={`group flex w-full items-start gap-3 rounded-flex border border-border bg-bg px-3 py-2 text-start hover:border-accent ${FOCUS_RING}`}
      >
        <span className="min-w-0 flex-1">
          <span className="block text-xs font-medium text-muted">{label}</span>
          {/* Secrets break between any two characters, so long keys fill whole lines. */}
          <span dir="ltr" className="block break-all font-mono text-sm text-fg rtl:text-right">
            {value}
          </span>
        </span>
        {/* After the value, so the button reads "label value Copy"; hidden, not removed, while the notice shows in its place. */}
        <span
          className={`absolute right-2 top-2 rtl:left-2 rtl:right-auto text-xs font-semibold text-accent group-hover:text-accent-hover ${copied ? 'invisible' : ''}`}
        >
          {t('copy.copy')}
        </span>
      </button>
      {/* One notice, where "Copy" was (inside the field's top row): the only "copied" the reader sees. */}
      <p
        id={noticeId}
        role="status"
        aria-live="polite"
        className={
          status === 'failed'
            ? 'mt-1 text-xs text-danger'
            : copied
              ? 'pointer-events-none absolute right-2 top-2 rtl:left-2 rtl:right-auto flex items-center gap-1 text-xs font-semibold text-success'
              : 'sr-only'
        }
      >
        {copied && <CheckIcon className="h-4 w-4" />}
        {copied ? t('copy.copied') : status === 'failed' ? t('copy.failed') : ''}
      </p>
      {status === 'failed' && (
        <input
          ref={manualRef}
          readOnly
          dir="ltr"
          value={value}
          aria-label={t('copy.manual', { label })}
          onFocus={(e) => e.currentTarget.select()}
          className="mt-1 block w-full rounded-flex border border-input-border bg-bg px-3 py-2 font-mono text-sm text-fg focus:outline-none focus:ring-2 focus:ring-accent"
        />
      )}
    </div>
  )
}
