import { useEffect, useState } from 'react'
import { teamCalls } from '../../api/members'
import { isApiError } from '../../api/errors'
import { errorMessage } from '../../error-text'
import { Alert } from '../Alert'
import { Button, Spinner } from '../Button'
import { LoginScreen } from '../auth/LoginScreen'
import { LazySignupScreen } from '../auth/lazy'
import { AuthLayout } from '../auth/AuthLayout'
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
import { dropCode, heldCode } from './invitation-code'

/** Signed out: what the invitation asks, above the log-in (or sign-up) form it needs first. */
function SignInFirst() {
  const t = useT(teams)
  const [signingUp, setSigningUp] = useState(false)
  return (
    <div className="bg-bg px-6 pt-8">
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
  const { host, apiBase } = useElement()
  const { run } = useManageApi()
  const { navigate } = useNavigation()
  const signedIn = useFlexStore((s) => s.accessData !== null)
  const [failure, setFailure] = useState<string | null>(heldCode() === null ? t('accept.noCode') : null)
  const { pending, run: once } = useSingleFlight()

  const accept = () =>
    once(async () => {
      const code = heldCode()
      if (code === null) return
      setFailure(null)
      try {
        const { projectId } = await run((token) => teamCalls(apiBase).accept(token, code))
        dropCode()
        store.setState((s) => ({ projectsRevision: s.projectsRevision + 1 }))
        emit(host, 'flex-invitation-accepted', { projectId })
        navigate(projectHref(projectId), { replace: true })
      } catch (e) {
        const refused = isApiError(e) && e.status >= 400 && e.status < 500 && e.status !== 401 && e.status !== 429
        if (refused) dropCode()
        setFailure(refused ? t('accept.failed') : errorMessage(e))
      }
    })

  useEffect(() => {
    if (signedIn && heldCode() !== null) void accept()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per sign-in: a failure is not retried unasked
  }, [signedIn])

  if (!signedIn && heldCode() !== null) return <SignInFirst />
  const leave = () => {
    dropCode()
    navigate(signedIn ? '/dashboard' : '/login')
  }
  return (
    <AuthLayout title={t('accept.title')}>
      {failure ? (
        <div className="space-y-6 text-sm">
          <Alert onRetry={heldCode() !== null ? () => void accept() : undefined}>{failure}</Alert>
          <Button variant="secondary" className="w-full" onClick={leave}>
            {t('accept.toDashboard')}
          </Button>
        </div>
      ) : (
        <p role="status" className="flex items-center gap-3 text-sm text-muted">
          {pending && <Spinner />}
          {t('accept.pending')}
        </p>
      )}
    </AuthLayout>
  )
}
