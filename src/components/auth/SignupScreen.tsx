import { useId } from 'react'
import { register } from '../../api/calls'
import { FormTextField } from '../form-dialog/FormTextField'
import { AuthForm, type AuthScreenProps } from './AuthForm'
import { useT } from '../../i18n'
import { auth } from '../../i18n/en/auth'
import { signup } from '../../i18n/en/signup'

/**
 * The sign-up screen: route /signup, and <flex-signup>. A failure shows the
 * server's own message (which rule a refused password broke, a taken e-mail).
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
    >
      <FormTextField label={t('signup.name')} name="name" type="text" autoComplete="name" required />
      <FormTextField label={shared('auth.email')} name="email" type="email" autoComplete="email" required />
      <div>
        <FormTextField label={shared('auth.password')} name="password" type="password" autoComplete="new-password" required aria-describedby={ruleId} />
        {/* The server's rule, stated before submit; its own message shows under the field if a password is refused. */}
        <p id={ruleId} className="mt-2 text-sm text-muted">
          {t('signup.passwordRule')}
        </p>
      </div>
    </AuthForm>
  )
}
