/**
 * Everything the server reads from the environment, parsed and checked once at
 * start so a typo fails loudly instead of silently using a default.
 */
import { readFileSync } from 'node:fs'
import type { WebhookEventType } from '../contract/webhooks'
import { parseEncryptionKey } from './security/encryption'
import { join } from 'node:path'
import type { ScryptCost } from './security/password'

export interface RateLimitConfig {
  /** Attempts per client IP per window, for each of register and authenticate. */
  perIp: number
  /**
   * Failed log-ins (and sign-up attempts) per e-mail from one client address per
   * window; also the number of failures for an e-mail, from all addresses
   * together, after which each log-in for it is slowed (never refused).
   */
  perEmail: number
  /** Failed log-ins per client address per window, whatever the e-mail. */
  failuresPerIp: number
  /** The longest a log-in for an e-mail under attack is slowed, in milliseconds. */
  slowdownMaxMs: number
  /**
   * Wrong passwords judged per account per `accountWindowSeconds`, from all
   * addresses together (NIST SP 800-63B §5.2.2: at most 100). Beyond it, log-ins
   * for the account answer 429 unchecked, except from a device that has
   * signed in to it before.
   */
  perAccount: number
  accountWindowSeconds: number
  /** Calls per user per minute on the routes a user's access token opens. */
  perUser: number
  /** Calls per client address per minute that carry an unknown or expired token. */
  badTokensPerIp: number
  /** Calls per client address per minute on the routes an access token opens, whoever's (a shared office's worth). */
  perAddress: number
  /** Projects one user may create per window. */
  projectsPerUser: number
  /** Device registrations per client IP per window (the one call anyone may make). */
  devicesPerIp: number
  windowSeconds: number
}

export interface AppConfig {
  /** API key pairs one project may hold. */
  keyLimit: number
  /**
   * What new API keys start with, before the `_` (API_KEY_PREFIX). Keys issued
   * under an earlier prefix keep verifying: each key's prefix is stored with it.
   */
  apiKeyPrefix: string
  /** The portal's name in the API reference's title and page (PORTAL_NAME). */
  portalName: string
  rateLimit: RateLimitConfig
  accessTokenTtlSeconds: number
  deviceTokenTtlSeconds: number
  /** Origins allowed to call the API from another origin (exact match). */
  corsOrigins: string[]
  /**
   * Take the client IP from the last X-Forwarded-For entry (the one our own
   * proxy added). Only behind a proxy: otherwise clients could pick their IP
   * and escape the rate limit.
   */
  trustProxy: boolean
  /** Bearer token of POST /keys/verify and POST /sessions (SERVICE_TOKEN); unset, those routes answer 503. */
  serviceToken?: string
  /** How long a code from POST /sessions may be exchanged for a session. */
  sessionCodeTtlSeconds: number
  /**
   * DEMO_HOST_SESSIONS: serve the demo provider's own tiny log-in and its
   * session route for /existing.html. Never for production: anyone may sign
   * in there under any name.
   */
  demoHostSessions: boolean
  /** Projects one account may hold (409 beyond). */
  projectLimit: number
  /** The CSP frame-ancestors sources of the HTML pages: who may frame them. */
  frameAncestors: string
  /**
   * scrypt cost of new password hashes (default: OWASP's minimum). Not read
   * from the environment: only the tests lower it, since each hash at full
   * cost takes ~50 ms of CPU.
   */
  passwordCost?: ScryptCost
  /**
   * AES-256-GCM key of the stored webhook secrets (SECRET_ENCRYPTION_KEY).
   * start.ts fills it from DATA_DIR when unset; an app made without one (tests)
   * uses a key of its process.
   */
  secretEncryptionKey?: Buffer
  webhooks: WebhookConfig
  /** Outgoing mail (reset and verification codes). */
  mail: MailConfig
  /** REQUIRE_VERIFIED_EMAIL: project and key creation answer 403 until the account's e-mail is verified. */
  requireVerifiedEmail: boolean
  /** How long a reset or verification code works (CODE_TTL_SECONDS). */
  codeTtlSeconds: number
}

export interface MailConfig {
  /** SMTP_URL: smtp:// or smtps://, credentials in the URL. */
  smtpUrl?: string
  /**
   * Without SMTP_URL (outside production): mails are written as .eml files to
   * this folder and their path is logged, so a person on this machine can
   * finish every flow. Neither set: the routes that send mail answer 503.
   */
  folder?: string
  /** MAIL_FROM: the From: of every mail. */
  from: string
  /** PORTAL_NAME: the product the mails name. */
  productName: string
}

