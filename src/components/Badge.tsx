import type { ReactNode } from 'react'

export type BadgeTone = 'success' | 'warning' | 'danger' | 'neutral'

// Whole class names, so the build-time styles find them.
const PILL: Record<BadgeTone, string> = {
  success: 'bg-success-bg text-success',
  warning: 'bg-warning-bg text-warning',
  danger: 'bg-danger-bg text-danger',
  neutral: 'bg-raised text-fg',
}
const DOT: Record<BadgeTone, string> = { success: 'bg-success', warning: 'bg-warning', danger: 'bg-danger', neutral: 'bg-muted' }

/**
 * The one way a status is drawn (a key's, a project's, an endpoint's, a
 * delivery's, a member's role): a pill with a dot and words, the colour only
 * repeating the words. `title`: the value as the server sent it, on hover.
 */
export function Badge({ tone, children, title }: { tone: BadgeTone; children: ReactNode; title?: string }) {
  return (
    <span
      dir="auto"
      title={title}
      data-tone={tone}
      // min-w-0 and wrapping words: in a phone's card a long status ("Replaced — stops in 2 hours", in French longer)
      // wraps inside its pill rather than push the card wider; it is never cut, since its words are the status.
      className={`inline-flex min-w-0 max-w-full items-center gap-2 rounded-full px-2 py-0.5 align-middle text-xs font-medium ${PILL[tone]}`}
    >
      <span aria-hidden="true" className={`h-2 w-2 shrink-0 rounded-full ${DOT[tone]}`} />
      <span className="min-w-0 [overflow-wrap:break-word]">{children}</span>
    </span>
  )
}
