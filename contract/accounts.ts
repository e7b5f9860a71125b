import { z } from 'zod'
import { CODE_DIGITS } from './constants'
import { coded, email, requiredText } from './fields'

/** Bodies and answers of the account calls: password reset, e-mail verification, the profile. */

const PASSWORD_MAX = 1024

const newPassword = (label: string, code: string) =>
  requiredText(label, {
    code,
    max: PASSWORD_MAX,
    trim: false,
    description: 'At least 8 characters; not a common or breached password, not the e-mail address, not one character repeated.',
  }).meta({ minLength: 8 })

// Spaces a person types or pastes between the digits are dropped.
const code = requiredText('Code', { code: 'CODE', max: 32, description: `The ${CODE_DIGITS}-digit code from the e-mail.` })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .refine((v) => new RegExp(`^\\d{${CODE_DIGITS}}$`).test(v), coded('CODE_INVALID', `Enter the ${CODE_DIGITS}-digit code from the e-mail.`))
  .meta({ pattern: `^[0-9 -]+$` })

export const ForgotPassword = z.object({ email: email('The e-mail address of the account.', { existing: true }) }).meta({ id: 'ForgotPassword' })

export const PasswordReset = z
  .object({ email: email('The e-mail address of the account.', { existing: true }), code, password: newPassword('New password', 'NEW_PASSWORD') })
  .meta({ id: 'PasswordReset' })

export const EmailCode = z.object({ code }).meta({ id: 'EmailCode' })

export const ProfileChange = z
  .object({ name: requiredText('Name', { code: 'NAME', max: 120, name: true, description: 'Display name; surrounding spaces are trimmed.' }) })
  .meta({ id: 'ProfileChange' })

export const PasswordChange = z
  .object({
    currentPassword: requiredText('Current password', { code: 'CURRENT_PASSWORD', max: PASSWORD_MAX, trim: false, description: 'The password in use now.' }),
    newPassword: newPassword('New password', 'NEW_PASSWORD'),
  })
  .meta({ id: 'PasswordChange' })

export const AccountDeletion = z
  .object({ password: requiredText('Password', { code: 'PASSWORD', max: PASSWORD_MAX, trim: false, description: 'The account’s password, to confirm.' }) })
  .meta({ id: 'AccountDeletion' })

/** A mailed code is on its way: what happens next, and how long the code works so a screen can say it in its reader's language. */
export const CodeSent = z
  .object({
    message: z.string().meta({ description: 'What happens next, fit to show a user.' }),
    codeMinutes: z.number().int().min(1).meta({ description: 'How long the code works, in whole minutes (CODE_TTL_SECONDS rounded down).' }),
  })
  .meta({ id: 'CodeSent' })

export const EmailVerified = z.object({ emailVerified: z.literal(true) }).meta({ id: 'EmailVerified' })

export const Profile = z
  .object({
    id: z.string().meta({ description: 'User ID.' }),
    name: z.string().meta({ description: 'Display name.' }),
    email: z.string().meta({ description: 'E-mail address (for a host sign-in account, the one its provider gave; may be empty).' }),
    emailVerified: z.boolean().meta({
      description:
        'Whether a code mailed to the address came back (for a host sign-in account: its provider said so at its last sign-in, POST /sessions emailVerified, or an invitation was accepted by its code since).',
    }),
    createdAt: z.string().meta({ format: 'date-time', description: 'When the account was made.' }),
    signIn: z.enum(['password', 'host']).meta({
      description:
        "password: e-mail and password. host: the API provider's own sign-in (POST /sessions); no password, so no reset, change or verification here.",
    }),
    projects: z.number().int().meta({ description: 'Projects the account owns that would be removed with it: not those an admin would take over.' }),
    keys: z.number().int().meta({ description: 'API keys in those projects (they stop verifying when the account is removed).' }),
  })
  .meta({ id: 'Profile' })

export type Profile = z.infer<typeof Profile>
export type CodeSent = z.infer<typeof CodeSent>
export type PasswordResetInput = z.input<typeof PasswordReset>
export type PasswordChangeInput = z.input<typeof PasswordChange>
