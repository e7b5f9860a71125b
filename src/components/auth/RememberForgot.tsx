import { useId } from 'react'
import { useElement } from '../../context/element'

/**
 * 'Remember me' and 'Forgot your password?'. Neither has behaviour of
 * its own; the link becomes real only when the host gives `forgot-password-url`,
 * and then opens in a new tab so the form keeps its input.
 */
export function RememberForgot() {
  const id = useId()
  const { urls } = useElement()
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <div className="flex items-center gap-2">
        <input
          id={id}
          name="remember"
          type="checkbox"
          className="h-4 w-4 rounded border-border bg-bg accent-accent focus:outline-none focus-visible:ring-2 focus-visible:ring-focus"
        />
        <label htmlFor={id} className="text-fg">
          Remember me
        </label>
      </div>
      {urls.forgotPassword ? (
        <a
          href={urls.forgotPassword}
          target="_blank"
          rel="noopener noreferrer"
          className="rounded-flex font-semibold text-accent hover:text-accent-hover focus:outline-none focus-visible:ring-2 focus-visible:ring-focus"
        >
          Forgot your password?
        </a>
      ) : (
        // No address: a disabled link, announced as such and not focusable.
        <a role="link" aria-disabled="true" className="cursor-default font-semibold text-muted">
          Forgot your password?
        </a>
      )}
    </div>
  )
}