export interface WebhookConfig {
  /** The provider's event types (WEBHOOK_EVENT_TYPES or WEBHOOK_EVENT_TYPES_FILE); webhook.test is added to them. */
  eventTypes: WebhookEventType[]
  /** Endpoints one project may hold (WEBHOOK_ENDPOINT_LIMIT). */
  endpointLimit: number
  /** Seconds before each retry (WEBHOOK_RETRY_SCHEDULE); its length is the number of retries. */
  retrySchedule: number[]
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS: endpoints may be on loopback and private addresses (development, tests). */
  allowPrivateNetworks: boolean
  /** Attempts (and messages) older than this are pruned (WEBHOOK_RETENTION_DAYS). */
  retentionDays: number
  /** Attempts in flight at once on one instance (WEBHOOK_CONCURRENCY). */
  concurrency: number
  /** Attempts in flight at once to one endpoint, on one instance (WEBHOOK_ENDPOINT_CONCURRENCY). */
  endpointConcurrency: number
  /** How long an attempt may take before it counts as failed. */
  timeoutMs: number
  /** An endpoint that has failed everything for this long is disabled. */
  disableAfterFailingMs: number
}

/** Settings given to createApp: any left out take their default, rate limits field by field. */
export type AppOverrides = Partial<Omit<AppConfig, 'rateLimit' | 'webhooks' | 'mail'>> & {
  rateLimit?: Partial<RateLimitConfig>
  webhooks?: Partial<WebhookConfig>
  mail?: Partial<MailConfig>
}

export interface ServerConfig extends AppConfig {
  host: string
  port: number
  dataDir: string
  databaseUrl?: string
  /** Skip building dist/ when it is missing (tests that need only the API). */
  skipBuild: boolean
}

export const DEFAULTS: AppConfig = {
  keyLimit: 20,
  apiKeyPrefix: 'fxk',
  portalName: 'Flex Portal',
  rateLimit: {
    perIp: 100,
    perEmail: 10,
    failuresPerIp: 50,
    slowdownMaxMs: 3000,
    perAccount: 100,
    accountWindowSeconds: 60 * 60,
    perUser: 300,
    badTokensPerIp: 60,
    perAddress: 1200,
    projectsPerUser: 50,
    devicesPerIp: 600,
    windowSeconds: 15 * 60,
  },
  accessTokenTtlSeconds: 12 * 60 * 60,
  deviceTokenTtlSeconds: 30 * 24 * 60 * 60,
  corsOrigins: [],
  trustProxy: false,
  projectLimit: 1000,
  frameAncestors: "'none'",
  sessionCodeTtlSeconds: 60,
  demoHostSessions: false,
  mail: { from: 'Flex Portal <no-reply@localhost>', productName: 'Flex Portal' },
  requireVerifiedEmail: false,
  codeTtlSeconds: 900,
  webhooks: {
    eventTypes: [],
    endpointLimit: 10,
    // The Standard Webhooks schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
    retrySchedule: [5, 300, 1800, 7200, 18000, 36000, 36000],
    allowPrivateNetworks: false,
    retentionDays: 30,
    concurrency: 64,
    endpointConcurrency: 8,
    timeoutMs: 15_000,
    disableAfterFailingMs: 5 * 24 * 60 * 60 * 1000,
  },
}

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

export class ConfigError extends Error {
  override readonly name = 'ConfigError'
}

type Env = Record<string, string | undefined>

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim()
  if (!raw) return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, not "${raw}".`)
  }
  return value
}

function bool(env: Env, name: string): boolean {
  const raw = env[name]?.trim().toLowerCase()
  if (!raw) return false
  if (['1', 'true', 'yes'].includes(raw)) return true
  if (['0', 'false', 'no'].includes(raw)) return false
  throw new ConfigError(`${name} must be true or false, not "${raw}".`)
}

/**
 * Parses FRAME_ANCESTORS: `'none'` (the default), or space-separated sources
 * such as `'self' https://docs.example.com`. Anything that could end the
 * directive (`;`, `,`) or is not a CSP source expression is refused.
 */
export function parseFrameAncestors(raw: string | undefined): string {
  const value = raw?.trim()
  if (!value) return DEFAULTS.frameAncestors
  const sources = value.split(/\s+/)
  const keyword = /^'(none|self)'$/
  const origin = /^(https?:\/\/)?(\*\.)?[a-z0-9.-]+(:(\d+|\*))?$|^https?:$/i
  for (const source of sources) {
    if (!keyword.test(source) && !origin.test(source)) {
      throw new ConfigError(`FRAME_ANCESTORS: "${source}" is not a source such as 'self' or https://docs.example.com.`)
    }
  }
  if (sources.includes("'none'") && sources.length > 1) throw new ConfigError("FRAME_ANCESTORS: 'none' cannot be combined with other sources.")
  return sources.join(' ')
}

