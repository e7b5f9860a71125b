import { useEffect, useReducer, type ComponentType } from 'react'
import { chunk } from '../../components/chunk/chunk'
import { useCapability } from '../../hooks/useCapability'
import { useT } from '../../i18n'
import { projects } from '../../i18n/en/projects'
import { INVITATION_PATH } from '../../router/routes'
import { RouteLink } from '../../router/RouteLink'
import { FOCUS_RING } from '../../components/focus-ring'

// The invitations list is in the team chunk (vite.config.ts): the dashboard's own chunk only asks for it.
const pending = chunk<ComponentType<{ onGone?: () => void }>>(() => import('../../components/teams/PendingInvitations').then((m) => m.PendingInvitations))

/**
 * The dashboard's ways into a team (servers with the `teams` feature): the
 * invitations waiting for the reader, drawn once their chunk and their list
 * have arrived (nothing before, so nothing jumps but the list's own arrival).
 * A failed chunk shows nothing: the link below still leads to accepting by code.
 * `onGone` takes focus when the reader's last invitation goes with its buttons.
 */
export function PendingInvitationsSlot({ onGone }: { onGone: () => void }) {
  const teams = useCapability('teams')
  const [, arrived] = useReducer((n: number) => n + 1, 0)
  useEffect(() => {
    if (!teams || pending.loaded) return
    let live = true
    pending.load().then(
      () => live && arrived(),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [teams])
  const List = pending.loaded
  return teams && List ? <List onGone={onGone} /> : null
}

/** "Have an invitation code?": one click to the screen that takes a code by hand (the mail carries it alone without INVITATION_URL). */
export function InvitationCodeLink() {
  const t = useT(projects)
  if (!useCapability('teams')) return null
  return (
    <RouteLink to={INVITATION_PATH} className={`text-sm font-semibold text-accent underline hover:text-accent-hover ${FOCUS_RING}`}>
      {t('projects.haveCode')}
    </RouteLink>
  )
}
