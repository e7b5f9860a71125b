import { CheckIcon } from '../icons/CheckIcon'
import { CopyIcon } from '../icons/CopyIcon'
import { useCopy } from './useCopy'

/** A small copy control beside an id in a table row; a check mark says it worked. */
export function CopyIdButton({ value, label = 'Copy project ID' }: { value: string; label?: string }) {
  const { status, copy } = useCopy()
  const Glyph = status === 'copied' ? CheckIcon : CopyIcon
  return (
    <button
      type="button"
      onClick={() => void copy(value)}
      aria-label={label}
      className="shrink-0 rounded-flex p-1 text-muted hover:text-fg focus:outline-none focus-visible:ring-2 focus-visible:ring-focus"
    >
      <Glyph className="h-4 w-4" />
    </button>
  )
}
