/** English texts of the sign-up screen (its own chunk); the e-mail and password labels are log-in's (auth.ts). */
export const signup = {
  'signup.heading': 'Sign up for your account',
  'signup.submit': 'Sign up',
  'signup.pending': 'Signing up…',
  'signup.haveAccount': 'Already have an account?',
  'signup.toLogin': 'Log in',
  'signup.name': 'Name',
  'signup.passwordRule': 'At least 8 characters. Not a common password or your e-mail address.',
}
