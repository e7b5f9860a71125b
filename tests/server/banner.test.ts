import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bannerLines, servedPages } from '../../server/banner'

const url = 'http://127.0.0.1:8080/'

describe("npm start's banner", () => {
  it('names every page it serves, the embedded database and the folder mail goes to', () => {
    const lines = bannerLines({ url, pages: servedPages(), dataDir: '.data/', mail: { folder: '.data/mail' } })
    for (const page of ['', 'docs.html', 'existing.html', 'api/docs']) expect(lines.some((l) => l.trim().startsWith(`${url}${page} `))).toBe(true)
    expect(lines).toContain('Database: embedded PostgreSQL (PGlite) in .data/; set DATABASE_URL for a PostgreSQL server')
    expect(lines).toContain('Mail: written as .eml files to .data/mail/, not sent; set SMTP_URL to send it')
  })

  it('lists only the API reference when the demo pages are off', () => {
    expect(servedPages(false).map((p) => p.path)).toEqual(['api/docs'])
  })

  it("names PostgreSQL's and the SMTP server's hosts, never their credentials", () => {
    const lines = bannerLines({
      url,
      pages: servedPages(),
      dataDir: '.data/',
      databaseUrl: 'postgres://flex:db-secret@db.internal:5432/flex',
      mail: { smtpUrl: 'smtps://mailer:mail-secret@smtp.example.com:465' },
    }).join('\n')
    expect(lines).toContain('Database: PostgreSQL at db.internal:5432/flex (DATABASE_URL)')
    expect(lines).toContain('Mail: SMTP via smtp.example.com:465 (SMTP_URL), TLS')
    expect(lines).not.toMatch(/secret|mailer|flex:/)
  })

  it('says whether SMTP mail goes only over TLS: required in production to another machine, unless SMTP_URL says requireTLS=false', () => {
    const via = (smtpUrl: string, requireTls: boolean) =>
      bannerLines({ url, pages: servedPages(), dataDir: '.data/', mail: { smtpUrl, requireTls } }).find((l) => l.startsWith('Mail:'))
    expect(via('smtp://u:p@smtp.example.com:587', true)).toBe('Mail: SMTP via smtp.example.com:587 (SMTP_URL), only over TLS (STARTTLS)')
    expect(via('smtp://u:p@smtp.example.com:587', false)).toBe('Mail: SMTP via smtp.example.com:587 (SMTP_URL), TLS only if the server offers it')
    expect(via('smtp://u:p@smtp.example.com:587?requireTLS=false', true)).toBe(
      'Mail: SMTP via smtp.example.com:587 (SMTP_URL), TLS only if the server offers it',
    )
    expect(via('smtp://127.0.0.1:25', true)).toBe('Mail: SMTP via 127.0.0.1:25 (SMTP_URL), TLS only if the server offers it')
    expect(via('smtp://[::1]:25', true)).toBe('Mail: SMTP via [::1]:25 (SMTP_URL), TLS only if the server offers it')
  })

  it('warns when SMTP mail goes out from the default no-reply@localhost, and not from an address of a real domain or as files', () => {
    const smtpUrl = 'smtp://smtp.example.com:587'
    const warning = (mail: { smtpUrl?: string; folder?: string; from?: string }) =>
      bannerLines({ url, pages: servedPages(), dataDir: '.data/', mail }).filter((l) => l.startsWith('Warning:'))
    expect(warning({ smtpUrl, from: '"Acme" <no-reply@localhost>' })).toEqual([
      'Warning: mail is sent from "Acme" <no-reply@localhost>, which mail services refuse or file as spam: ' +
        'set MAIL_FROM to an address of your own domain that your mail service sends from ("Acme Developers" <portal@acme.example>).',
    ])
    expect(warning({ smtpUrl, from: 'portal@LOCALHOST' })).toHaveLength(1)
    expect(warning({ smtpUrl, from: '"Acme" <portal@acme.example>' })).toEqual([])
    expect(warning({ smtpUrl, from: 'portal@localhost.acme.example' })).toEqual([])
    // Mail written as files goes to nobody's inbox: the default sender is fine there.
    expect(warning({ folder: '.data/mail', from: '"Acme" <no-reply@localhost>' })).toEqual([])
  })

  it('warns in production of pages on plain http:// to another machine: CORS_ORIGINS and INVITATION_URL, each named', () => {
    const warning = (facts: { production?: boolean; corsOrigins?: string[]; invitationUrl?: string }) =>
      bannerLines({ url, pages: servedPages(), dataDir: '.data/', mail: {}, ...facts }).filter((l) => l.startsWith('Warning:'))
    const corsOrigins = ['https://docs.example.com', 'http://docs.example.com', 'http://localhost:3000', 'http://[::1]:3000']
    expect(warning({ production: true, corsOrigins, invitationUrl: 'http://developers.example.com/portal#/invitations/accept' })).toEqual([
      "Warning: plain http:// in production: pages at http://docs.example.com (CORS_ORIGINS) hold a developer's session that anyone on the network " +
        'path can read by rewriting the page, and invitation links (INVITATION_URL) carry their code in clear. Serve those pages over https:// and name them so.',
    ])
    expect(warning({ production: true, invitationUrl: 'http://developers.example.com/portal' })).toEqual([
      'Warning: plain http:// in production: invitation links (INVITATION_URL) carry their code in clear. Serve those pages over https:// and name them so.',
    ])
    // https://, this machine's pages, and development say nothing.
    expect(warning({ production: true, corsOrigins: corsOrigins.filter((o) => !o.includes('docs.example.com') || o.startsWith('https')) })).toEqual([])
    expect(warning({ production: true, invitationUrl: 'https://developers.example.com/portal' })).toEqual([])
    expect(warning({ production: false, corsOrigins, invitationUrl: 'http://developers.example.com/portal' })).toEqual([])
  })

  it('says when no mail can be sent at all, and when it was turned off', () => {
    expect(bannerLines({ url, pages: servedPages(), dataDir: '.data/', mail: {} })).toContain(
      'Mail: none (SMTP_URL unset): password reset, e-mail verification and invitations answer 503',
    )
    expect(bannerLines({ url, pages: servedPages(), dataDir: '.data/', mail: { disabled: true } })).toContain(
      'Mail: off (MAIL_DISABLED): password reset, e-mail verification and invitations are hidden',
    )
  })

  it('says when webhooks may go to this machine, and where the development service token is, with a curl that uses it, never the token', () => {
    const lines = bannerLines({ url, pages: servedPages(), dataDir: '.data/', mail: {}, privateWebhooks: true, tokenFile: '/srv/flex/.data/service-token' })
    expect(lines).toContain('Webhooks: endpoints on this machine and private networks are allowed, for development (WEBHOOK_ALLOW_PRIVATE_NETWORKS)')
    expect(lines).toContain('Service token (development only; set SERVICE_TOKEN in production): in /srv/flex/.data/service-token')
    expect(lines.find((l) => l.includes('curl'))).toBe(
      `  Verify a key: curl -s ${url}api/keys/verify -H "Authorization: Bearer $(cat '/srv/flex/.data/service-token')" -H 'Content-Type: application/json' -d '{"key":"<an API key from the portal>"}'`,
    )
    const quiet = bannerLines({ url, pages: servedPages(), dataDir: '.data/', mail: {} }).join('\n')
    expect(quiet).not.toMatch(/Webhooks:|Service token/)
  })

  it("prints a curl a shell reads as written, whatever the token file's folder is called (o'brien, spaces, $HOME)", async () => {
    const dir = await mkdtemp(join(tmpdir(), `o'brien $HOME "x" `))
    try {
      const tokenFile = join(dir, 'service-token')
      await writeFile(tokenFile, 'the-token')
      const line = bannerLines({ url, pages: servedPages(), dataDir: dir, mail: {}, tokenFile }).find((l) => l.includes('curl'))!
      // The header as the shell makes it, curl swapped for printf.
      const header = /-H ("Authorization: Bearer \$\(cat .*\)")/.exec(line)![1]
      expect(execFileSync('bash', ['-c', `printf %s ${header}`], { encoding: 'utf8' })).toBe('Authorization: Bearer the-token')
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
  it('warns, listening beyond this machine, what the development settings then open to others, and prints addresses a browser here opens', () => {
    const facts = { pages: servedPages(), dataDir: '.data/', mail: {}, privateWebhooks: true, demoSignIn: true }
    const everywhere = bannerLines({ ...facts, url: 'http://0.0.0.0:3000/', host: '0.0.0.0' })
    expect(everywhere.find((l) => l.startsWith('Warning:'))).toBe(
      'Warning: HOST=0.0.0.0 lets other machines reach this server, and development settings are on: anyone who reaches it can ' +
        'sign in to the Northwind demo under any name, and so as any of its users (DEMO_HOST_SESSIONS), and make this server call ' +
        'addresses on your private network as webhook endpoints (WEBHOOK_ALLOW_PRIVATE_NETWORKS). Set them to false, or start it as ' +
        'in production (docs/production.md), before anyone else can reach it.',
    )
    expect(everywhere.some((l) => l.trim().startsWith('http://127.0.0.1:3000/docs.html '))).toBe(true)
    expect(everywhere.join('\n')).not.toContain('0.0.0.0:3000')
    const lan = bannerLines({ ...facts, url: 'http://192.168.1.20:3000/', host: '192.168.1.20', privateWebhooks: false })
    expect(lan.find((l) => l.startsWith('Warning:'))).toMatch(/^Warning: HOST=192\.168\.1\.20 .* any of its users \(DEMO_HOST_SESSIONS\)\. Set them/)
    expect(bannerLines({ ...facts, url: 'http://[::]:3000/', host: '::' }).some((l) => l.trim().startsWith('http://[::1]:3000/ '))).toBe(true)
    // Only this machine reaches it, or nothing is open: no warning.
    for (const host of ['127.0.0.1', '::1', 'localhost']) expect(bannerLines({ ...facts, url, host }).some((l) => l.startsWith('Warning:'))).toBe(false)
    expect(bannerLines({ ...facts, url, host: '0.0.0.0', privateWebhooks: false, demoSignIn: false }).some((l) => l.startsWith('Warning:'))).toBe(false)
  })
})
