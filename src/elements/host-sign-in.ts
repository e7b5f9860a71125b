import { ELEMENTS } from './descriptors'

const TAGS = Object.keys(ELEMENTS)
/** A Flex element that declares host sign-in by attribute: `host-sign-in`, or a `session-url` (the signed-in pages of a host use both). */
const DECLARING = TAGS.flatMap((tag) => [`${tag}[host-sign-in]`, `${tag}[session-url]`]).join()

/**
 * Whether the page says its host signs its user in: one of its Flex elements
 * has `host-sign-in` or `session-url`, or was given `fetchSessionCode` (before
 * the script defined it, its own property; since, through the element's).
 * Only such a page may still give an element its `fetchSessionCode` during
 * its load, so only there do elements wait for the load before rendering;
 * elsewhere they render while the script runs, with no turn lost to the
 * host's images and frames. Read while the page loads: a few elements at most.
 */
export function hostSignInDeclared(): boolean {
  if (document.querySelector(DECLARING)) return true
  for (const el of document.querySelectorAll(TAGS.join())) if ((el as { fetchSessionCode?: unknown }).fetchSessionCode) return true
  return false
}
