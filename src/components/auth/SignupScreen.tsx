import { register } from '../../api/session'
import { TextField } from '../TextField'
import { NewPasswordField } from './NewPasswordField'
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
            <NewPasswordField label={shared('auth.password')} rule={t('signup.passwordRule')} error={error('password')} />
          </>
        )
      }}
    </AuthForm>
  )
}