/** Parses CORS_ORIGINS: comma-separated `scheme://host[:port]` origins. */
export function parseOrigins(raw: string | undefined): string[] {
  const origins: string[] = []
  for (const part of (raw ?? '').split(',')) {
    const item = part.trim()
    if (!item) continue
    let url: URL
    try {
      url = new URL(item)
    } catch {
      throw new ConfigError(`CORS_ORIGINS: "${item}" is not an origin such as https://docs.example.com.`)
    }
    if (!/^https?:$/.test(url.protocol) || url.origin !== item.replace(/\/$/, '')) {
      throw new ConfigError(`CORS_ORIGINS: "${item}" is not an origin such as https://docs.example.com.`)
    }
    origins.push(url.origin)
  }
  return origins
}

export function readConfig(env: Env = process.env): ServerConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://.')
  }
  const config: ServerConfig = {
    host: env.HOST?.trim() || '127.0.0.1',
    port: int(env, 'PORT', 8080, 0, 65535),
    dataDir: env.DATA_DIR?.trim() || '.data/',
    databaseUrl,
    skipBuild: bool(env, 'SKIP_BUILD'),
    demoHostSessions: demoHostSessions(env),
    keyLimit: int(env, 'API_KEY_LIMIT', DEFAULTS.keyLimit, 1, 10_000),
    apiKeyPrefix: apiKeyPrefix(env),
    portalName: portalName(env),
    rateLimit: {
      perIp: int(env, 'RATE_LIMIT_PER_IP', DEFAULTS.rateLimit.perIp, 1, 1_000_000),
      perEmail: int(env, 'RATE_LIMIT_PER_EMAIL', DEFAULTS.rateLimit.perEmail, 1, 1_000_000),
      failuresPerIp: int(env, 'RATE_LIMIT_FAILURES_PER_IP', DEFAULTS.rateLimit.failuresPerIp, 1, 1_000_000),
      slowdownMaxMs: int(env, 'LOGIN_SLOWDOWN_MAX_MS', DEFAULTS.rateLimit.slowdownMaxMs, 0, 60_000),
      perAccount: int(env, 'RATE_LIMIT_PER_ACCOUNT', DEFAULTS.rateLimit.perAccount, 1, 1_000_000),
      accountWindowSeconds: int(env, 'RATE_LIMIT_ACCOUNT_WINDOW_SECONDS', DEFAULTS.rateLimit.accountWindowSeconds, 1, 86_400),
      perUser: int(env, 'RATE_LIMIT_PER_USER', DEFAULTS.rateLimit.perUser, 1, 1_000_000),
      badTokensPerIp: int(env, 'RATE_LIMIT_BAD_TOKENS_PER_IP', DEFAULTS.rateLimit.badTokensPerIp, 1, 1_000_000),
      perAddress: int(env, 'RATE_LIMIT_PER_ADDRESS', DEFAULTS.rateLimit.perAddress, 1, 1_000_000),
      projectsPerUser: int(env, 'RATE_LIMIT_PROJECTS_PER_USER', DEFAULTS.rateLimit.projectsPerUser, 1, 1_000_000),
      devicesPerIp: int(env, 'RATE_LIMIT_DEVICES_PER_IP', DEFAULTS.rateLimit.devicesPerIp, 1, 1_000_000),
      windowSeconds: int(env, 'RATE_LIMIT_WINDOW_SECONDS', DEFAULTS.rateLimit.windowSeconds, 1, 86_400),
    },
    accessTokenTtlSeconds: int(env, 'ACCESS_TOKEN_TTL_SECONDS', DEFAULTS.accessTokenTtlSeconds, 60, 365 * 86_400),
    deviceTokenTtlSeconds: int(env, 'DEVICE_TOKEN_TTL_SECONDS', DEFAULTS.deviceTokenTtlSeconds, 60, 365 * 86_400),
    corsOrigins: parseOrigins(env.CORS_ORIGINS),
    trustProxy: bool(env, 'TRUST_PROXY'),
    serviceToken: serviceToken(env),
    projectLimit: int(env, 'PROJECT_LIMIT', DEFAULTS.projectLimit, 1, 1_000_000),
    frameAncestors: parseFrameAncestors(env.FRAME_ANCESTORS),
    sessionCodeTtlSeconds: int(env, 'SESSION_CODE_TTL_SECONDS', DEFAULTS.sessionCodeTtlSeconds, 5, 3600),
    secretEncryptionKey: encryptionKey(env),
    webhooks: {
      ...DEFAULTS.webhooks,
      eventTypes: eventTypes(env),
      endpointLimit: int(env, 'WEBHOOK_ENDPOINT_LIMIT', DEFAULTS.webhooks.endpointLimit, 1, 10_000),
      retrySchedule: retrySchedule(env.WEBHOOK_RETRY_SCHEDULE),
      allowPrivateNetworks: bool(env, 'WEBHOOK_ALLOW_PRIVATE_NETWORKS'),
      retentionDays: int(env, 'WEBHOOK_RETENTION_DAYS', DEFAULTS.webhooks.retentionDays, 1, 3650),
      concurrency: int(env, 'WEBHOOK_CONCURRENCY', DEFAULTS.webhooks.concurrency, 1, 10_000),
      endpointConcurrency: int(env, 'WEBHOOK_ENDPOINT_CONCURRENCY', DEFAULTS.webhooks.endpointConcurrency, 1, 1_000),
    },
    mail: mailConfig(env, env.DATA_DIR?.trim() || '.data/'),
    requireVerifiedEmail: bool(env, 'REQUIRE_VERIFIED_EMAIL'),
    codeTtlSeconds: int(env, 'CODE_TTL_SECONDS', DEFAULTS.codeTtlSeconds, 60, 86_400),
  }
  if (!databaseUrl && env.NODE_ENV?.trim() === 'production' && !bool(env, 'ALLOW_EMBEDDED_DB')) throw new ConfigError(EMBEDDED_DB_IN_PRODUCTION)
  return config
}

