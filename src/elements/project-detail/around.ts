/**
 * Where a message names something laid out on its own (a name in its own
 * direction, a <time>): the message is asked with SLOT in its place, then cut
 * around it. A host's text without the place has the thing after it.
 */
export const SLOT = '\u2063'

export function around(text: string): [before: string, after: string] {
  const at = text.indexOf(SLOT)
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + SLOT.length)]
}
