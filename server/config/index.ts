/**
 * Everything the server reads from the environment, parsed and checked once at
 * start so a typo fails loudly instead of silently using a default. The
 * settings are one zod schema (schema.ts); this file reads it and adds the
 * rules that join several settings.
 */
import { join } from 'node:path'
import type { z } from 'zod'
import { appSchema, serverSchema } from './schema'
import { ConfigError, configErrors, readSettings, switchedOn, type Env } from './settings'

export { ConfigError } from './settings'
export { dataFolder } from './data-folder'
export { parseFrameAncestors, parseOrigins } from './parsers'

export type AppConfig = z.output<typeof appSchema>
export type RateLimitConfig = AppConfig['rateLimit']
export type WebhookConfig = AppConfig['webhooks']
export type MailConfig = AppConfig['mail']
/** The server's settings, each default filled in (DEMO_PAGES's, DEMO_HOST_SESSIONS's and WEBHOOK_ALLOW_PRIVATE_NETWORKS's depend on NODE_ENV). */
export type ServerConfig = Omit<z.output<typeof serverSchema>, 'demoPages' | 'demoHostSessions'> & {
  demoPages: boolean
  demoHostSessions: boolean
  /** NODE_ENV=production. */
  production: boolean
}

/** Settings given to createApp: any left out take their default, rate limits field by field. */
export type AppOverrides = Partial<Omit<AppConfig, 'rateLimit' | 'webhooks' | 'mail'>> & {
  rateLimit?: Partial<RateLimitConfig>
  webhooks?: Partial<WebhookConfig>
  mail?: Partial<MailConfig>
}

export const DEFAULTS: AppConfig = readSettings(appSchema, {})

/**
 * The From: of the mails when MAIL_FROM is not set: the portal's name as a quoted display name, so that what
 * RFC 5322 reads as syntax in a bare one (":" starts a group, "( )" a comment, "," and ";" end an address) is
 * shown as written.
 */
const defaultFrom = (portalName: string) => `"${portalName.replace(/["\\]/g, '\\$&')}" <no-reply@localhost>`

/**
 * The overrides over the defaults, rate limits, webhook and mail settings
 * field by field. The mails name the portal as PORTAL_NAME does, unless
 * the overrides name the mails' product or sender themselves.
 */
export function withDefaults(overrides: AppOverrides): AppConfig {
  const portalName = overrides.portalName ?? DEFAULTS.portalName
  return {
    ...DEFAULTS,
    ...overrides,
    rateLimit: { ...DEFAULTS.rateLimit, ...overrides.rateLimit },
    webhooks: { ...DEFAULTS.webhooks, ...overrides.webhooks },
    mail: { ...DEFAULTS.mail, from: defaultFrom(portalName), productName: portalName, ...overrides.mail },
  }
}

/**
 * The embedded database keeps its data in one process's folder: one instance
 * only, no pg_dump, no replica. Fine for a demo, a surprise in production.
 */
export const EMBEDDED_DB_IN_PRODUCTION =
  'NODE_ENV=production needs DATABASE_URL: without it the server would keep its data in the embedded database under DATA_DIR, ' +
  'which only one instance can use and pg_dump cannot back up. Set DATABASE_URL=postgres://… (docs/production.md, "PostgreSQL"), ' +
  'or ALLOW_EMBEDDED_DB=true to run on the embedded database anyway.'

export const SERVICE_TOKEN_IN_PRODUCTION =
  'NODE_ENV=production needs SERVICE_TOKEN: without it your services cannot verify API keys (POST /api/keys/verify), ' +
  'sign users in (POST /api/sessions) or send webhook messages. Set it to a long random string (openssl rand -base64 32).'

export const ENCRYPTION_KEY_IN_PRODUCTION =
  'NODE_ENV=production needs SECRET_ENCRYPTION_KEY: without it each instance generates a key of its own into DATA_DIR, ' +
  'and cannot read the webhook secrets another instance stored. Set the same key on every instance (openssl rand -base64 32).'

