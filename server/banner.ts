/**
 * What `npm start` prints once it listens: every page it serves, the database
 * in use and where mail goes, so a first run says what it is doing and a
 * production log says what it was started with.
 */
import { join } from 'node:path'
import { isLoopbackHost } from './config/parsers'
import { tlsRequired } from './mail/index'

export interface Page {
  path: string
  what: string
}

const DEMO_PAGES: Page[] = [
  { path: '', what: 'the standalone demo' },
  { path: 'docs.html', what: 'a documentation site with the portal embedded' },
  { path: 'existing.html', what: 'an existing product page hosting single elements' },
]
const API_DOCS: Page = { path: 'api/docs', what: 'the API reference' }

/** The pages this server serves: the demo's only when it serves them. */
export function servedPages(demoPages = true): Page[] {
  return demoPages ? [...DEMO_PAGES, API_DOCS] : [API_DOCS]
}

export interface BannerFacts {
  url: string
  pages: Page[]
  dataDir: string
  databaseUrl?: string
  /** `from`: the mails' From: as MAIL_FROM gave it, or the default's `no-reply@localhost`. */
  mail: { smtpUrl?: string; folder?: string; disabled?: boolean; from?: string; requireTls?: boolean }
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS as it is in effect. */
  privateWebhooks?: boolean
  /** The development service token's file, when `npm start` made one (never the token itself). */
  tokenFile?: string
  /** HOST, the address it listens on. */
  host?: string
  /** DEMO_HOST_SESSIONS as it is in effect: Northwind's sign-in by any name. */
  demoSignIn?: boolean
  /** NODE_ENV=production, with the pages it names: CORS_ORIGINS (where the widget runs) and INVITATION_URL. */
  production?: boolean
  corsOrigins?: string[]
  invitationUrl?: string
}

/** The address a browser on this machine opens: every address (0.0.0.0, ::) is none to go to, and Chrome refuses 0.0.0.0. */
const localUrl = (url: string) => url.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//[::1]:')

/**
 * Development settings that let anyone who reaches the server in, said when it listens beyond this machine:
 * a shared network then reaches Northwind's sign-in by any name (as any of its users) and the webhooks' private addresses.
 */
function exposure({ host, demoSignIn, privateWebhooks }: BannerFacts): string[] {
  if (!host || isLoopbackHost(host)) return []
  const open = [
    ...(demoSignIn ? ['sign in to the Northwind demo under any name, and so as any of its users (DEMO_HOST_SESSIONS)'] : []),
    ...(privateWebhooks ? ['make this server call addresses on your private network as webhook endpoints (WEBHOOK_ALLOW_PRIVATE_NETWORKS)'] : []),
  ]
  if (open.length === 0) return []
  return [
    `Warning: HOST=${host} lets other machines reach this server, and development settings are on: anyone who reaches it can ${open.join(', and ')}. ` +
      'Set them to false, or start it as in production (docs/production.md), before anyone else can reach it.',
  ]
}

/**
 * Mail sent through SMTP from the default's address (`no-reply@localhost`): a domain nobody owns, which mail
 * services refuse or file as spam, so codes and invitations go missing with nothing in the server's log.
 */
function localSender({ smtpUrl, from }: BannerFacts['mail']): string[] {
  if (!smtpUrl || !from || !/@localhost>?\s*$/i.test(from)) return []
  return [
    `Warning: mail is sent from ${from}, which mail services refuse or file as spam: ` +
      'set MAIL_FROM to an address of your own domain that your mail service sends from ("Acme Developers" <portal@acme.example>).',
  ]
}

/**
 * Pages of production on plain http:// to another machine: a page that runs the widget holds a developer's
 * session, which anyone on the network path can take by rewriting the page, and an invitation link carries its code
 * in clear. Said, not refused: the operator may have TLS in front that the server cannot see.
 */
function plainHttp({ production, corsOrigins = [], invitationUrl }: BannerFacts): string[] {
  const inClear = (address: string) => {
    const url = new URL(address)
    return url.protocol === 'http:' && !isLoopbackHost(url.hostname)
  }
  const origins = corsOrigins.filter(inClear)
  const invitations = invitationUrl !== undefined && inClear(invitationUrl)
  if (!production || (origins.length === 0 && !invitations)) return []
  const what = [
    ...(origins.length
      ? [`pages at ${origins.join(', ')} (CORS_ORIGINS) hold a developer's session that anyone on the network path can read by rewriting the page`]
      : []),
    ...(invitations ? ['invitation links (INVITATION_URL) carry their code in clear'] : []),
  ]
  return [`Warning: plain http:// in production: ${what.join(', and ')}. Serve those pages over https:// and name them so.`]
}

/** The SMTP server's host and port, never its credentials, and whether mail to it goes only over TLS. */
function smtpVia(mail: BannerFacts['mail'] & { smtpUrl: string }): string {
  try {
    const url = new URL(mail.smtpUrl)
    const tls = url.protocol === 'smtps:' ? 'TLS' : tlsRequired(mail) ? 'only over TLS (STARTTLS)' : 'TLS only if the server offers it'
    return `${url.port ? `${url.hostname}:${url.port}` : url.hostname} (SMTP_URL), ${tls}`
  } catch {
    return 'SMTP_URL'
  }
}

/** A path as one word of a POSIX shell, whatever it holds (a folder named o'brien): in single quotes, each ' as '\''. */
const shellQuoted = (path: string) => `'${path.replaceAll("'", `'\\''`)}'`

/** The database's host and name, never its credentials. */
function postgresAt(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl)
    return ` at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`
  } catch {
    return ''
  }
}

export function bannerLines(facts: BannerFacts): string[] {
  const { pages, dataDir, databaseUrl, mail, privateWebhooks, tokenFile } = facts
  const url = localUrl(facts.url)
  const width = Math.max(...pages.map((p) => url.length + p.path.length))
  return [
    ...pages.map((p) => `  ${(url + p.path).padEnd(width)}  ${p.what}`),
    databaseUrl
      ? `Database: PostgreSQL${postgresAt(databaseUrl)} (DATABASE_URL)`
      : `Database: embedded PostgreSQL (PGlite) in ${dataDir}; set DATABASE_URL for a PostgreSQL server`,
    mail.smtpUrl
      ? `Mail: SMTP via ${smtpVia({ ...mail, smtpUrl: mail.smtpUrl })}`
      : mail.folder
        ? `Mail: written as .eml files to ${join(mail.folder, '/')}, not sent; set SMTP_URL to send it`
        : mail.disabled
          ? 'Mail: off (MAIL_DISABLED): password reset, e-mail verification and invitations are hidden'
          : 'Mail: none (SMTP_URL unset): password reset, e-mail verification and invitations answer 503',
    ...(privateWebhooks ? ['Webhooks: endpoints on this machine and private networks are allowed, for development (WEBHOOK_ALLOW_PRIVATE_NETWORKS)'] : []),
    ...(tokenFile
      ? [
          `Service token (development only; set SERVICE_TOKEN in production): in ${tokenFile}`,
          `  Verify a key: curl -s ${url}api/keys/verify -H "Authorization: Bearer $(cat ${shellQuoted(tokenFile)})" -H 'Content-Type: application/json' -d '{"key":"<an API key from the portal>"}'`,
        ]
      : []),
    ...localSender(mail),
    ...exposure(facts),
    ...plainHttp(facts),
  ]
}
