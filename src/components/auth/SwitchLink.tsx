import { RouteLink } from '../../router/RouteLink'
import { useElement } from '../../context/element'
import { FOCUS_RING } from '../focus-ring'

const linkClass = `rounded-flex font-semibold text-accent hover:text-accent-hover hover:underline ${FOCUS_RING}`

/**
 * 'Sign up' under the log-in form, 'Log in' under the sign-up form. Inside
 * <flex-portal> a route link; a standalone element follows the host's
 * `signup-url` / `login-url` when given, and otherwise switches in place
 * (`onSwitch`), since there is no router of a portal to follow.
 */
export function SwitchLink({ to, onSwitch, children }: { to: 'signup' | 'login'; onSwitch?: () => void; children: string }) {
  const { urls } = useElement()
  if (!onSwitch)
    return (
      <RouteLink to={'/' + to} className={linkClass}>
        {children}
      </RouteLink>
    )
  const href = urls[to]
  if (href)
    return (
      <a href={href} className={linkClass}>
        {children}
      </a>
    )
  return (
    <button type="button" onClick={onSwitch} className={linkClass}>
      {children}
    </button>
  )
}
