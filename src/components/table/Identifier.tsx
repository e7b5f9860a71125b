import { CopyIdButton } from '../copy-field/CopyIdButton'

/**
 * An identifier (a Project ID, a key's prefix): in mono, left to right in any
 * language, and never broken inside: it shows whole or, in a narrow card, cut
 * at its end with the whole in its title; the copy button carries it whole.
 */
export function Identifier({ value, copyLabel, copy = true }: { value: string; copyLabel?: string; copy?: boolean }) {
  return (
    <span className="flex min-w-0 items-center gap-1">
      <span dir="ltr" title={value} className="min-w-0 truncate whitespace-nowrap font-mono text-xs text-fg">
        {value}
      </span>
      {copy && <CopyIdButton value={value} label={copyLabel} />}
    </span>
  )
}
