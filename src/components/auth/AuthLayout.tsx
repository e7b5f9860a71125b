import { useId, type ReactNode } from 'react'
import { useElement } from '../../context/element'
import { Heading } from '../Heading'
import { Logo } from './Logo'

/**
 * The dark frame both authentication screens share: logo, heading, card; a
 * region named by its heading (the host owns `<main>`). The host's own
 * `<img slot="logo">` (or SVG) takes the mark's place.
 */
export function AuthLayout({ title, children, footer }: { title?: string; children: ReactNode; footer?: ReactNode }) {
  const { productName } = useElement()
  const id = useId()
  return (
    <section aria-labelledby={title && id} className="flex min-h-full flex-col justify-center bg-bg px-6 py-12 font-flex text-fg">
      <div className="mx-auto flex w-full max-w-sm flex-col items-center">
        <slot name="logo">
          <Logo name={productName} />
        </slot>
        {title && (
          <Heading id={id} className="mt-6 text-center text-2xl font-bold leading-9 tracking-tight text-fg focus:outline-none">
            {title}
          </Heading>
        )}
      </div>
      <div className="mx-auto mt-8 w-full max-w-sm rounded-flex border border-border bg-surface px-6 py-8 shadow-lg">{children}</div>
      {footer && <p className="mx-auto mt-6 w-full max-w-sm text-center text-sm text-muted">{footer}</p>}
    </section>
  )
}