function encryptionKey(env: Env): Buffer | undefined {
  const raw = env.SECRET_ENCRYPTION_KEY?.trim()
  if (!raw) return undefined
  const key = parseEncryptionKey(raw)
  if (!key) throw new ConfigError('SECRET_ENCRYPTION_KEY must be 32 random bytes as 64 hex digits or base64 (openssl rand -base64 32).')
  return key
}

/** WEBHOOK_RETRY_SCHEDULE: seconds before each retry, comma-separated; unset, the Standard Webhooks schedule. */
function retrySchedule(raw: string | undefined): number[] {
  const value = raw?.trim()
  if (!value) return DEFAULTS.webhooks.retrySchedule
  const steps = value.split(',').map((x) => x.trim())
  if (steps.length > 20 || steps.some((x) => !/^\d+(\.\d+)?$/.test(x) || Number(x) > 7 * 86_400)) {
    throw new ConfigError(
      `WEBHOOK_RETRY_SCHEDULE must be up to 20 delays in seconds (each at most 604800), comma-separated, such as 5,300,1800; not "${value}".`,
    )
  }
  return steps.map(Number)
}

const EVENT_TYPE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/

/**
 * The provider's event catalog: WEBHOOK_EVENT_TYPES_FILE (JSON: an array of
 * { name, description?, example? }, or an object of name → { description?, example? })
 * or WEBHOOK_EVENT_TYPES (names, comma-separated).
 */
function eventTypes(env: Env): WebhookEventType[] {
  const file = env.WEBHOOK_EVENT_TYPES_FILE?.trim()
  const list = env.WEBHOOK_EVENT_TYPES?.trim()
  if (file && list) throw new ConfigError('Set WEBHOOK_EVENT_TYPES or WEBHOOK_EVENT_TYPES_FILE, not both.')
  let types: WebhookEventType[] = []
  if (list)
    types = list
      .split(',')
      .map((name) => ({ name: name.trim() }))
      .filter((t) => t.name)
  if (file) {
    let parsed: unknown
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'))
    } catch (err) {
      throw new ConfigError(`WEBHOOK_EVENT_TYPES_FILE: cannot read ${file} as JSON (${(err as Error).message}).`)
    }
    const entries = Array.isArray(parsed)
      ? parsed
      : parsed && typeof parsed === 'object'
        ? Object.entries(parsed).map(([name, v]) => ({ ...(v && typeof v === 'object' ? v : {}), name }))
        : undefined
    if (!entries)
      throw new ConfigError(
        'WEBHOOK_EVENT_TYPES_FILE must hold a JSON array of { name, description, example } or an object of name → { description, example }.',
      )
    types = entries.map((e: unknown) => {
      const { name, description, example } = (e ?? {}) as Record<string, unknown>
      if (typeof name !== 'string') throw new ConfigError('WEBHOOK_EVENT_TYPES_FILE: every event type needs a "name".')
      if (description !== undefined && typeof description !== 'string')
        throw new ConfigError(`WEBHOOK_EVENT_TYPES_FILE: the description of ${name} must be text.`)
      if (example !== undefined && (example === null || typeof example !== 'object' || Array.isArray(example))) {
        throw new ConfigError(`WEBHOOK_EVENT_TYPES_FILE: the example of ${name} must be a JSON object (it is delivered as "data").`)
      }
      return { name, ...(description ? { description } : {}), ...(example ? { example } : {}) }
    })
  }
  const seen = new Set<string>()
  for (const t of types) {
    if (!EVENT_TYPE_NAME.test(t.name)) {
      throw new ConfigError(`Event type "${t.name}" must be 1 to 100 letters, digits, dots, colons, dashes or underscores, such as invoice.paid.`)
    }
    if (seen.has(t.name)) throw new ConfigError(`Event type "${t.name}" is declared twice.`)
    seen.add(t.name)
  }
  return types
}

