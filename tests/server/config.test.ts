import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  DEFAULTS,
  DEMO_SESSIONS_IN_PRODUCTION,
  EMBEDDED_DB_IN_PRODUCTION,
  ENCRYPTION_KEY_IN_PRODUCTION,
  SERVICE_TOKEN_IN_PRODUCTION,
  SMTP_IN_PRODUCTION,
  parseOrigins,
  readConfig,
} from '../../server/config'
import { serverSchema } from '../../server/config/schema'
import { variables } from '../../server/config/settings'

describe('readConfig', () => {
  it('has working defaults: 127.0.0.1:8080, .data/, PGlite, limit 20', () => {
    expect(readConfig({})).toEqual({
      ...DEFAULTS,
      host: '127.0.0.1',
      port: 8080,
      dataDir: '.data/',
      databaseUrl: undefined,
      skipBuild: false,
      allowEmbeddedDb: false,
      production: false,
      demoPages: true,
      // Outside production, `npm start` is the demo: its host sign-in and
      // webhooks to a receiver on this machine work out of the box.
      demoHostSessions: true,
      webhooks: { ...DEFAULTS.webhooks, allowPrivateNetworks: true },
      // Without SMTP_URL, outside production, mail goes to a folder of the data directory.
      mail: { ...DEFAULTS.mail, disabled: false, folder: join('.data/', 'mail') },
    })
    expect(DEFAULTS.keyLimit).toBe(20)
  })

  it('reads every variable', () => {
    const config = readConfig({
      HOST: '0.0.0.0',
      PORT: '0',
      DATA_DIR: '/var/lib/flex',
      DATABASE_URL: 'postgres://u:p@db:5432/flex',
      CORS_ORIGINS: 'https://docs.example.com, http://localhost:3000/',
      TRUST_PROXY: 'true',
      SKIP_BUILD: '1',
      API_KEY_LIMIT: '5',
      RATE_LIMIT_PER_IP: '7',
      RATE_LIMIT_PER_EMAIL: '3',
      RATE_LIMIT_WINDOW_SECONDS: '30',
      RATE_LIMIT_DEVICES_PER_IP: '9',
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      DEVICE_TOKEN_TTL_SECONDS: '7200',
      RATE_LIMIT_FAILURES_PER_IP: '11',
      LOGIN_SLOWDOWN_MAX_MS: '0',
      RATE_LIMIT_PER_USER: '120',
      RATE_LIMIT_PER_ACCOUNT: '40',
      RATE_LIMIT_ACCOUNT_WINDOW_SECONDS: '600',
      RATE_LIMIT_BAD_TOKENS_PER_IP: '12',
      RATE_LIMIT_PER_ADDRESS: '900',
      RATE_LIMIT_PROJECTS_PER_USER: '4',
      PROJECT_LIMIT: '25',
      FRAME_ANCESTORS: "'self' https://docs.example.com",
      SESSION_CODE_TTL_SECONDS: '120',
      DEMO_HOST_SESSIONS: 'true',
      API_KEY_PREFIX: 'acme',
      SECRET_ENCRYPTION_KEY: '00'.repeat(32),
      WEBHOOK_EVENT_TYPES: 'invoice.paid, customer.created',
      WEBHOOK_ENDPOINT_LIMIT: '3',
      WEBHOOK_RETRY_SCHEDULE: '1, 2.5,60',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_RETENTION_DAYS: '7',
      WEBHOOK_CONCURRENCY: '20',
      WEBHOOK_ENDPOINT_CONCURRENCY: '2',
      WEBHOOK_PROJECT_CONCURRENCY: '4',
      WEBHOOK_TEST_EVENTS_PER_MINUTE: '5',
      SMTP_URL: 'smtps://portal:secret@mail.example.com:465',
      MAIL_FROM: 'Acme <portal@acme.example>',
      PORTAL_NAME: 'Acme Developers',
      REQUIRE_VERIFIED_EMAIL: 'true',
      CODE_TTL_SECONDS: '600',
      DEMO_PAGES: 'false',
      RATE_LIMIT_INVITATIONS_PER_USER: '8',
      RATE_LIMIT_INVITATIONS_PER_EMAIL: '2',
      RATE_LIMIT_ACCEPTS_PER_USER: '6',
      MEMBER_LIMIT: '10',
      INVITATION_URL: 'https://developers.example.com/portal#/invitations/accept',
      AUDIT_RETENTION_DAYS: '90',
      REQUEST_LOG_RETENTION_DAYS: '7',
    })
    expect(config).toEqual({
      host: '0.0.0.0',
      port: 0,
      dataDir: '/var/lib/flex',
      databaseUrl: 'postgres://u:p@db:5432/flex',
      corsOrigins: ['https://docs.example.com', 'http://localhost:3000'],
      trustProxy: true,
      skipBuild: true,
      allowEmbeddedDb: false,
      production: false,
      demoPages: false,
      keyLimit: 5,
      apiKeyPrefix: 'acme',
      portalName: 'Acme Developers',
      rateLimit: {
        perIp: 7,
        perEmail: 3,
        failuresPerIp: 11,
        slowdownMaxMs: 0,
        perAccount: 40,
        accountWindowSeconds: 600,
        perUser: 120,
        badTokensPerIp: 12,
        perAddress: 900,
        projectsPerUser: 4,
        invitationsPerUser: 8,
        invitationsPerEmail: 2,
        acceptsPerUser: 6,
        devicesPerIp: 9,
        windowSeconds: 30,
      },
      accessTokenTtlSeconds: 3600,
      deviceTokenTtlSeconds: 7200,
      projectLimit: 25,
      frameAncestors: "'self' https://docs.example.com",
      sessionCodeTtlSeconds: 120,
      demoHostSessions: true,
      serviceToken: undefined,
      secretEncryptionKey: Buffer.alloc(32),
      webhooks: {
        eventTypes: [{ name: 'invoice.paid' }, { name: 'customer.created' }],
        endpointLimit: 3,
        retrySchedule: [1, 2.5, 60],
        allowPrivateNetworks: true,
        retentionDays: 7,
        concurrency: 20,
        endpointConcurrency: 2,
        projectConcurrency: 4,
        testEventsPerMinute: 5,
        timeoutMs: 15_000,
        disableAfterFailingMs: 5 * 86_400_000,
      },
      mail: {
        disabled: false,
        smtpUrl: 'smtps://portal:secret@mail.example.com:465',
        folder: undefined,
        from: 'Acme <portal@acme.example>',
        productName: 'Acme Developers',
        requireTls: false,
      },
      requireVerifiedEmail: true,
      codeTtlSeconds: 600,
      memberLimit: 10,
      invitationUrl: 'https://developers.example.com/portal#/invitations/accept',
      auditRetentionDays: 90,
      requestLogRetentionDays: 7,
    })
  })

  const SECRETS = { SERVICE_TOKEN: 'a-service-token-of-some-length', SECRET_ENCRYPTION_KEY: '00'.repeat(32), SMTP_URL: 'smtp://u:p@mail.example.com:587' }

  it('runs in production on PostgreSQL, or on the embedded database only when told to', () => {
    expect(readConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u:p@db:5432/flex', ...SECRETS }).databaseUrl).toBe('postgres://u:p@db:5432/flex')
    // One instance on its own data: its key file beside the data does.
    expect(
      readConfig({ NODE_ENV: 'production', ALLOW_EMBEDDED_DB: 'true', SERVICE_TOKEN: SECRETS.SERVICE_TOKEN, MAIL_DISABLED: 'true' }).databaseUrl,
    ).toBeUndefined()
  })

  it("turns the demo's conveniences on outside production only, and never by the start script", () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://u:p@db:5432/flex', ...SECRETS }
    // `NODE_ENV=production npm start` as documented: no DEMO_HOST_SESSIONS to unset.
    expect(readConfig(production)).toMatchObject({ production: true, demoHostSessions: false, webhooks: { allowPrivateNetworks: false } })
    expect(readConfig({})).toMatchObject({ production: false, demoHostSessions: true, webhooks: { allowPrivateNetworks: true } })
    expect(readConfig({ DEMO_HOST_SESSIONS: 'false', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' })).toMatchObject({
      demoHostSessions: false,
      webhooks: { allowPrivateNetworks: false },
    })
    expect(readConfig({ ...production, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' }).webhooks.allowPrivateNetworks).toBe(true)
    const script = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).scripts.start as string
    expect(script).not.toContain('DEMO_HOST_SESSIONS')
  })

  it('sends a production start without DATABASE_URL to the section of the docs that says how, not to a page that links there', () => {
    const [, page, section] = /\((docs\/[\w-]+\.md), "([^"]+)"\)/.exec(EMBEDDED_DB_IN_PRODUCTION) ?? []
    expect(page, 'a docs page and section named in the message').toBeDefined()
    const doc = readFileSync(new URL(`../../${page}`, import.meta.url), 'utf8')
    expect(doc).toMatch(new RegExp(`^## ${section}$[\\s\\S]*DATABASE_URL=postgres://`, 'm'))
  })

  it("reads NODE_ENV=Production as production, and refuses a value that is neither production nor development's", () => {
    const settings = { DATABASE_URL: 'postgres://u:p@db:5432/flex', ...SECRETS }
    // A production written otherwise would start with the demo's defaults: webhooks to private networks, sign-in by name.
    for (const NODE_ENV of ['Production', ' PRODUCTION ']) {
      expect(readConfig({ ...settings, NODE_ENV })).toMatchObject({ production: true, demoHostSessions: false, webhooks: { allowPrivateNetworks: false } })
      expect(() => readConfig({ NODE_ENV })).toThrow(EMBEDDED_DB_IN_PRODUCTION)
    }
    for (const NODE_ENV of ['', 'development', 'Development', 'test']) expect(readConfig({ NODE_ENV }).production).toBe(false)
    for (const NODE_ENV of ['prod', 'staging']) {
      expect(() => readConfig({ ...settings, NODE_ENV })).toThrow(`NODE_ENV="${NODE_ENV}" is neither production nor development or test`)
    }
  })

  it('refuses production without SMTP_URL, unless MAIL_DISABLED turns mail off', () => {
    const { SMTP_URL: _, ...noMail } = SECRETS
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://u:p@db:5432/flex', ...noMail }
    expect(() => readConfig(production)).toThrow(SMTP_IN_PRODUCTION)
    expect(readConfig({ ...production, MAIL_DISABLED: 'true' }).mail).toMatchObject({ disabled: true, smtpUrl: undefined, folder: undefined })
    // Outside production too, MAIL_DISABLED wins over the folder and SMTP_URL.
    expect(readConfig({ MAIL_DISABLED: 'true', SMTP_URL: SECRETS.SMTP_URL }).mail).toMatchObject({ smtpUrl: undefined, folder: undefined })
  })

  it('serves the demo pages outside production, and in production only with DEMO_PAGES=true', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://u:p@db:5432/flex', ...SECRETS }
    expect(readConfig({}).demoPages).toBe(true)
    expect(readConfig({ DEMO_PAGES: 'false' }).demoPages).toBe(false)
    expect(readConfig(production).demoPages).toBe(false)
    expect(readConfig({ ...production, DEMO_PAGES: 'true' }).demoPages).toBe(true)
  })

  it('names every missing or wrong setting of a production start in one message', () => {
    let message = ''
    try {
      readConfig({ NODE_ENV: 'production', DEMO_HOST_SESSIONS: 'true', PORT: 'eighty', DEMO_PAGES: 'maybe' })
    } catch (err) {
      message = (err as Error).message
    }
    expect(message.split('\n')).toEqual([
      'The server cannot start until these settings are fixed:',
      '- PORT must be a whole number from 0 to 65535, not "eighty".',
      '- DEMO_PAGES must be true or false, not "maybe".',
      `- ${DEMO_SESSIONS_IN_PRODUCTION}`,
      `- ${EMBEDDED_DB_IN_PRODUCTION}`,
      `- ${SERVICE_TOKEN_IN_PRODUCTION}`,
      `- ${ENCRYPTION_KEY_IN_PRODUCTION}`,
      `- ${SMTP_IN_PRODUCTION}`,
    ])
  })

  it('names a value its own reader refuses (an origin, a frame source) beside every other wrong one, not alone', () => {
    expect(() => readConfig({ CORS_ORIGINS: 'docs.example.com', FRAME_ANCESTORS: '*', PORT: 'abc' })).toThrow(
      [
        'The server cannot start until these settings are fixed:',
        '- CORS_ORIGINS: "docs.example.com" is not an origin such as https://docs.example.com.',
        '- FRAME_ANCESTORS: "*" is not a source such as \'self\' or https://docs.example.com.',
        '- PORT must be a whole number from 0 to 65535, not "abc".',
      ].join('\n'),
    )
  })

  it('names a wrong webhook event catalog beside every other wrong setting, not alone', () => {
    expect(() => readConfig({ WEBHOOK_EVENT_TYPES: 'invoice paid', PORT: 'abc', NODE_ENV: 'production', MAIL_DISABLED: 'true' })).toThrow(
      [
        'The server cannot start until these settings are fixed:',
        '- Event type "invoice paid" must be 1 to 100 letters, digits, dots, colons, dashes or underscores, such as invoice.paid.',
        '- PORT must be a whole number from 0 to 65535, not "abc".',
        `- ${EMBEDDED_DB_IN_PRODUCTION}`,
        `- ${SERVICE_TOKEN_IN_PRODUCTION}`,
        `- ${ENCRYPTION_KEY_IN_PRODUCTION}`,
      ].join('\n'),
    )
    expect(() => readConfig({ WEBHOOK_EVENT_TYPES: 'a', WEBHOOK_EVENT_TYPES_FILE: 'types.json', PORT: 'abc' })).toThrow(
      'The server cannot start until these settings are fixed:\n- Set WEBHOOK_EVENT_TYPES or WEBHOOK_EVENT_TYPES_FILE, not both.\n- PORT must be a whole number from 0 to 65535, not "abc".',
    )
  })

  it('reads the webhook event catalog from WEBHOOK_EVENT_TYPES_FILE, as a list or as an object', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flex-config-'))
    try {
      const list = join(dir, 'list.json')
      await writeFile(list, JSON.stringify([{ name: 'invoice.paid', description: 'Paid.', example: { id: 'in_1' } }, { name: 'customer.created' }]))
      expect(readConfig({ WEBHOOK_EVENT_TYPES_FILE: list }).webhooks.eventTypes).toEqual([
        { name: 'invoice.paid', description: 'Paid.', example: { id: 'in_1' } },
        { name: 'customer.created' },
      ])
      const map = join(dir, 'map.json')
      await writeFile(map, JSON.stringify({ 'invoice.paid': { description: 'Paid.' } }))
      expect(readConfig({ WEBHOOK_EVENT_TYPES_FILE: map }).webhooks.eventTypes).toEqual([{ name: 'invoice.paid', description: 'Paid.' }])
      const bad = join(dir, 'bad.json')
      await writeFile(bad, JSON.stringify([{ name: 'x', example: 'text' }]))
      expect(() => readConfig({ WEBHOOK_EVENT_TYPES_FILE: bad })).toThrow(
        'WEBHOOK_EVENT_TYPES_FILE: the example of x must be a JSON object (it is delivered as "data").',
      )
      expect(() => readConfig({ WEBHOOK_EVENT_TYPES_FILE: join(dir, 'missing.json') })).toThrow(/cannot read/)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('reads the scope catalog from KEY_SCOPES_FILE, and names what is wrong with one that is missing, not JSON, badly made or names a scope twice', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flex-config-'))
    const file = async (name: string, text: string) => {
      await writeFile(join(dir, name), text)
      return join(dir, name)
    }
    try {
      expect(readConfig({}).keyScopes).toBeUndefined()
      const good = [
        { name: 'invoices:read', description: 'Read invoices', group: 'Invoices', access: 'read' },
        { name: 'invoices:write', description: 'Create and change invoices', group: 'Invoices', access: 'write' },
      ]
      expect(readConfig({ KEY_SCOPES_FILE: await file('good.json', JSON.stringify(good)) }).keyScopes).toEqual(good)
      const missing = join(dir, 'missing.json')
      expect(() => readConfig({ KEY_SCOPES_FILE: missing })).toThrow(`KEY_SCOPES_FILE: cannot read ${missing} (no such file).`)
      const notJson = await file('not.json', '[{ name: "x" }')
      expect(() => readConfig({ KEY_SCOPES_FILE: notJson })).toThrow(new RegExp(`^KEY_SCOPES_FILE: ${notJson} is not JSON \\(`))
      const object = await file('object.json', '{"invoices:read": {}}')
      expect(() => readConfig({ KEY_SCOPES_FILE: object })).toThrow(
        `KEY_SCOPES_FILE: ${object} must hold a JSON array of { name, description, group, access }.`,
      )
      // An empty catalog would leave a developer no key to make (every live key broad): refused at start.
      const empty = await file('empty.json', '[]')
      expect(() => readConfig({ KEY_SCOPES_FILE: empty })).toThrow(`KEY_SCOPES_FILE: ${empty} holds no scope; name at least one`)
      const badAccess = await file('access.json', JSON.stringify([good[0], { ...good[1], access: 'admin' }]))
      expect(() => readConfig({ KEY_SCOPES_FILE: badAccess })).toThrow('KEY_SCOPES_FILE: the access of entry 2 ("invoices:write") must be "read" or "write".')
      const badName = await file('name.json', JSON.stringify([{ ...good[0], name: 'has space' }]))
      expect(() => readConfig({ KEY_SCOPES_FILE: badName })).toThrow(/^KEY_SCOPES_FILE: the name of entry 1 must be 1 to 100 letters.*\(not "has space"\)\.$/)
      const noGroup = await file('group.json', JSON.stringify([{ ...good[0], group: '' }]))
      expect(() => readConfig({ KEY_SCOPES_FILE: noGroup })).toThrow('KEY_SCOPES_FILE: the group of entry 1 ("invoices:read") must be one line of text')
      const twice = await file('twice.json', JSON.stringify([good[0], good[1], good[0]]))
      expect(() => readConfig({ KEY_SCOPES_FILE: twice })).toThrow('KEY_SCOPES_FILE: the scope "invoices:read" is declared twice.')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('sends no mail in production with MAIL_DISABLED (the mail routes answer 503), and names the product in From: by default', () => {
    expect(
      readConfig({ NODE_ENV: 'production', ALLOW_EMBEDDED_DB: 'true', SERVICE_TOKEN: 'a-service-token-of-some-length', MAIL_DISABLED: 'true' }).mail,
    ).toEqual({
      disabled: true,
      smtpUrl: undefined,
      folder: undefined,
      from: '"Flex Portal" <no-reply@localhost>',
      productName: 'Flex Portal',
      requireTls: true,
    })
    expect(readConfig({ PORTAL_NAME: 'Acme' }).mail.from).toBe('"Acme" <no-reply@localhost>')
  })

  it.each([
    [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535, not "70000".'],
    [{ PORT: '80.5' }, 'PORT must be a whole number from 0 to 65535, not "80.5".'],
    [{ PORT: '0x1F90' }, 'PORT must be a whole number from 0 to 65535, not "0x1F90".'],
    [{ PORT: '1e3' }, 'PORT must be a whole number from 0 to 65535, not "1e3".'],
    [{ SESSION_CODE_TTL_SECONDS: '0b111100' }, 'SESSION_CODE_TTL_SECONDS must be a whole number from 5 to 3600, not "0b111100".'],
    [{ SESSION_CODE_TTL_SECONDS: '1' }, 'SESSION_CODE_TTL_SECONDS must be a whole number from 5 to 3600, not "1".'],
    [{ PROJECT_LIMIT: '0' }, 'PROJECT_LIMIT must be a whole number from 1 to 1000000, not "0".'],
    [{ FRAME_ANCESTORS: "'self'; script-src *" }, "FRAME_ANCESTORS: \"'self';\" is not a source such as 'self' or https://docs.example.com."],
    [{ API_KEY_LIMIT: '0' }, 'API_KEY_LIMIT must be a whole number from 1 to 10000, not "0".'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY must be true or false, not "maybe".'],
    [{ INVITATION_URL: 'https://[developers.example.com/portal' }, 'INVITATION_URL must be an https:// (or http://) address.'],
    [
      { DEMO_HOST_SESSIONS: 'true', NODE_ENV: 'production', ALLOW_EMBEDDED_DB: 'true' },
      'DEMO_HOST_SESSIONS=true lets anyone sign in to the demo under any name: set DEMO_HOST_SESSIONS=false in production.',
    ],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres:// or postgresql://.'],
    [{ NODE_ENV: 'production' }, EMBEDDED_DB_IN_PRODUCTION],
    [{ NODE_ENV: 'production', ALLOW_EMBEDDED_DB: 'true', SERVICE_TOKEN: 'a-service-token-of-some-length' }, SMTP_IN_PRODUCTION],
    [{ MAIL_DISABLED: 'sometimes' }, 'MAIL_DISABLED must be true or false, not "sometimes".'],
    [{ NODE_ENV: 'production', ALLOW_EMBEDDED_DB: 'false' }, EMBEDDED_DB_IN_PRODUCTION],
    [{ NODE_ENV: 'production', ALLOW_EMBEDDED_DB: 'perhaps' }, 'ALLOW_EMBEDDED_DB must be true or false, not "perhaps".'],
    [{ PORTAL_NAME: 'Acme\nCloud' }, 'PORTAL_NAME must be one line of at most 60 characters.'],
    [{ API_KEY_PREFIX: 'a' }, 'API_KEY_PREFIX must be 2 to 12 lowercase letters (such as acme), not "a".'],
    [{ API_KEY_PREFIX: 'Acme' }, 'API_KEY_PREFIX must be 2 to 12 lowercase letters (such as acme), not "Acme".'],
    [{ API_KEY_PREFIX: 'acme_live' }, 'API_KEY_PREFIX must be 2 to 12 lowercase letters (such as acme), not "acme_live".'],
    [{ API_KEY_PREFIX: 'abcdefghijklm' }, 'API_KEY_PREFIX must be 2 to 12 lowercase letters (such as acme), not "abcdefghijklm".'],
    [{ SECRET_ENCRYPTION_KEY: 'too-short' }, 'SECRET_ENCRYPTION_KEY must be 32 random bytes as 64 hex digits or base64 (openssl rand -base64 32).'],
    [{ WEBHOOK_RETRY_SCHEDULE: '5,soon' }, /^WEBHOOK_RETRY_SCHEDULE must be up to 20 delays in seconds/],
    [
      { WEBHOOK_EVENT_TYPES: 'invoice paid' },
      'Event type "invoice paid" must be 1 to 100 letters, digits, dots, colons, dashes or underscores, such as invoice.paid.',
    ],
    [{ WEBHOOK_EVENT_TYPES: 'a.b,a.b' }, 'Event type "a.b" is declared twice.'],
    [{ WEBHOOK_ENDPOINT_LIMIT: '0' }, 'WEBHOOK_ENDPOINT_LIMIT must be a whole number from 1 to 10000, not "0".'],
    [{ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'sometimes' }, 'WEBHOOK_ALLOW_PRIVATE_NETWORKS must be true or false, not "sometimes".'],
    [{ SMTP_URL: 'https://mail.example.com' }, 'SMTP_URL must look like smtp://user:password@mail.example.com:587 or smtps://…:465.'],
    [{ MAIL_FROM: 'nobody' }, 'MAIL_FROM must be an address such as "Flex Portal <portal@example.com>".'],
    [{ CODE_TTL_SECONDS: '5' }, 'CODE_TTL_SECONDS must be a whole number from 60 to 86400, not "5".'],
    [{ CORS_ORIGINS: 'docs.example.com' }, 'CORS_ORIGINS: "docs.example.com" is not an origin such as https://docs.example.com.'],
    [{ CORS_ORIGINS: 'https://docs.example.com/path' }, 'CORS_ORIGINS: "https://docs.example.com/path" is not an origin such as https://docs.example.com.'],
  ])('refuses %j', (env, message) => {
    expect(() => readConfig(env)).toThrow(message)
  })

  it('treats empty variables as unset', () => {
    expect(readConfig({ PORT: '', DATABASE_URL: ' ', CORS_ORIGINS: ' , ' })).toMatchObject({ port: 8080, databaseUrl: undefined, corsOrigins: [] })
    expect(parseOrigins(undefined)).toEqual([])
  })
})

/** A default as the page writes it: unset, a list comma-separated, anything else as text. */
function shown(value: unknown): string {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return 'unset'
  return Array.isArray(value) ? value.join(',') : String(value)
}

describe("docs/configuration.md's tables of variables", () => {
  const text = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8')
  // Every table headed `| variable | default | meaning |`, the page's sections in turn.
  const rows = text
    .split('| variable | default | meaning |\n')
    .slice(1)
    .flatMap((table) => {
      const lines = table.split('\n').slice(1)
      return lines.slice(
        0,
        lines.findIndex((l) => !l.startsWith('|')),
      )
    })
    .map((row) => /^\| `([A-Z0-9_]+)` \| (.*?) \| /.exec(row))
  const table = rows.map((m) => ({ name: m?.[1], default: m?.[2].replace(/`/g, '') }))
  const defaults = readConfig({})

  it('names every setting of the configuration schema once, with its default, and nothing else', () => {
    const expected = variables(serverSchema).map(({ name, path, shown: written }) => ({
      name,
      default: written ?? shown(path.reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], defaults)),
    }))
    expect(table.length).toBeGreaterThan(40)
    expect([...table].sort((a, b) => a.name!.localeCompare(b.name!))).toEqual(expected.sort((a, b) => a.name.localeCompare(b.name)))
  })
})
