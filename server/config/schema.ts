import { z } from 'zod'
import type { ScryptCost } from '../security/password'
import { encryptionKey, encryptionKeyNamed, eventTypes, isSmtpUrl, parseFrameAncestors, parseOrigins, retrySchedule } from './parsers'
import { keyScopes } from './key-scopes'
import { bool, boolOr, int, parsed, reading, setting, text, textOr } from './settings'

/**
 * Every setting of the server, written once: its field, its variable, its
 * bounds and its default. README's table of variables is checked against it
 * (tests/server/config.test.ts).
 */

const MAX = 1_000_000
const DAY = 86_400

const rateLimit = z.object({
  /** Attempts per client IP per window, for each of register and authenticate. */
  perIp: int('RATE_LIMIT_PER_IP', 100, 1, MAX),
  /**
   * Failed log-ins (and sign-up attempts) per e-mail from one client address per
   * window; also the number of failures for an e-mail, from all addresses
   * together, after which each log-in for it is slowed (never refused).
   */
  perEmail: int('RATE_LIMIT_PER_EMAIL', 10, 1, MAX),
  /** Failed log-ins per client address per window, whatever the e-mail. */
  failuresPerIp: int('RATE_LIMIT_FAILURES_PER_IP', 50, 1, MAX),
  /** The longest a log-in for an e-mail under attack is slowed, in milliseconds. */
  slowdownMaxMs: int('LOGIN_SLOWDOWN_MAX_MS', 3000, 0, 60_000),
  /**
   * Wrong passwords judged per account per `accountWindowSeconds`, from all
   * addresses together (NIST SP 800-63B §5.2.2: at most 100). Beyond it, log-ins
   * for the account answer 429 unchecked, except from a device that has
   * signed in to it before.
   */
  perAccount: int('RATE_LIMIT_PER_ACCOUNT', 100, 1, MAX),
  accountWindowSeconds: int('RATE_LIMIT_ACCOUNT_WINDOW_SECONDS', 60 * 60, 1, DAY),
  /** Calls per user per minute on the routes a user's access token opens. */
  perUser: int('RATE_LIMIT_PER_USER', 300, 1, MAX),
  /** Calls per client address per minute that carry an unknown or expired token. */
  badTokensPerIp: int('RATE_LIMIT_BAD_TOKENS_PER_IP', 60, 1, MAX),
  /** Calls per client address per minute on the routes an access token opens, whoever's (a shared office's worth). */
  perAddress: int('RATE_LIMIT_PER_ADDRESS', 1200, 1, MAX),
  /** Projects one user may create per window. */
  projectsPerUser: int('RATE_LIMIT_PROJECTS_PER_USER', 50, 1, MAX),
  /** Invitations (and resends) one user may send a day: each one mails an address. Revoking one gives nothing back. */
  invitationsPerUser: int('RATE_LIMIT_INVITATIONS_PER_USER', 50, 1, MAX),
  /** Invitations (and resends) one e-mail address may be sent a day, from every project and inviter together. */
  invitationsPerEmail: int('RATE_LIMIT_INVITATIONS_PER_EMAIL', 3, 1, MAX),
  /** Invitation codes one user may try to accept per window (a wrong one included). */
  acceptsPerUser: int('RATE_LIMIT_ACCEPTS_PER_USER', 20, 1, MAX),
  /** Device registrations per client IP per window (the one call anyone may make). */
  devicesPerIp: int('RATE_LIMIT_DEVICES_PER_IP', 600, 1, MAX),
  windowSeconds: int('RATE_LIMIT_WINDOW_SECONDS', 15 * 60, 1, DAY),
})

