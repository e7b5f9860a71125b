import { useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import type { Call } from '../../api/request'
import type { AccessData } from '../../api/types'
import { Alert } from '../Alert'
import { Button } from '../Button'
import { useFlexStore } from '../../hooks/useFlexStore'
import { useElement } from '../../context/element'
import { focusFirstHeading } from '../../router/focus-heading'
import { AuthLayout } from './AuthLayout'
import { LazyResetFlow } from './lazy'
import { RememberForgot } from './RememberForgot'
import { SignedInNotice } from './SignedInNotice'
import { SwitchLink } from './SwitchLink'
import { useAuthSubmit } from './useAuthSubmit'
import { useErrorText } from '../../hooks/useErrorText'
import { useDeviceRegistration } from './useDeviceRegistration'

export interface AuthScreenProps {
  /** Set by <flex-portal>, whose route table shows the form even to a signed-in user. */
  inPortal?: boolean
  /** Standalone: shows the other screen in place of this one. */
  onSwitch?: () => void
}

interface AuthFormProps<I> extends AuthScreenProps {
  title: string
  /** The API call the form makes: its input is the form's fields by `name`, of which it sends the ones it needs. */
  call: (call: Call, deviceToken: string, input: I) => Promise<AccessData>
  submit: string
  pending: string
  /** Under the card: the question, and the other screen with the label of its link. */
  other: [question: string, to: 'login' | 'signup', label: string]
  /** Shown above the fields while there is no error to show. */
  notice?: ReactNode
  /**
   * The field a failed call's message is about, if any: it then shows under
   * that field (`children` as a function places it) instead of in the banner.
   * Sign-up's; log-in's messages are no field's.
   */
  fieldOf?: (error: unknown) => string | undefined
  children: ReactNode | ((message: FieldMessage | null) => ReactNode)
}

/** A failed call's words, and the field (input name) they are about. */
export type FieldMessage = { text: string; field?: string }

/**
 * The form log-in and sign-up share: the anonymous device registered on
 * opening, the submit flow, a field's error under it and any other in the
 * red banner, 'Remember me' and 'Forgot your
 * password?', and the link to the other screen. A standalone element with a
 * session shows "You are signed in." instead.
 */
export function AuthForm<I>({
  inPortal = false,
  onSwitch,
  title,
  call,
  submit: label,
  pending: pendingLabel,
  other,
  notice,
  fieldOf,
  children,
}: AuthFormProps<I>) {
  const { apiBase } = useElement()
  const signedIn = useFlexStore((s) => s.accessData !== null)
  const showNotice = signedIn && !inPortal
  useDeviceRegistration(apiBase, !showNotice)
  const { submit, pending, error } = useAuthSubmit(call)
  const errorText = useErrorText()
  const [resetting, setResetting] = useState(false)
  const form = useRef<HTMLFormElement>(null)
  // The address the reset flow had when the reader went back to log in (none before): the form shows it again.
  const kept = useRef<string>(undefined)
  useLayoutEffect(() => {
    const email = (form.current as { email?: HTMLInputElement } | null)?.email
    // Only an address brought back: a value the browser filled in as the form appeared stays.
    if (email && kept.current) email.value = kept.current
    // "Back to log in" went with the reset flow, and no route changed to move focus: the heading takes it.
    if (kept.current !== undefined) focusFirstHeading(form.current?.closest('section'))
  }, [resetting])
  // A server message about a field shows under it; the banner is for the rest.
  const message = error ? { text: errorText(error), field: fieldOf?.(error) } : null

  if (showNotice) return <SignedInNotice />
  if (resetting) {
    const typed = form.current ? new FormData(form.current).get('email') : null
    const back = (email: string) => {
      kept.current = email
      setResetting(false)
    }
    return <LazyResetFlow onCancel={back} initialEmail={typeof typed === 'string' ? typed : ''} />
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void submit(Object.fromEntries(new FormData(event.currentTarget)) as I)
  }

  return (
    <AuthLayout
      title={title}
      footer={
        <>
          {other[0]}{' '}
          <SwitchLink to={other[1]} onSwitch={onSwitch}>
            {other[2]}
          </SwitchLink>
        </>
      }
    >
      <form ref={form} className="space-y-6" onSubmit={onSubmit}>
        {message ? !message.field && <Alert>{message.text}</Alert> : notice}
        {typeof children === 'function' ? children(message) : children}
        <RememberForgot onForgot={() => setResetting(true)} />
        <Button type="submit" className="w-full" pending={pending} pendingLabel={pendingLabel}>
          {label}
        </Button>
      </form>
    </AuthLayout>
  )
}