/**
 * SMTP_URL, MAIL_FROM and PORTAL_NAME. Without SMTP_URL, mail goes to
 * DATA_DIR/mail/ as files, except in production, where a mail nobody
 * receives would be a silent failure: there the routes that need mail answer 503.
 */
function mailConfig(env: Env, dataDir: string): MailConfig {
  const smtpUrl = env.SMTP_URL?.trim() || undefined
  if (smtpUrl) {
    let url: URL | undefined
    try {
      url = new URL(smtpUrl)
    } catch {
      url = undefined
    }
    if (!url || !/^smtps?:$/.test(url.protocol) || !url.hostname) {
      throw new ConfigError('SMTP_URL must look like smtp://user:password@mail.example.com:587 or smtps://…:465.')
    }
  }
  const productName = env.PORTAL_NAME?.trim() || DEFAULTS.mail.productName
  const from = env.MAIL_FROM?.trim() || `${productName.replace(/[<>"\r\n]/g, '')} <no-reply@localhost>`
  if (/[\r\n]/.test(from) || !/@/.test(from)) throw new ConfigError('MAIL_FROM must be an address such as "Flex Portal <portal@example.com>".')
  const production = env.NODE_ENV?.trim() === 'production'
  return { smtpUrl, folder: smtpUrl || production ? undefined : join(dataDir, 'mail'), from, productName }
}

/**
 * The embedded database keeps its data in one process's folder: one instance
 * only, no pg_dump, no replica. Fine for a demo, a surprise in production.
 */
export const EMBEDDED_DB_IN_PRODUCTION =
  'NODE_ENV=production needs DATABASE_URL: without it the server would keep its data in the embedded database under DATA_DIR, ' +
  'which only one instance can use and pg_dump cannot back up. Set DATABASE_URL=postgres://… (see "Running in production" in server/README.md), ' +
  'or ALLOW_EMBEDDED_DB=true to run on the embedded database anyway.'

/**
 * DEMO_HOST_SESSIONS lets anyone sign in to the demo provider under any name
 * (`npm start` turns it on for /existing.html): refused outright in
 * production, where it would hand out sessions to whoever asks.
 */
function demoHostSessions(env: Env): boolean {
  const on = bool(env, 'DEMO_HOST_SESSIONS')
  if (on && env.NODE_ENV?.trim() === 'production') {
    throw new ConfigError('DEMO_HOST_SESSIONS=true lets anyone sign in to the demo under any name: set DEMO_HOST_SESSIONS=false in production.')
  }
  return on
}

/** API_KEY_PREFIX: 2 to 12 lowercase letters, so a key is still one word a secret scanner can match. */
function apiKeyPrefix(env: Env): string {
  const raw = env.API_KEY_PREFIX?.trim()
  if (!raw) return DEFAULTS.apiKeyPrefix
  if (!/^[a-z]{2,12}$/.test(raw)) throw new ConfigError(`API_KEY_PREFIX must be 2 to 12 lowercase letters (such as acme), not "${raw}".`)
  return raw
}

/** PORTAL_NAME: one line a page title can hold. */
function portalName(env: Env): string {
  const raw = env.PORTAL_NAME?.trim()
  if (!raw) return DEFAULTS.portalName
  if (raw.length > 60 || /[\u0000-\u001f\u007f]/.test(raw)) throw new ConfigError('PORTAL_NAME must be one line of at most 60 characters.')
  return raw
}

/** SERVICE_TOKEN: long enough that guessing it is hopeless. */
function serviceToken(env: Env): string | undefined {
  const raw = env.SERVICE_TOKEN?.trim()
  if (!raw) return undefined
  if (raw.length < 16) throw new ConfigError('SERVICE_TOKEN must be at least 16 characters (use a long random string).')
  return raw
}
