import { useId } from 'react'
import { register } from '../../api/calls'
import { TextField } from '../TextField'
import { fieldOf } from './field-of'
import { AuthForm, type AuthScreenProps } from './AuthForm'
import { useT } from '../../i18n'
import { auth } from '../../i18n/en/auth'
import { signup } from '../../i18n/en/signup'

/**
 * The sign-up screen: route /signup, and <flex-signup>. A failure shows the
 * server's own message (which rule a refused password broke, a taken e-mail)
 * under the field it is about, or in the banner when it is no field's.
 */
export function SignupScreen(props: AuthScreenProps) {
  const ruleId = useId()
  const t = useT(signup)
  const shared = useT(auth)
  return (
    <AuthForm
      {...props}
      title={t('signup.heading')}
      call={register}
      submit={t('signup.submit')}
      pending={t('signup.pending')}
      other={[t('signup.haveAccount'), 'login', t('signup.toLogin')]}
      fieldOf={fieldOf}
    >
      {(message) => {
        const error = (field: string) => (message?.field === field ? message.text : undefined)
        return (
          <>
            <TextField label={t('signup.name')} name="name" type="text" autoComplete="name" required error={error('name')} />
            <TextField label={shared('auth.email')} name="email" type="email" autoComplete="email" required error={error('email')} />
            <div>
              <TextField
                label={shared('auth.password')}
                name="password"
                type="password"
                autoComplete="new-password"
                required
                aria-describedby={ruleId}
                error={error('password')}
              />
              {/* The server's rule, stated before submit; its own message shows under the field if a password is refused. */}
              <p id={ruleId} className="mt-2 text-sm text-muted">
                {t('signup.passwordRule')}
              </p>
            </div>
          </>
        )
      }}
    </AuthForm>
  )
}
