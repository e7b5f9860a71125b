import { useElement } from '../context/element'
import { useFlexStore } from '../hooks/useFlexStore'
import { hostSignIn } from '../store/host-session'
import { Button, Spinner } from './Button'
import { AlertIcon } from './icons/AlertIcon'

export const HOST_SIGN_IN_FAILED = 'We could not sign you in.'
export const HOST_SIGNED_OUT = 'You are signed out.'

const PLACE = 'flex min-h-full flex-1 flex-col items-center justify-center gap-3 bg-bg px-6 py-12 text-center font-flex text-sm'

/**
 * What an element signed in by its host shows while nobody is signed in:
 * never a log-in form, since its user has no password here. The host's own
 * page is where they signed in, so a failure offers only "Try again".
 */
export function HostSessionNotice() {
  const { host, apiBase, hostSession } = useElement()
  const state = useFlexStore((s) => s.hostSignIn)
  if (state === 'failed')
    return (
      <div role="alert" className={`${PLACE} text-fg`}>
        <AlertIcon className="h-6 w-6 text-danger" />
        <div>
          <p className="font-semibold">{HOST_SIGN_IN_FAILED}</p>
          <p className="mt-1 text-muted">Check your connection, then try again.</p>
        </div>
        <Button onClick={() => hostSession && void hostSignIn(apiBase, hostSession, host)} className="mt-2">
          Try again
        </Button>
      </div>
    )
  return (
    <div role="status" className={`${PLACE} text-muted`}>
      {state === 'signed-out' ? (
        <p>{HOST_SIGNED_OUT}</p>
      ) : (
        <>
          <Spinner className="h-5 w-5" />
          <p>Signing you in…</p>
        </>
      )}
    </div>
  )
}
