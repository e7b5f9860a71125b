import { CheckIcon } from '../icons/CheckIcon'
import { CopyIcon } from '../icons/CopyIcon'
import { useCopy } from './useCopy'
import { useT } from '../../i18n'
import { copy as copyTexts } from '../../i18n/en/copy'
import { reveal } from '../../i18n/en/reveal'
import { FOCUS_RING } from '../focus-ring'

/**
 * A small copy control beside an id in a table row; a check mark says it
 * worked. A screen reader hears the outcome; a refused clipboard turns the
 * control red and says, in its title, to copy the id by hand.
 */
export function CopyIdButton({ value, label }: { value: string; label?: string }) {
  const { status, copy } = useCopy()
  const t = useT(reveal)
  const c = useT(copyTexts)
  const Glyph = status === 'copied' ? CheckIcon : CopyIcon
  const failed = status === 'failed'
  return (
    <>
      <button
        type="button"
        onClick={() => void copy(value)}
        aria-label={label ?? t('reveal.copyProjectId')}
        title={failed ? c('copy.failed') : undefined}
        className={`shrink-0 rounded-flex p-1 hover:text-fg ${failed ? 'text-danger' : 'text-muted'} ${FOCUS_RING}`}
      >
        <Glyph className="h-4 w-4" />
      </button>
      <span role="status" className="sr-only">
        {status !== 'idle' && c(failed ? 'copy.failed' : 'copy.copied')}
      </span>
    </>
  )
}
