import { plural } from '../plural'
import type { Locale } from '../types'

/** English texts of 'Forgot your password?' inside the element: e-mail, code, new password (its own chunk). */
export const reset = {
  'reset.email.heading': 'Reset your password',
  'reset.email.intro': 'Enter the e-mail address of your account. We will send you a code to choose a new password.',
  'reset.email.label': 'Email address',
  'reset.email.submit': 'Send code',
  'reset.email.pending': 'Sending…',
  'reset.code.heading': 'Check your e-mail',
  // `minutes` from the server's answer; without it (a server that did not say), no lifetime is promised.
  'reset.code.intro': ({ email, minutes }: { email: string; minutes?: number }, { lang }: Locale) =>
    `If an account uses ${email}, we sent it a 10-digit code.${minutes ? ` It works for ${plural(lang, minutes, { one: '1 minute', other: '# minutes' })}.` : ''} Check your spam folder if it does not arrive.`,
  'reset.code.label': 'Code',
  'reset.code.submit': 'Continue',
  'reset.code.resend': 'Send a new code',
  'reset.code.resent': 'We sent a new code. Only the newest code works.',
  'reset.code.otherEmail': 'Use another e-mail',
  'reset.code.invalid': 'Enter the 10-digit code from the e-mail.',
  'reset.password.heading': 'Choose a new password',
  'reset.password.label': 'New password',
  'reset.password.rule': 'At least 8 characters. Not a common password or your e-mail address.',
  'reset.password.repeat': 'Repeat the new password',
  'reset.password.mismatch': 'The two passwords do not match.',
  'reset.password.submit': 'Save password and log in',
  'reset.password.pending': 'Saving…',
  'reset.password.back': 'Back to the code',
  'reset.backToLogin': 'Back to log in',
}
