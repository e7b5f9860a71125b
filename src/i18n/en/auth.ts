/**
 * English texts of the log-in screen and what it shares with sign-up (the
 * first screen: these travel in the script itself, so sign-up's own texts
 * are in signup.ts, with its chunk). The spec's texts, exactly.
 */
export const auth = {
  'login.heading': 'Log in to your account',
  'login.submit': 'Log in',
  'login.pending': 'Logging in…',
  'login.noAccount': "Don't have an account?",
  'login.toSignup': 'Sign up',
  'login.expired': 'Your session has expired. Please log in again.',
  /** After "Sign out everywhere" (the profile's settings). */
  'login.everywhere': 'You are signed out on every device.',
  /** After "Delete account". */
  'login.deleted': 'Your account has been deleted.',
  'auth.email': 'Email address',
  'auth.password': 'Password',
  'auth.rememberMe': 'Remember me',
  'auth.forgotPassword': 'Forgot your password?',
  'auth.logo': ({ product }: { product: string }) => `${product} logo`,
  'auth.signedIn': 'You are signed in.',
  'auth.signOut': 'Sign out',
}