const webhooks = z.object({
  /** The provider's event types; webhook.test is added to them. */
  eventTypes: setting(z.record(z.string(), z.string().optional()).transform(reading(eventTypes)), {
    env: 'WEBHOOK_EVENT_TYPES',
    also: ['WEBHOOK_EVENT_TYPES_FILE'],
  }),
  /** Endpoints one project may hold. */
  endpointLimit: int('WEBHOOK_ENDPOINT_LIMIT', 10, 1, 10_000),
  /** Seconds before each retry; its length is the number of retries. */
  retrySchedule: parsed('WEBHOOK_RETRY_SCHEDULE', retrySchedule),
  /**
   * Endpoints may be on loopback and private addresses (development, tests).
   * Unset: yes for `npm start` outside production (config/index.ts), so the
   * demo can send to a receiver on this machine; no with NODE_ENV=production
   * and for an app made by createApp.
   */
  allowPrivateNetworks: boolOr('WEBHOOK_ALLOW_PRIVATE_NETWORKS', 'true, false with NODE_ENV=production'),
  /** Attempts (and messages) older than this are pruned. */
  retentionDays: int('WEBHOOK_RETENTION_DAYS', 30, 1, 3650),
  /** Attempts in flight at once on one instance. */
  concurrency: int('WEBHOOK_CONCURRENCY', 64, 1, 10_000),
  /** Attempts in flight at once to one endpoint, on one instance. */
  endpointConcurrency: int('WEBHOOK_ENDPOINT_CONCURRENCY', 8, 1, 1_000),
  /**
   * Attempts in flight at once for one project's endpoints, on one instance:
   * below WEBHOOK_CONCURRENCY, so projects whose endpoints are slow or dead
   * leave slots to the others.
   */
  projectConcurrency: int('WEBHOOK_PROJECT_CONCURRENCY', 16, 1, 10_000),
  /** Test events and resends one project may send per minute, together, from every instance together. */
  testEventsPerMinute: int('WEBHOOK_TEST_EVENTS_PER_MINUTE', 10, 1, MAX),
  /** How long an attempt may take before it counts as failed. */
  timeoutMs: z.number().default(15_000),
  /** An endpoint that has failed everything for this long is disabled. */
  disableAfterFailingMs: z.number().default(5 * DAY * 1000),
})

/** Outgoing mail (reset and verification codes). */
const mail = z.object({
  /** smtp:// or smtps://, credentials in the URL. */
  smtpUrl: text('SMTP_URL', () => 'SMTP_URL must look like smtp://user:password@mail.example.com:587 or smtps://…:465.', isSmtpUrl),
  /**
   * Without SMTP_URL (outside production): mails are written as .eml files to
   * this folder and their path is logged, so a person on this machine can
   * finish every flow. Neither set: the routes that send mail answer 503.
   */
  folder: z.string().optional(),
  /** The From: of every mail; unset, it names PORTAL_NAME (config/index.ts). */
  from: textOr(
    'MAIL_FROM',
    '"Flex Portal" <no-reply@localhost>',
    () => 'MAIL_FROM must be an address such as "Flex Portal <portal@example.com>".',
    (v) => !/[\r\n]/.test(v) && v.includes('@'),
    '"{PORTAL_NAME}" <no-reply@localhost>',
  ),
  /** The product the mails name: PORTAL_NAME. */
  productName: z.string().default('Flex Portal'),
  /** Mail through `smtp://` to another machine goes only over TLS (STARTTLS): NODE_ENV=production (config/index.ts). */
  requireTls: z.boolean().default(false),
  /**
   * Run without mail: password reset, e-mail verification and invitations are
   * off (their routes answer 503 and the widget hides them). The one way to
   * start in production without SMTP_URL.
   */
  disabled: bool('MAIL_DISABLED'),
})

