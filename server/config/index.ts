/**
 * Everything the server reads from the environment, parsed and checked once at
 * start so a typo fails loudly instead of silently using a default. The
 * settings are one zod schema (schema.ts); this file reads it and adds the
 * rules that join several settings.
 */
import { join } from 'node:path'
import type { z } from 'zod'
import { appSchema, serverSchema } from './schema'
import { ConfigError, readSettings, type Env } from './settings'

export { ConfigError } from './settings'
export { parseFrameAncestors, parseOrigins } from './parsers'

export type AppConfig = z.output<typeof appSchema>
export type RateLimitConfig = AppConfig['rateLimit']
export type WebhookConfig = AppConfig['webhooks']
export type MailConfig = AppConfig['mail']
export type ServerConfig = z.output<typeof serverSchema>

/** Settings given to createApp: any left out take their default, rate limits field by field. */
export type AppOverrides = Partial<Omit<AppConfig, 'rateLimit' | 'webhooks' | 'mail'>> & {
  rateLimit?: Partial<RateLimitConfig>
  webhooks?: Partial<WebhookConfig>
  mail?: Partial<MailConfig>
}

export const DEFAULTS: AppConfig = readSettings(appSchema, {})

/** The overrides over the defaults, rate limits and webhook settings field by field. */
export function withDefaults(overrides: AppOverrides): AppConfig {
  return {
    ...DEFAULTS,
    ...overrides,
    rateLimit: { ...DEFAULTS.rateLimit, ...overrides.rateLimit },
    webhooks: { ...DEFAULTS.webhooks, ...overrides.webhooks },
    mail: { ...DEFAULTS.mail, ...overrides.mail },
  }
}

/**
 * The embedded database keeps its data in one process's folder: one instance
 * only, no pg_dump, no replica. Fine for a demo, a surprise in production.
 */
export const EMBEDDED_DB_IN_PRODUCTION =
  'NODE_ENV=production needs DATABASE_URL: without it the server would keep its data in the embedded database under DATA_DIR, ' +
  'which only one instance can use and pg_dump cannot back up. Set DATABASE_URL=postgres://… (see "Running in production" in server/README.md), ' +
  'or ALLOW_EMBEDDED_DB=true to run on the embedded database anyway.'

export function readConfig(env: Env = process.env): ServerConfig {
  const config = readSettings(serverSchema, env)
  const production = env.NODE_ENV?.trim() === 'production'
  // DEMO_HOST_SESSIONS lets anyone sign in to the demo provider under any
  // name: in production it would hand out sessions to whoever asks.
  if (config.demoHostSessions && production) {
    throw new ConfigError('DEMO_HOST_SESSIONS=true lets anyone sign in to the demo under any name: set DEMO_HOST_SESSIONS=false in production.')
  }
  if (!config.databaseUrl && production && !config.allowEmbeddedDb) throw new ConfigError(EMBEDDED_DB_IN_PRODUCTION)
  // Without SMTP_URL, mail goes to DATA_DIR/mail/ as files, except in
  // production, where a mail nobody receives would be a silent failure:
  // there the routes that need mail answer 503.
  const { smtpUrl } = config.mail
  config.mail = {
    smtpUrl,
    folder: smtpUrl || production ? undefined : join(config.dataDir, 'mail'),
    from: env.MAIL_FROM?.trim() ? config.mail.from : `${config.portalName.replace(/[<>"]/g, '')} <no-reply@localhost>`,
    productName: config.portalName,
  }
  return config
}
