/**
 * The projects this page has shown the signed-in reader (the dashboard's
 * list, a project page that opened), per session (its user, else its token:
 * sessionOf), for the page's life.
 * A project among them that now answers 404 is one the reader no longer has
 * access to (removed from it, or it was deleted): the page says so instead of
 * "Project not found". The server still answers every stranger one and the
 * same 404, so nothing is learnt about projects the reader never saw.
 */
const seen = new Map<unknown, Set<string>>()

export function rememberSeen(session: unknown, ids: readonly string[]): void {
  if (!session) return
  let set = seen.get(session)
  if (!set) seen.set(session, (set = new Set()))
  for (const id of ids) set.add(id)
}

export const wasSeen = (session: unknown, id: string): boolean => (session ? (seen.get(session)?.has(id) ?? false) : false)

/** Forgets every session's projects (a fresh page, in tests). */
export const forgetSeen = (): void => seen.clear()
