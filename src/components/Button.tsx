import type { ButtonHTMLAttributes, Ref } from 'react'
import { FOCUS_RING } from './focus-ring'

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost'

// forced:border: forced colours paint a filled button's background as the page's; its border (secondary's own) is then its edge.
const variants: Record<Variant, string> = {
  primary: 'bg-accent text-accent-fg hover:bg-accent-hover forced:border',
  secondary: 'bg-raised text-fg border border-border hover:border-muted',
  danger: 'bg-danger text-bg hover:opacity-90 forced:border',
  ghost: 'text-muted hover:text-fg',
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant
  /** While true the button ignores presses, reads as disabled and busy, and shows `pendingLabel`. */
  pending?: boolean
  pendingLabel?: string
  /** React 19 passes ref as a prop: a dialog can return focus to this button. */
  ref?: Ref<HTMLButtonElement>
}

/**
 * The one button. A sending button ignores presses while its call is pending,
 * but is not `disabled`: that would take focus from it, and a failed call
 * would leave the reader's focus on the page's body instead of here.
 */
export function Button({
  variant = 'primary',
  pending = false,
  pendingLabel,
  disabled,
  onClick,
  className = '',
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      // preventDefault: a pending submit button (pressed, or Enter in a field) does not send its form again.
      onClick={(e) => (pending ? e.preventDefault() : onClick?.(e))}
      className={`inline-flex items-center justify-center gap-2 rounded-flex px-4 py-2 text-sm font-semibold transition-colors ${FOCUS_RING} focus-visible:ring-offset-2 focus-visible:ring-offset-surface disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 ${variants[variant]} ${className}`}
      {...rest}
    >
      {pending && <Spinner />}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  )
}

export function Spinner({ className = 'h-4 w-4' }: { className?: string }) {
  // Under reduced motion it stands still: the button's pending label says the call is under way.
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin motion-reduce:animate-none rounded-full border-2 border-current border-t-transparent ${className}`}
    />
  )
}
