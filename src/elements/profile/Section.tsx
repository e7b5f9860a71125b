import { useId, type ReactNode } from 'react'
import { Heading } from '../../components/Heading'

/** One card of the profile screen: a heading, what it is about, its form. */
export function Section({ title, intro, tone = 'plain', children }: { title: string; intro?: ReactNode; tone?: 'plain' | 'danger'; children: ReactNode }) {
  const headingId = useId()
  const border = tone === 'danger' ? 'border-danger' : 'border-border'
  return (
    <section aria-labelledby={headingId} className={`rounded-flex border ${border} bg-surface px-6 py-5`}>
      <Heading id={headingId} depth={1} className={`text-lg font-semibold ${tone === 'danger' ? 'text-danger' : 'text-fg'}`}>
        {title}
      </Heading>
      {intro && <div className="mt-1 text-sm text-muted">{intro}</div>}
      <div className="mt-4">{children}</div>
    </section>
  )
}

/** A short success line beside a form's button, announced politely. */
export function Saved({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="text-sm text-success">
      {children}
    </p>
  )
}
