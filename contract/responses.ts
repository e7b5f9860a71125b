import { z } from 'zod'
import { KEY_MODES, ROLES, VERIFY_REFUSALS, type Verification as PlainVerification } from './constants'
import { ERROR_CODES } from './error-codes'

/** The response bodies. The server's answers and the widget's types both come from these. */

const text = (description: string) => z.string().meta({ description })
const nullableDate = (description: string) => z.string().nullable().meta({ format: 'date-time', description })
const dateTime = (description: string) => z.string().meta({ format: 'date-time', description })

export const ErrorBody = z
  .object({
    message: text('What went wrong, in English, fit to show a user. Its wording may change: match the code.'),
    // Optional for a client: every answer of this server carries it, other servers of the specification send none.
    code: z.enum(ERROR_CODES).optional().meta({
      description:
        'The stable reason, sent with every error of this server and never renamed once published: match or translate this, not the message. For instance DEVICE_UNKNOWN (register the device again), WEBHOOK_SECRET_ROLL_NEEDED (roll the webhook secret before adding an endpoint), SESSION_EXPIRED (sign in again), LOG_ENTRY_INVALID (a request-log entry is malformed: nothing of the batch was stored), and for the restrictions of a key SCOPE_UNKNOWN, SCOPES_NOT_OFFERED, SCOPES_INVALID, ALLOWED_IP_INVALID, ALLOWED_IPS_TOO_MANY, KEY_MODE_INVALID, KEY_MODE_FIXED, IP_ADDRESS_INVALID (400) and BROAD_KEY_ROLE_NEEDED (403). A server of the specification alone may send none: show the message.',
    }),
  })
  .meta({ id: 'Error' })

export const DeviceToken = z.object({ accessToken: text('Device token (fxd_…).') }).meta({ id: 'DeviceToken' })

export const AccessData = z
  .object({
    accessToken: text('Access token (fxa_…) for the project calls.'),
    tokenType: z.literal('Bearer').meta({ description: 'Always Bearer.' }),
    expiresAt: dateTime('When the access token stops working.'),
    user: z.object({ id: text('User ID.'), name: text('Display name.'), email: text('E-mail address.') }),
  })
  .meta({ id: 'AccessData' })

export const SessionCode = z
  .object({
    code: text('Single-use code (fxc_…): hand it to the widget, which exchanges it for a session. Never log or store it.'),
    expiresAt: dateTime('When the code stops working.'),
  })
  .meta({ id: 'SessionCode' })

export const ProjectSummary = z
  .object({
    id: text('Project ID.').meta({ examples: ['prj_3q2-7wEJ6l8cT1vY0aBcDg'] }),
    name: text('Project name.').meta({ maxLength: 120 }),
    description: text('Project description; may be empty.').meta({ maxLength: 2000 }),
    createDate: dateTime('When the project was created.'),
    status: text('Project status.').meta({ examples: ['ACTIVE'] }),
    // Optional: a server before teams (or a spec-only one) does not send it.
    role: z.enum(ROLES).optional().meta({ description: "The caller's role in the project (teams): in the project list and a project's page." }),
  })
  .meta({ id: 'ProjectSummary' })

export const ProjectList = z.array(ProjectSummary)

export const KeyMap = z.record(z.string(), z.string()).meta({ id: 'KeyMap', description: 'API project ID (apid_…) → API key (fxk_…).' })

/** A key as `GET /manage/dapp/{id}` lists it: never the key itself. */
export const KeyEntry = z
  .object({
    id: text('API project ID (apid_…).'),
    name: text('Key name.').meta({ minLength: 1, maxLength: 60 }),
    maskedKey: text('The key masked: fxk_…last 4.'),
    createdAt: dateTime('When the key was created.'),
    lastUsedAt: nullableDate('When POST /keys/verify last accepted it (written at most once a minute); null if never.'),
    expiresAt: nullableDate('When it stops verifying (EXPIRED after that); null if never.'),
    // Optional for the widget's sake (servers before these fields); this one always sends them.
    rolledAt: nullableDate('When it was rolled away (it then works only until expiresAt, and cannot be rolled again); null if never.').optional(),
    replacedBy: z
      .string()
      .nullable()
      .meta({ description: 'The API project ID of the key that replaced it in a roll; null if not rolled (or rolled before this was recorded).' })
      .optional(),
    // Key restrictions (issue 50); optional like the two above: a server without them sends none (read: every scope, anywhere, live).
    scopes: z.array(z.string()).nullable().optional().meta({ description: 'The scopes it holds, from the catalog; null for every scope.' }),
    allowedIps: z.array(z.string()).optional().meta({ description: 'The addresses and CIDR ranges it may be used from; empty for anywhere.' }),
    mode: z.enum(KEY_MODES).optional().meta({ description: 'live or test.' }),
  })
  .meta({ id: 'KeyEntry' })