export const DEMO_SESSIONS_IN_PRODUCTION = 'DEMO_HOST_SESSIONS=true lets anyone sign in to the demo under any name: set DEMO_HOST_SESSIONS=false in production.'

export const SMTP_IN_PRODUCTION =
  'NODE_ENV=production needs SMTP_URL: without it password reset, e-mail verification and invitations cannot send their codes. ' +
  'Set SMTP_URL=smtp://user:password@mail.example.com:587 (and MAIL_FROM), or MAIL_DISABLED=true to run without those features (the widget then hides them).'

/** What a production run lacks or must not have, read from the variables as given, so that one start names it all. */
function productionProblems(env: Env): string[] {
  const given = (name: string) => Boolean(env[name]?.trim())
  const embedded = !given('DATABASE_URL') && switchedOn(env, 'ALLOW_EMBEDDED_DB')
  const problems: string[] = []
  // DEMO_HOST_SESSIONS lets anyone sign in to the demo provider under any
  // name: in production it would hand out sessions to whoever asks.
  if (switchedOn(env, 'DEMO_HOST_SESSIONS')) problems.push(DEMO_SESSIONS_IN_PRODUCTION)
  if (!given('DATABASE_URL') && !embedded) problems.push(EMBEDDED_DB_IN_PRODUCTION)
  if (!given('SERVICE_TOKEN')) problems.push(SERVICE_TOKEN_IN_PRODUCTION)
  // The embedded database has one instance, whose key file sits beside its data.
  if (!given('SECRET_ENCRYPTION_KEY') && !embedded) problems.push(ENCRYPTION_KEY_IN_PRODUCTION)
  // Without mail, the flows that mail a code start and then fail for the
  // end user: the operator decides at start, not the first reader who asks.
  if (!given('SMTP_URL') && !switchedOn(env, 'MAIL_DISABLED')) problems.push(SMTP_IN_PRODUCTION)
  return problems
}

/**
 * NODE_ENV as the server reads it. Outside production the defaults open what
 * a demo needs (webhooks to this machine's networks, the demo's sign-in by
 * name), so a value meant as production must not fall through to them:
 * `Production` is production, and a value that is neither production nor
 * development or test (`prod`, `staging`) stops the start, named.
 */
function readNodeEnv(env: Env, problems: string[]): boolean {
  const value = env.NODE_ENV?.trim().toLowerCase() ?? ''
  if (value === 'production') return true
  if (value && value !== 'development' && value !== 'test') {
    problems.push(
      `NODE_ENV=${JSON.stringify(env.NODE_ENV?.slice(0, 40))} is neither production nor development or test: ` +
        'set NODE_ENV=production for production (its defaults close what a demo opens), or leave it unset or development.',
    )
  }
  return false
}

export function readConfig(env: Env = process.env): ServerConfig {
  const problems: string[] = []
  const production = readNodeEnv(env, problems)
  let parsed: z.output<typeof serverSchema> | undefined
  try {
    parsed = readSettings(serverSchema, env)
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    problems.push(...err.problems)
  }
  if (production) problems.push(...productionProblems(env))
  if (!parsed || problems.length > 0) throw configErrors(problems, 'The server cannot start until these settings are fixed:')
  // Without SMTP_URL, mail goes to DATA_DIR/mail/ as files outside
  // production (in production it is a start-up error unless MAIL_DISABLED).
  // MAIL_DISABLED turns mail off whatever else is set.
  const { smtpUrl, disabled } = parsed.mail
  return {
    ...parsed,
    production,
    demoPages: parsed.demoPages ?? !production,
    demoHostSessions: parsed.demoHostSessions ?? !production,
    webhooks: { ...parsed.webhooks, allowPrivateNetworks: parsed.webhooks.allowPrivateNetworks ?? !production },
    mail: {
      disabled,
      smtpUrl: disabled ? undefined : smtpUrl,
      folder: smtpUrl || production || disabled ? undefined : join(parsed.dataDir, 'mail'),
      from: env.MAIL_FROM?.trim() ? parsed.mail.from : defaultFrom(parsed.portalName),
      productName: parsed.portalName,
      requireTls: production,
    },
  }
}
