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
    expect(lines).toContain('Mail: SMTP via smtp.example.com:465 (SMTP_URL)')
    expect(lines).not.toMatch(/secret|mailer|flex:/)
  })

  it('says when no mail can be sent at all', () => {
    expect(bannerLines({ url, pages: servedPages(), dataDir: '.data/', mail: {} })).toContain(
      'Mail: none (SMTP_URL unset): password reset and e-mail verification answer 503',
    )
  })
})
