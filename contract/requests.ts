import { z } from 'zod'
import { MAX_VERIFY_SCOPES, VERIFY_KEY_MAX, VERIFY_SCOPE_MAX } from './constants'
import { clearableText, coded, email, isoDateTime, omittableText, optionalText, requiredText, wholeNumber } from './fields'

/**
 * The request bodies, checked in the order their fields are listed: the first
 * field that fails gives the 400's message.
 */

// Long enough for any passphrase; bounded so nobody makes the server hash a megabyte.
const PASSWORD_MAX = 1024
// The placeholders a browser sends share one code: no form shows them.
const device = (field: string, description: string) => optionalText(field, { code: 'DEVICE_FIELD', max: 200, description })

export const DeviceRegistration = z
  .object({
    deviceUDID: requiredText('deviceUDID', { code: 'DEVICE_UDID', max: 200, description: 'Device identifier; a placeholder on the web.' }),
    deviceType: requiredText('deviceType', { code: 'DEVICE_TYPE', max: 32, description: 'WEB for browsers.' }).meta({ examples: ['WEB'] }),
    pushToken: device('pushToken', 'Ignored; not stored.'),
    timeZone: device('timeZone', 'Time zone.'),
    appVersion: device('appVersion', 'Client version.'),
    osVersion: device('osVersion', 'OS version.'),
    userId: device('userId', 'Placeholder.'),
    deviceModel: device('deviceModel', 'Placeholder.'),
    country: device('country', 'Placeholder.'),
    language: device('language', 'Placeholder.'),
  })
  .meta({ id: 'DeviceRegistration' })

export const SignUp = z
  .object({
    name: requiredText('Name', { code: 'NAME', max: 120, name: true, description: 'Display name.' }),
    email: email('E-mail address; case is ignored.'),
    // The rest of the password rule (length, common passwords, the address) needs the
    // e-mail and a word list: the route checks it, and the document states it.
    password: requiredText('Password', {
      code: 'PASSWORD',
      max: PASSWORD_MAX,
      trim: false,
      description: 'At least 8 characters; not a common or breached password, not the e-mail address, not one character repeated.',
    }).meta({ minLength: 8 }),
  })
  .meta({ id: 'SignUp' })

export const LogIn = z
  .object({
    email: email('E-mail address.', { existing: true }),
    password: requiredText('Password', { code: 'PASSWORD', max: PASSWORD_MAX, trim: false, description: 'Password.' }),
  })
  .meta({ id: 'LogIn' })

export const NewProject = z
  .object({
    name: requiredText('Project name', { code: 'PROJECT_NAME', max: 120, name: true, description: 'Project name; surrounding spaces are trimmed.' }),
    // The portal sends an empty description as undefined.
    description: optionalText('Project description', { code: 'PROJECT_DESCRIPTION', max: 2000, lines: true, description: 'Optional; missing means empty.' }),
  })
  .meta({ id: 'NewProject' })

/** `{ name?, description? }` of a project's edit: what is left out stays as it is. */
export const ProjectChanges = z
  .object({
    name: omittableText('Project name', { code: 'PROJECT_NAME', max: 120, name: true, description: 'New name; surrounding spaces are trimmed.' }),
    description: clearableText('Project description', {
      code: 'PROJECT_DESCRIPTION',
      max: 2000,
      lines: true,
      description: 'New description; empty or null clears it.',
    }),
  })
  .meta({ id: 'ProjectChanges' })

/** `{ name?, expiresAt? }` of key creation and edits. */
export const KeyFields = z
  .object({
    name: omittableText('Key name', { code: 'KEY_NAME', max: 60, name: true, description: 'Key name; surrounding spaces are trimmed.' }),
    expiresAt: isoDateTime('Key expiry', 'KEY_EXPIRY', 'An ISO-8601 date-time in the future, or null for no expiry.'),
  })
  .meta({ id: 'KeyFields' })

/** The longest grace period of a roll: 7 days. */
export const MAX_GRACE_SECONDS = 7 * 24 * 60 * 60

export const Roll = z
  .object({
    graceSeconds: wholeNumber('Grace period (graceSeconds)', 'GRACE_PERIOD', 0, MAX_GRACE_SECONDS, 'How long the old key keeps working; 0 ends it now.'),
  })
  .meta({ id: 'Roll' })

/** `{ key }` as the specification has it; `ip` and `scopes` are checked by the server first (a refusal names the value), and are optional. */
export const VerifyRequest = z
  .object({
    key: requiredText('Key', { code: 'KEY', max: VERIFY_KEY_MAX, trim: false, description: 'The API key (fxk_…) a client presented.' }),
    ip: z
      .string()
      .max(45)
      .optional()
      .meta({ description: "The client's IPv4 or IPv6 address; needed when the key has an allowlist (without it such a key is refused IP_NOT_ALLOWED)." }),
    scopes: z
      .array(z.string().min(1).max(VERIFY_SCOPE_MAX))
      .max(MAX_VERIFY_SCOPES)
      .optional()
      .meta({ description: `The scopes this call needs (at most ${MAX_VERIFY_SCOPES}), all of which the key must hold, else INSUFFICIENT_SCOPE.` }),
  })
  .meta({ id: 'VerifyRequest' })

/** What the provider's backend knows of its signed-in user (POST /sessions). */
export const HostSession = z
  .object({
    externalId: requiredText('externalId', {
      code: 'EXTERNAL_ID',
      max: 200,
      description: "The user's id in your own product; the same id always reaches the same account.",
    }),
    email: email('Shown in the portal; never used to find or link an account.').optional(),
    name: omittableText('Name', {
      code: 'NAME',
      max: 120,
      name: true,
      description:
        "Display name shown in the portal; updated when given. A new account without one is named by its email, else its externalId, when that passes as a name (no control character, something visible, at most 120 characters), else 'User'.",
    }),
    emailVerified: z
      .boolean({ error: coded('EMAIL_VERIFIED_NOT_BOOLEAN', 'emailVerified must be true or false.') })
      .optional()
      .meta({
        description:
          'true only when your product has verified that this user receives mail at `email` (of this same call): it lets the account see and accept the ' +
          'invitations to that address, and invite. Anything else (false, left out, or no `email`) leaves the address unverified until a sign-in says true; ' +
          'an invitation is then accepted with the code from its mail. Never say true for an address your users can set without proving it.',
      }),
  })
  .meta({ id: 'HostSession' })

/** A code from POST /sessions, sent once by the widget (POST /auth/exchange). */
export const SessionCodeExchange = z
  .object({
    code: requiredText('Code', { code: 'CODE', max: 200, trim: false, description: 'The single-use code (fxc_…) your backend got from POST /sessions.' }),
  })
  .meta({ id: 'SessionCodeExchange' })

export type SignUpInput = z.input<typeof SignUp>
export type LogInInput = z.input<typeof LogIn>
export type NewProjectInput = z.input<typeof NewProject>
export type ProjectChanges = z.input<typeof ProjectChanges>
export type KeyFields = z.input<typeof KeyFields>