export const Project = ProjectSummary.extend({
  apiKey: KeyMap.meta({ description: 'API project ID → masked key (fxk_…last 4), in creation order.' }),
  keys: z.array(KeyEntry).meta({ description: 'The same keys with their metadata, in creation order; expired ones included.' }),
  keyLimit: z.number().int().meta({ description: 'How many unexpired keys the project may hold.' }),
}).meta({ id: 'Project' })

export const CreatedProject = ProjectSummary.extend({
  apiKey: KeyMap.meta({ description: 'API project ID → the whole key, shown this once.' }),
  webhookSecret: text('Webhook signing secret (whsec_…), shown this once.'),
}).meta({ id: 'CreatedProject' })

export const Deleted = z.object({ deleted: text('The API project ID that was deleted.') }).meta({ id: 'Deleted' })

export const KeyValid = z
  .object({
    valid: z.literal(true),
    keyId: text('API project ID (apid_…): the key pair, as its owner sees it in the portal.'),
    projectId: text('Project ID (prj_…): whose call this is.'),
    name: text('Key name.'),
    expiresAt: nullableDate('When the key stops verifying; null if never.'),
    mode: z.enum(KEY_MODES).meta({ description: "live or test: trust this, never the key text's prefix." }),
    scopes: z.array(z.string()).nullable().meta({ description: 'The scopes the key holds; null for every scope.' }),
  })
  .meta({
    id: 'KeyValid',
    description: 'The key is good (and holds every scope asked for, from an allowed address): let the call through, on behalf of this project.',
    examples: [
      {
        valid: true,
        keyId: 'apid_aT4l7cEgDYe5rHQS',
        projectId: 'prj_QT3lBZcZx9Q_7yc-q87J7w',
        name: 'Default key',
        expiresAt: null,
        mode: 'live',
        scopes: null,
      },
    ],
  })

export const KeyRefused = z
  .object({
    valid: z.literal(false),
    code: z.enum(VERIFY_REFUSALS).meta({
      description:
        'NOT_FOUND: no such key (never issued, deleted, or its project deleted). EXPIRED: its expiry, or its grace period after a roll, has passed. ' +
        'IP_NOT_ALLOWED: the key has an address allowlist and `ip` is outside it, or was not sent. INSUFFICIENT_SCOPE: the key lacks a scope the call asked for (`missingScopes`).',
    }),
    missingScopes: z
      .array(z.string())
      .optional()
      .meta({ description: 'With INSUFFICIENT_SCOPE: the scopes asked for that the key does not hold, in the order asked.' }),
  })
  .meta({
    id: 'KeyRefused',
    description: 'The key is not good: refuse the call. The code says why, for your logs; tell the client only that its key was refused.',
    examples: [{ valid: false, code: 'EXPIRED' }],
  })

export const Verification = z
  .discriminatedUnion('valid', [KeyValid, KeyRefused])
  .meta({ id: 'Verification', description: 'KeyValid or KeyRefused, told apart by `valid`.' })

export const Health = z.object({ status: z.literal('ok').meta({ description: 'Always ok.' }) }).meta({ id: 'Health' })

export type ProjectSummary = z.infer<typeof ProjectSummary>
export type KeyMap = z.infer<typeof KeyMap>
export type KeyEntry = z.infer<typeof KeyEntry>
export type Project = z.infer<typeof Project>
export type CreatedProject = z.infer<typeof CreatedProject>
export type AccessData = z.infer<typeof AccessData>
export type Verification = z.infer<typeof Verification>
// flex-portal/verify has no zod: it takes the plain type in constants.ts, which
// must be this one exactly (this line fails to compile the day the two differ).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Holds<T extends true> = T
export type VerificationIsPlain = Holds<Same<Verification, PlainVerification>>

export const Capabilities = z
  .object({
    features: z.array(z.string()).meta({
      description:
        'What this server offers beyond the specification\'s calls ("webhooks", "accounts", "usage", "project-settings"). The widget hides any feature not named; a server without this call offers none.',
      example: ['webhooks', 'accounts', 'usage', 'project-settings'],
    }),
  })
  .meta({ id: 'Capabilities' })
export type Capabilities = z.infer<typeof Capabilities>

export const Usage = z
  .object({
    days: z.array(z.string().meta({ format: 'date' })).meta({ description: 'The UTC days counted, oldest first, today last.' }),
    keys: z
      .array(
        z.object({
          keyId: text('API project ID (apid_…).'),
          name: text('Key name (as it was last used, for a deleted key).'),
          valid: z.array(z.number().int()).meta({ description: 'Verifications answered valid, one number per day of `days`.' }),
          invalid: z.array(z.number().int()).meta({ description: 'Verifications refused (expired), one number per day of `days`.' }),
        }),
      )
      .meta({ description: "The project's keys in creation order, then deleted keys that still have counts in range." }),
  })
  .meta({ id: 'Usage' })
export type Usage = z.infer<typeof Usage>
