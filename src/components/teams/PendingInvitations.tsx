import { useCallback, useId, useState } from 'react'
import { INVITATION_UNKNOWN } from '../../../contract/constants'
import { acceptListedInvitation, declineInvitation, listPendingInvitations, type PendingInvitation } from '../../api/members'
import { isApiError } from '../../api/errors'
import { useElement } from '../../context/element'
import { useErrorText } from '../../hooks/useErrorText'
import { emit } from '../../events'
import { useAsync } from '../../hooks/useAsync'
import { useManageApi } from '../../hooks/useManageApi'
import { useT } from '../../i18n'
import { roles } from '../../i18n/en/roles'
import { teams } from '../../i18n/en/teams'
import { useNavigation } from '../../router/navigation'
import { projectHref } from '../../router/routes'
import { store } from '../../store'
import { Alert } from '../Alert'
import { Button } from '../Button'
import { Heading } from '../Heading'
import { useFocusKeeper } from '../focus/useFocusKeeper'
import { ROLE_NAME } from './role-names'

/**
 * The dashboard's invitations waiting for the reader (GET /invitations): who
 * invited them to which project as what, with Accept and Decline. Nothing at
 * all while there is none, or while the address is unverified (the server
 * lists none then; the frame's reminder asks to verify), or if the list
 * cannot be read: the project list below stays the screen.
 */
export function PendingInvitations({ onGone }: { onGone?: () => void }) {
  const t = useT(teams)
  const errorText = useErrorText()
  const r = useT(roles)
  const { host } = useElement()
  const { call } = useManageApi()
  const { navigate } = useNavigation()
  const load = useCallback((signal: AbortSignal) => listPendingInvitations(call, signal), [call])
  const state = useAsync(load)
  const [busy, setBusy] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const headingId = useId()
  // A declined invitation's row goes with its buttons: the section keeps focus, not the page's start;
  // the last one takes the section with it, and the dashboard says where focus goes (onGone).
  const keeper = useFocusKeeper<HTMLElement>(onGone)
  const list = state.data?.invitations ?? []
  // The last invitation gone meanwhile: the section stays to say why, until dismissed.
  if (!list.length && !failure) return null

  const act = async (invitation: PendingInvitation, accept: boolean) => {
    setBusy(invitation.id)
    setFailure(null)
    try {
      if (accept) {
        await acceptListedInvitation(call, invitation.id)
        store.setState((s) => ({ projectsRevision: s.projectsRevision + 1 }))
        emit(host, 'flex-invitation-accepted', { projectId: invitation.project.id })
        navigate(projectHref(invitation.project.id))
        return
      }
      await declineInvitation(call, invitation.id)
      state.reload()
    } catch (e) {
      // Gone meanwhile (revoked, expired, answered elsewhere): say so by its code, and show the list as it is now.
      setFailure(isApiError(e) && e.code === INVITATION_UNKNOWN ? t('pending.gone') : errorText(e))
      state.reload()
    } finally {
      setBusy(null)
    }
  }

  return (
    <section aria-labelledby={headingId} className="mb-6 rounded-flex border border-border bg-surface p-4" {...keeper}>
      <Heading id={headingId} className="mb-3 text-base font-semibold text-fg">
        {t('pending.heading')}
      </Heading>
      {failure && (
        <Alert className="mb-3" onDismiss={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <ul className="divide-y divide-border">
        {list.map((i) => (
          <li key={i.id} className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 cq-sm:flex-row cq-sm:items-center cq-sm:justify-between">
            <p className="text-sm text-fg">
              {t('pending.text', { inviter: i.inviter.name || i.inviter.email || t('activity.someone'), project: i.project.name, role: r(ROLE_NAME[i.role]) })}
              {i.inviter.email && i.inviter.name && <span className="block text-muted">{i.inviter.email}</span>}
            </p>
            <div className="flex shrink-0 gap-2">
              <Button
                onClick={() => void act(i, true)}
                pending={busy === i.id}
                disabled={busy !== null}
                aria-label={t('pending.acceptLabel', { project: i.project.name })}
              >
                {t('pending.accept')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => void act(i, false)}
                disabled={busy !== null}
                aria-label={t('pending.declineLabel', { project: i.project.name })}
              >
                {t('pending.decline')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
