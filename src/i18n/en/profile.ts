import { plural } from '../plural'
import type { Locale } from '../types'

/**
 * English texts of 'Your Profile' (the portal's /profile route): name,
 * e-mail, password, sessions and account deletion. They travel in the
 * profile chunk. The `profile.server.*` texts are the server's own messages,
 * word for word, that these forms know and show in the reader's language.
 */
export const profile = {
  'profile.heading': 'Your Profile',
  'profile.loading': 'Loading your profile…',
  'profile.missing': 'This server has no profile page.',
  'profile.loadFailed': 'Your profile could not be loaded.',
  'profile.saving': 'Saving…',
  /** The account's second view (the user menu's "Settings"): password, sessions, deletion. */
  'profile.settings.heading': 'Settings',

  'profile.name.heading': 'Profile',
  'profile.name.intro': 'How you appear in the portal.',
  'profile.name.label': 'Name',
  'profile.name.save': 'Save name',
  'profile.name.saved': 'Saved.',

  'profile.email.heading': 'E-mail address',
  'profile.email.fromHost': 'Your e-mail address comes from the website you signed in through.',
  'profile.email.verified': 'Verified',
  'profile.email.unverified': 'Not verified',
  'profile.email.why': 'Confirm that this address is yours, so you can reset your password if you forget it.',
  'profile.email.code': 'Code from the e-mail',
  'profile.email.code.format': 'Enter the 10-digit code from the e-mail.',
  'profile.email.verify': 'Verify',
  'profile.email.verifying': 'Verifying…',
  'profile.email.resend': 'Send a new code',

  'profile.password.heading': 'Password',
  'profile.password.host': 'You sign in through the website that brought you here, so there is no password to change.',
  'profile.password.intro': 'Changing it signs you out on every other device.',
  'profile.password.current': 'Current password',
  'profile.password.new': 'New password',
  'profile.password.rule': 'At least 8 characters. Not a common password or your e-mail address.',
  'profile.password.submit': 'Change password',
  'profile.password.changed': 'Password changed. Your other devices are signed out.',

  'profile.sessions.heading': 'Sessions',
  'profile.sessions.intro': 'Lost a device, or signed in somewhere you should not have? End every session of your account, this one included.',
  'profile.sessions.submit': 'Sign out everywhere',
  'profile.sessions.pending': 'Signing out…',
  'profile.sessions.confirm.title': 'Sign out everywhere?',
  'profile.sessions.confirm.body':
    'Every session of your account ends at once: in this browser and on every other browser and device where you are signed in. You will need to log in again everywhere, here too. Your projects and keys are not affected.',

  'profile.delete.heading': 'Delete account',
  'profile.delete.host': 'Your account belongs to the website you signed in through: ask them to remove it.',
  'profile.delete.whatGoes': ({ projects, keys }: { projects: number; keys: number }, { lang }: Locale) =>
    `your account, ${plural(lang, projects, { one: '# project', other: '# projects' })} and ${plural(lang, keys, { one: '# API key', other: '# API keys' })}`,
  'profile.delete.intro': ({ what }: { what: string }) => `Removes ${what} for good. Apps that use those keys stop working at once.`,
  'profile.delete.title': 'Delete your account?',
  'profile.delete.body': ({ what }: { what: string }) =>
    `This deletes ${what}. Every key stops verifying at once, so apps that use them stop working. This cannot be undone.`,
  'profile.delete.password': 'Your password, to confirm',
  'profile.delete.pending': 'Deleting…',

  'profile.server.name.required': 'Name is required.',
  'profile.server.name.control': 'Name must not contain line breaks, tabs or other control characters.',
  'profile.server.name.blank': 'Name must contain a visible character, not only spaces or invisible characters.',
  'profile.server.current.required': 'Current password is required.',
  'profile.server.new.required': 'New password is required.',
  'profile.server.password.required': 'Password is required.',
  'profile.server.password.wrong': 'Incorrect password.',
  'profile.server.password.short': 'Password must be at least 8 characters.',
  'profile.server.password.repeated': 'Password must not be one character repeated. Choose a longer phrase you can remember.',
  'profile.server.password.email': 'Password must not be your e-mail address.',
  'profile.server.password.common': 'This password is too common: it appears in lists of breached passwords. Choose another.',
  'profile.server.code.refused': 'This code is wrong or no longer valid. Check the latest e-mail, or ask for a new code.',

  // Teams: what deleting the account does to each project (GET /me/deletion).
  'profile.departure.body': 'This deletes your account for good. It cannot be undone.',
  'profile.departure.loading': 'Checking what happens to your projects…',
  'profile.departure.failed':
    'What happens to your projects could not be checked. Each project you own goes to its longest-standing admin, or is deleted with its keys if it has none.',
  'profile.departure.handedOver': ({ project, to }: { project: string; to: string }) =>
    `“${project}” goes to ${to ? `${to}, its` : 'its'} longest-standing admin. Its keys keep working.`,
  'profile.departure.deleted': ({ project }: { project: string }) => `“${project}” is deleted with its keys: apps that use them stop working at once.`,
  'profile.departure.left': ({ project }: { project: string }) => `You leave “${project}”.`,
}
