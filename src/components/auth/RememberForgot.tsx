import { useId } from 'react'
import { useElement } from '../../context/element'
import { useCapability } from '../../hooks/useCapability'
import { useT } from '../../i18n'
import { auth } from '../../i18n/en/auth'
import { FOCUS_RING } from '../focus-ring'

/**
 * 'Remember me' and 'Forgot your password?'. The link follows the host's
 * `forgot-password-url` when given (in a new tab, so the form keeps its
 * input); otherwise, against a server with the accounts feature, it opens the
 * reset inside the element (`onForgot`); otherwise it is inert, as the spec has it.
 */
export function RememberForgot({ onForgot }: { onForgot?: () => void }) {
  const id = useId()
  const { urls } = useElement()
  const t = useT(auth)
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <div className="flex items-center gap-2">
        <input id={id} name="remember" type="checkbox" className={`h-4 w-4 rounded border-border bg-bg accent-accent ${FOCUS_RING}`} />
        <label htmlFor={id} className="text-fg">
          {t('auth.rememberMe')}
        </label>
      </div>
      {urls.forgotPassword ? (
        <a
          href={urls.forgotPassword}
          target="_blank"
          rel="noopener noreferrer"
          className={`rounded-flex font-semibold text-accent hover:text-accent-hover ${FOCUS_RING}`}
        >
          {t('auth.forgotPassword')}
        </a>
      ) : (
        <ResetOrInert onForgot={onForgot} />
      )}
    </div>
  )
}

/** Without forgot-password-url: the reset inside the element when the server offers it (asked only here), else inert. */
function ResetOrInert({ onForgot }: { onForgot?: () => void }) {
  // A reset mails a code: without mail it stays inert, as against a spec-only server.
  const accounts = useCapability('accounts')
  const mail = useCapability('mail')
  const reset = accounts && mail
  const t = useT(auth)
  return reset && onForgot ? (
    <button type="button" onClick={onForgot} className={`rounded-flex font-semibold text-accent hover:text-accent-hover ${FOCUS_RING}`}>
      {t('auth.forgotPassword')}
    </button>
  ) : (
    // A disabled link, announced as such and not focusable.
    <a role="link" aria-disabled="true" className="cursor-default font-semibold text-muted">
      {t('auth.forgotPassword')}
    </a>
  )
}
