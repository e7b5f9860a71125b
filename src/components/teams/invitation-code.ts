import { INVITATION_PATH } from '../../router/routes'

/**
 * The invitation code, between the moment it is read from the page's
 * address and the moment it is accepted: in memory only, never in the
 * address, storage, a log or an event.
 */
export const invitation: { code: string | null; taken: number } = { code: null, taken: 0 }

/**
 * Takes the code out of `#/invitations/accept?code=…`, or out of the page's
 * own query on the page at the host's `invitation-url`, and out of the
 * address at once (history.replaceState): it must not stay in the history,
 * a bookmark or a Referer.
 */
export function takeCode(invitationUrl?: string): void {
  const here = new URL(location.href)
  const hashed = here.hash.startsWith(`#${INVITATION_PATH}?`)
  const url = hashed ? new URL(here.hash.slice(1), here.origin) : here
  const code = url.searchParams.get('code')
  if (!code || !(hashed || atPage(here, invitationUrl))) return
  url.searchParams.delete('code')
  history.replaceState(history.state, '', hashed ? `#${url.pathname}${url.search}` : url.href)
  // Far longer than any code the server makes: a hostile link cannot make the call huge.
  invitation.code = code.slice(0, 256)
  // Counted, so an accept screen already showing starts again with this code (PortalScreen's key).
  invitation.taken++
}

/** Whether this page is the one at the host's `invitation-url`; a value that is no URL (a host's typo) names none. */
function atPage(here: URL, invitationUrl?: string): boolean {
  try {
    const page = new URL(invitationUrl!, here)
    return !!invitationUrl && page.origin + page.pathname === here.origin + here.pathname
  } catch {
    return false
  }
}
