import { useDismiss, useFloatingRootContext, type UseDismissProps } from '@floating-ui/react'
import type { HTMLAttributes } from 'react'

type Props = HTMLAttributes<HTMLElement>

/**
 * floating-ui's root context and useDismiss, wired in this one place for the
 * menus and the dialog: the props that close on Escape (and, unless told
 * otherwise, on a press outside), for the reference and the floating element.
 */
export function useDismissProps(
  open: boolean,
  onOpenChange: (open: boolean) => void,
  reference: HTMLElement | null,
  floating: HTMLElement | null,
  options?: UseDismissProps,
): { reference: Props; floating: Props } {
  const dismiss = useDismiss(useFloatingRootContext({ open, onOpenChange, elements: { reference, floating } }), options)
  // Disabled, useDismiss gives no props at all.
  return { reference: (dismiss.reference ?? {}) as Props, floating: (dismiss.floating ?? {}) as Props }
}
