import { useFlexStore } from '../../hooks/useFlexStore'
import { useT } from '../../i18n'
import { auth } from '../../i18n/en/auth'

/** The one sentence that says why the last session ended, when it did not end by a plain "Sign out"; else null. */
export function useSignedOutText(): string | null {
  const reason = useFlexStore((s) => s.signOutReason)
  const t = useT(auth)
  if (reason === 'expired') return t('login.expired')
  if (reason === 'everywhere') return t('login.everywhere')
  if (reason === 'deleted') return t('login.deleted')
  return null
}
