import { CheckIcon } from '../icons/CheckIcon'
import { CopyIcon } from '../icons/CopyIcon'
import { useCopy } from './useCopy'
import { useT } from '../../i18n'
import { reveal } from '../../i18n/en/reveal'
import { FOCUS_RING } from '../focus-ring'

/** A small copy control beside an id in a table row; a check mark says it worked. */
export function CopyIdButton({ value, label }: { value: string; label?: string }) {
  const { status, copy } = useCopy()
  const t = useT(reveal)
  const Glyph = status === 'copied' ? CheckIcon : CopyIcon
  return (
    <button
      type="button"
      onClick={() => void copy(value)}
      aria-label={label ?? t('reveal.copyProjectId')}
      className={`shrink-0 rounded-flex p-1 text-muted hover:text-fg ${FOCUS_RING}`}
    >
      <Glyph className="h-4 w-4" />
    </button>
  )
}
