import { CheckIcon } from '../../components/icons/CheckIcon'
import { CopyIcon } from '../../components/icons/CopyIcon'
import { useCopy } from '../../hooks/useCopy'

/** A small copy control beside a project's id in the table; a check mark says it worked. */
export function CopyIdButton({ value }: { value: string }) {
  const { status, copy } = useCopy()
  const Glyph = status === 'copied' ? CheckIcon : CopyIcon
  return (
    <button type="button" onClick={() => void copy(value)} aria-label="Copy project ID" className="shrink-0 rounded-flex p-1 text-muted hover:text-fg focus:outline-none focus-visible:ring-2 focus-visible:ring-focus">
      <Glyph className="h-4 w-4" />
    </button>
  )
}
