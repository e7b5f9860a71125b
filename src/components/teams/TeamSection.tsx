import { useId, type ReactNode } from 'react'
import { useFocusKeeper } from '../focus/useFocusKeeper'
import { Heading } from '../Heading'

/** A team section of the project page (Members, Activity): a card named by its heading, its controls beside the heading. */
export function TeamSection({ heading, actions, children }: { heading: string; actions: ReactNode; children: ReactNode }) {
  const headingId = useId()
  // A member removed, a project handed over: the section takes focus from the control that went with them.
  const keeper = useFocusKeeper<HTMLElement>()
  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-flex border border-border bg-surface p-4 cq-sm:p-6" {...keeper}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <Heading depth={1} id={headingId} className="min-w-0 text-lg font-semibold text-fg">
          {heading}
        </Heading>
        {actions}
      </div>
      {children}
    </section>
  )
}
