/** English texts of an element its host signs in (session-url, fetchSessionCode) while nobody is signed in. */
export const host = {
  'host.signingIn': 'Signing you in…',
  'host.failed': 'We could not sign you in.',
  'host.signedOut': 'You are signed out.',
}