export const appSchema = z.object({
  /** API key pairs one project may hold. */
  keyLimit: int('API_KEY_LIMIT', 20, 1, 10_000),
  /**
   * What new API keys start with, before the `_`: 2 to 12 lowercase letters, so
   * a key is still one word a secret scanner can match. Keys issued under an
   * earlier prefix keep verifying: each key's prefix is stored with it.
   */
  apiKeyPrefix: textOr(
    'API_KEY_PREFIX',
    'fxk',
    (raw) => `API_KEY_PREFIX must be 2 to 12 lowercase letters (such as acme), not "${raw}".`,
    (v) => /^[a-z]{2,12}$/.test(v),
  ),
  /**
   * The provider's scope catalog (a JSON file): keys may then be restricted to
   * some of its scopes. Unset: no catalog, and every key holds every scope.
   */
  keyScopes: parsed('KEY_SCOPES_FILE', keyScopes),
  /** The portal's name in the API reference's title and page, and in the mails: one line a page title can hold. */
  portalName: textOr(
    'PORTAL_NAME',
    'Flex Portal',
    () => 'PORTAL_NAME must be one line of at most 60 characters.',
    (v) => v.length <= 60 && !/[\u0000-\u001f\u007f]/.test(v),
  ),
  rateLimit,
  accessTokenTtlSeconds: int('ACCESS_TOKEN_TTL_SECONDS', 12 * 60 * 60, 60, 365 * DAY),
  deviceTokenTtlSeconds: int('DEVICE_TOKEN_TTL_SECONDS', 30 * DAY, 60, 365 * DAY),
  /** Origins allowed to call the API from another origin (exact match). */
  corsOrigins: parsed('CORS_ORIGINS', parseOrigins),
  /**
   * Take the client IP from the last X-Forwarded-For entry (the one our own
   * proxy added). Only behind a proxy: otherwise clients could pick their IP
   * and escape the rate limit.
   */
  trustProxy: bool('TRUST_PROXY'),
  /** Bearer token of POST /keys/verify, POST /sessions and webhook messages, long enough that guessing it is hopeless; unset, those routes answer 503. */
  serviceToken: text(
    'SERVICE_TOKEN',
    () => 'SERVICE_TOKEN must be at least 16 characters (use a long random string).',
    (v) => v.length >= 16,
  ),
  /** How long a code from POST /sessions may be exchanged for a session. */
  sessionCodeTtlSeconds: int('SESSION_CODE_TTL_SECONDS', 60, 5, 3600),
  /**
   * Serve the demo provider's own tiny log-in and its session route for
   * /existing.html. Never for production: anyone may sign in there under any name.
   * Unset: yes for `npm start` outside production (config/index.ts).
   */
  demoHostSessions: boolOr('DEMO_HOST_SESSIONS', 'true, false with NODE_ENV=production'),
  /** Projects one account may hold (409 beyond). */
  projectLimit: int('PROJECT_LIMIT', 1000, 1, MAX),
  /** The CSP frame-ancestors sources of the HTML pages: who may frame them. */
  frameAncestors: parsed('FRAME_ANCESTORS', parseFrameAncestors),
  /**
   * scrypt cost of new password hashes (default: OWASP's minimum). Not read
   * from the environment: only the tests lower it, since a hash at full cost
   * is slow on purpose.
   */
  passwordCost: z.custom<ScryptCost>().optional(),
  /**
   * AES-256-GCM key of the stored webhook secrets. start.ts fills it from
   * DATA_DIR when unset; an app made without one (tests) uses a key of its process.
   */
  secretEncryptionKey: parsed('SECRET_ENCRYPTION_KEY', encryptionKey, { shown: 'generated into DATA_DIR' }),
  /** The key before SECRET_ENCRYPTION_KEY, while moving to it: the first instance to start re-encrypts the secrets it opens. */
  secretEncryptionKeyPrevious: parsed('SECRET_ENCRYPTION_KEY_PREVIOUS', encryptionKeyNamed('SECRET_ENCRYPTION_KEY_PREVIOUS')),
  webhooks,
  mail,
  /** Project and key creation, a key's roll, and webhook endpoints (added or re-pointed), secret rolls, test events and resends answer 403 until the account's e-mail is verified. */
  requireVerifiedEmail: bool('REQUIRE_VERIFIED_EMAIL'),
  /** How long a reset or verification code works. */
  codeTtlSeconds: int('CODE_TTL_SECONDS', 900, 60, DAY),
  /** Members and pending invitations one project may hold, its owner included (409 beyond). */
  memberLimit: int('MEMBER_LIMIT', 25, 1, 10_000),
  /**
   * Where an invitation mail's link points, the code appended as `code=`
   * (e.g. https://developers.example.com/portal#/invitations/accept); unset,
   * the mail carries the code alone.
   */
  invitationUrl: text(
    'INVITATION_URL',
    () => 'INVITATION_URL must be an https:// (or http://) address.',
    // Parsed as a browser would: a value no browser opens (http://%) would mail a link that goes nowhere.
    (v) => /^https?:\/\/[^\s]+$/.test(v) && URL.canParse(v),
  ),
  /** How long audit-log entries are kept. */
  auditRetentionDays: int('AUDIT_RETENTION_DAYS', 365, 1, 36_500),
  /** How long request-log entries are kept (whole days: a day's partition goes once all of it is older). */
  requestLogRetentionDays: int('REQUEST_LOG_RETENTION_DAYS', 30, 1, 3650),
})

export const serverSchema = appSchema.extend({
  host: textOr('HOST', '127.0.0.1'),
  port: int('PORT', 8080, 0, 65535),
  dataDir: textOr('DATA_DIR', '.data/'),
  databaseUrl: text(
    'DATABASE_URL',
    () => 'DATABASE_URL must start with postgres:// or postgresql://.',
    (v) => /^postgres(ql)?:\/\//.test(v),
  ),
  /** Skip building dist/ when it is missing (tests that need only the API). */
  skipBuild: bool('SKIP_BUILD'),
  /** Run on the embedded database even with NODE_ENV=production. */
  allowEmbeddedDb: bool('ALLOW_EMBEDDED_DB'),
  /**
   * Serve the demo pages (/, /docs.html, /existing.html and their files).
   * Unset: yes, except with NODE_ENV=production (config/index.ts), where a
   * demo page would offer a sign-in that leads nowhere.
   */
  demoPages: boolOr('DEMO_PAGES', 'true, false with NODE_ENV=production'),
})
