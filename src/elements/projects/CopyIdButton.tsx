import { CheckIcon } from '../../components/icons/CheckIcon'
import { CopyIcon } from '../../components/icons/CopyIcon'
import { useCopy } from '../../hooks/useCopy'

/** A small copy control beside a project's id in the table; its name says when it worked. */
export function CopyIdButton({ value }: { value: string }) {
  const { status, copy } = useCopy()
  const copied = status === 'copied'
  return (
    <button
      type="button"
      onClick={() => void copy(value)}
      aria-label={copied ? 'Project ID copied' : 'Copy project ID'}
      title={copied ? 'Copied' : 'Copy'}
      className={`shrink-0 rounded-flex p-1 hover:bg-raised hover:text-fg focus:outline-none focus-visible:ring-2 focus-visible:ring-focus ${copied ? 'text-success' : 'text-muted'}`}
    >
      {copied ? <CheckIcon className="h-4 w-4" /> : <CopyIcon className="h-4 w-4" />}
    </button>
  )
}
