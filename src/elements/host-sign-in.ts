import { ELEMENTS } from './descriptors'

const TAGS = Object.keys(ELEMENTS)
/** A Flex element with `host-sign-in` or with a `session-url`: either declares host sign-in. */
const DECLARING = TAGS.flatMap((tag) => [`${tag}[host-sign-in]`, `${tag}[session-url]`]).join()

/**
 * Whether the page says its host signs its user in: one of its Flex elements
 * has `host-sign-in` or `session-url`, or was given `fetchSessionCode` (before
 * the script defined it, its own property; since, through the element's).
 * Only such a page may still give an element its `fetchSessionCode` during
 * its load, so only there do elements wait for the load before rendering;
 * elsewhere they render while the script runs, with no turn lost to the
 * host's images and frames. Read while the page loads: a few elements at most
 * (an element in a host's shadow root declares it for itself only).
 */
export function hostSignInDeclared(element: Element): boolean {
  // The element itself first: inside a host's own shadow root, the document's query would not find it.
  if (element.matches(DECLARING) || document.querySelector(DECLARING)) return true
  for (const el of document.querySelectorAll(TAGS.join())) if ((el as { fetchSessionCode?: unknown }).fetchSessionCode) return true
  return false
}
