import { useCopy } from './useCopy'
import { useT } from '../../i18n'
import { copy as texts } from '../../i18n/en/copy'
import { FOCUS_RING } from '../focus-ring'

/** A small copy button with its notice; `text` is read at the click, so it copies what is shown then. */
export function CopyButton({ label, text, copied }: { label: string; text: () => string; copied?: string }) {
  const { status, copy } = useCopy()
  const t = useT(texts)
  return (
    <>
      <button
        type="button"
        onClick={() => void copy(text())}
        className={`rounded-flex border border-border bg-raised px-3 py-1 text-xs font-semibold text-fg hover:border-accent ${FOCUS_RING}`}
      >
        {label}
      </button>
      <span role="status" className={`text-xs ${status === 'failed' ? 'text-danger' : 'text-success'}`}>
        {status === 'copied' ? (copied ?? t('copy.copied')) : status === 'failed' ? t('copy.failed') : ''}
      </span>
    </>
  )
}
