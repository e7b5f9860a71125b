import type { AnchorHTMLAttributes, MouseEvent } from 'react'
import { useNavigation } from './navigation'

export interface RouteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A route such as `/signup` or `/projects?projectid=42`. */
  to: string
}

/**
 * A link to a route of this element's router. A plain click navigates through
 * `navigate()` (so `flex-navigate` fires and may cancel it); in hash mode a
 * modified click (new tab, new window) keeps the browser's own behaviour.
 */
export function RouteLink({ to, onClick, children, ...rest }: RouteLinkProps) {
  const { navigate, hrefFor, mode } = useNavigation()
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (event.defaultPrevented) return
    const modified = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey
    // In memory mode the href is not an address of the host page: never follow it.
    if (modified && mode === 'hash') return
    event.preventDefault()
    navigate(to)
  }
  return (
    <a href={hrefFor(to)} onClick={handleClick} {...rest}>
      {children}
    </a>
  )
}
