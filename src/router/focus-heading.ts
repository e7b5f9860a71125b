/**
 * Puts focus on the first heading in `box`, whatever its level (the element's
 * `heading-level` sets it), focusable by script only (Tab still skips it).
 * False when `box` has no heading (yet).
 */
export function focusFirstHeading(box: ParentNode | null | undefined, options?: FocusOptions): boolean {
  const heading = box?.querySelector<HTMLElement>('h1, h2, h3, h4, h5, h6')
  if (!heading) return false
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
  heading.focus(options)
  return true
}
