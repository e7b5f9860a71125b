import { useEffect, useReducer, useRef, useState, type FormEvent } from 'react'
import { acceptInvitation } from '../../api/members'
import { isApiError } from '../../api/errors'
import { useErrorText } from '../../hooks/useErrorText'
import { Alert } from '../Alert'
import { Button, Spinner } from '../Button'
import { LoginScreen } from '../auth/LoginScreen'
import { LazySignupScreen } from '../auth/lazy'
import { AuthLayout } from '../auth/AuthLayout'
import { TextField } from '../TextField'
import { useElement } from '../../context/element'
import { emit } from '../../events'
import { useFlexStore } from '../../hooks/useFlexStore'
import { useManageApi } from '../../hooks/useManageApi'
import { useSingleFlight } from '../../hooks/useSingleFlight'
import { useT } from '../../i18n'
import { teams } from '../../i18n/en/teams'
import { useNavigation } from '../../router/navigation'
import { projectHref } from '../../router/routes'
import { store } from '../../store'
import { askAgain } from '../account/useUnverifiedAccount'
import { invitation } from './invitation-code'

/** Signed out: what the invitation asks, above the log-in (or sign-up) form it needs first. */
function SignInFirst() {
  const t = useT(teams)
  const [signingUp, setSigningUp] = useState(false)
  return (
    <div className="bg-bg px-6 pt-6">
      <Alert tone="info" className="mx-auto max-w-sm">
        {t('accept.signIn')}
      </Alert>
      {signingUp ? <LazySignupScreen inPortal onSwitch={() => setSigningUp(false)} /> : <LoginScreen inPortal onSwitch={() => setSigningUp(true)} />}
    </div>
  )
}

/**
 * The accept route (`#/invitations/accept`): signed out, the log-in or
 * sign-up form first; signed in, the held code is sent at once, and the
 * project opens. The server answers one 400 for every code it will not take
 * (used, revoked, expired, unknown, or meant for another address): one clear
 * message covers them all. No answer at all keeps the code for "Try again".
 */
export function AcceptInvitation() {
  const t = useT(teams)
  const errorText = useErrorText()
  const { host } = useElement()
  const { call } = useManageApi()
  const { navigate } = useNavigation()
  const signedIn = useFlexStore((s) => s.accessData !== null)
  const [failure, setFailure] = useState<string | null>(null)
  const [, typed] = useReducer((n: number) => n + 1, 0)
  // The code last typed: refused, it is back in its field to correct, not to type again.
  const last = useRef('')
  const { pending, run: once } = useSingleFlight()

  const accept = () =>
    once(async () => {
      const code = invitation.code
      if (code === null) return
      setFailure(null)
      try {
        const { projectId } = await acceptInvitation(call, code)
        invitation.code = null
        // The code came to the address, which the server now counts verified: the reminder asks again and goes.
        askAgain()
        store.setState((s) => ({ projectsRevision: s.projectsRevision + 1 }))
        emit(host, 'flex-invitation-accepted', { projectId })
        navigate(projectHref(projectId), { replace: true })
      } catch (e) {
        const refused = isApiError(e) && e.status >= 400 && e.status < 500 && e.status !== 401 && e.status !== 429
        if (refused) invitation.code = null
        setFailure(refused ? t('accept.failed') : errorText(e))
      }
    })

  useEffect(() => {
    if (signedIn && invitation.code !== null) void accept()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per sign-in: a failure is not retried unasked
  }, [signedIn])

  if (!signedIn && invitation.code !== null) return <SignInFirst />
  const leave = () => {
    invitation.code = null
    navigate(signedIn ? '/dashboard' : '/login')
  }
  const enter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim()
    if (!code) return
    // The field's own limit: a code the reader typed (the mail carries it alone when the server has no INVITATION_URL).
    invitation.code = last.current = code
    typed()
    if (signedIn) void accept()
  }
  const waiting = invitation.code !== null
  return (
    <AuthLayout title={t('accept.title')}>
      <div className="space-y-6 text-sm">
        {failure && <Alert onRetry={waiting ? () => void accept() : undefined}>{failure}</Alert>}
        {!waiting ? (
          // No code in the link (or the last one refused): the mail carries it alone when the server has no invitation link.
          <form onSubmit={enter} className="space-y-6">
            {!failure && <p className="text-muted">{t('accept.noCode')}</p>}
            <TextField label={t('accept.code')} name="code" autoComplete="off" required maxLength={200} defaultValue={last.current} />
            <Button type="submit" className="w-full" pending={pending} pendingLabel={t('accept.pending')}>
              {t('accept.join')}
            </Button>
          </form>
        ) : (
          !failure && (
            <p role="status" className="flex items-center gap-3 text-muted">
              {pending && <Spinner />}
              {t('accept.pending')}
            </p>
          )
        )}
        {(failure || !waiting) && (
          <Button variant="secondary" className="w-full" onClick={leave}>
            {t('accept.toDashboard')}
          </Button>
        )}
      </div>
    </AuthLayout>
  )
}
