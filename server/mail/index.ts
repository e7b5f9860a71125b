/**
 * Outgoing mail: through SMTP_URL with nodemailer, or, on a machine without
 * one (never in production), into a folder as .eml files whose paths are
 * logged, so a person can open the mail and finish the flow. A mail's text
 * (it holds a code) is never logged.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { createTransport, type Transporter } from 'nodemailer'
import type { MailConfig } from '../config'
import { isLoopbackHost } from '../config/parsers'
import { errorTable } from '../http/errors'
import type { Log } from '../http/logger'
import { randomId } from '../security/random'

export interface Mail {
  to: string
  subject: string
  text: string
  html: string
}

export interface Mailer {
  send(mail: Mail): Promise<void>
}

export const MAIL = errorTable({
  MAIL_NOT_CONFIGURED: 'This server cannot send e-mail: set SMTP_URL (and MAIL_FROM) to turn on password reset and e-mail verification.',
})
export const MAIL_NOT_CONFIGURED = MAIL.MAIL_NOT_CONFIGURED.message

/**
 * A mail failure as the log may hold it: its code and the SMTP reply's code, never its message, to which the
 * mail library adds the server's reply ("550 5.1.1 <ada@example.com>: Recipient address rejected"). An address
 * in the log would say which addresses have an account, which the password-reset answer keeps to itself.
 */
export function mailFailure(err: unknown): string {
  const { code, responseCode } = (err ?? {}) as { code?: unknown; responseCode?: unknown }
  const parts = [typeof code === 'string' ? code : undefined, typeof responseCode === 'number' ? `SMTP ${responseCode}` : undefined].filter(Boolean)
  return parts.length ? parts.join(', ') : err instanceof Error ? err.name : 'unknown error'
}

/**
 * Whether mail through `smtp://` must upgrade to TLS (STARTTLS) before it sends anything: in production
 * (`requireTls`), to another machine. nodemailer's default upgrades only when the server offers it, so a relay
 * without it, or anyone on the path who strips the offer, would read the SMTP password and every code in clear.
 * `smtps://` is TLS from the start; a relay on this machine is not on a network. `requireTLS=` in SMTP_URL is the
 * operator's word over this, as nodemailer reads it over the transport's options (false, 0 or empty: not required).
 */
export function tlsRequired({ smtpUrl, requireTls }: { smtpUrl: string; requireTls?: boolean }): boolean {
  const url = new URL(smtpUrl)
  if (url.protocol !== 'smtp:') return false
  const given = url.searchParams.get('requireTLS')
  if (given !== null) return !['false', '0', ''].includes(given)
  return Boolean(requireTls) && !isLoopbackHost(url.hostname)
}

/** The mailer `config` asks for, or undefined when mail is off (production without SMTP_URL). */
export function createMailer(config: MailConfig, log: Log): Mailer | undefined {
  if (config.smtpUrl) {
    const transport: Transporter = createTransport({ url: config.smtpUrl, requireTLS: tlsRequired({ ...config, smtpUrl: config.smtpUrl }) })
    return {
      async send(mail) {
        await transport.sendMail({ from: config.from, ...mail })
      },
    }
  }
  if (!config.folder) return undefined
  const folder = resolve(config.folder)
  const build = createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(mail) {
      // The text goes in with CRLF breaks: the quoted-printable encoder restarts its 76-character
      // count only at CRLF, so with bare LF it splits a short line mid-word ("fxi_…=" then the rest),
      // and a person reading the .eml in an editor copies half an invitation code.
      const { message } = await build.sendMail({ from: config.from, ...mail, text: mail.text.replace(/\r?\n/g, '\r\n') })
      await mkdir(folder, { recursive: true })
      const path = join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomId('', 6)}.eml`)
      await writeFile(path, message as Buffer, { mode: 0o600 })
      log(`mail written to ${path} (no SMTP_URL: open it to read the code)`)
    },
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/**
 * A code mail: plain text and simple HTML saying the same thing, with what to
 * do if the reader did not ask for it. The code is not in the subject, which
 * mail clients show in notifications and lists.
 */
export function codeMail(input: { to: string; product: string; subject: string; lead: string; code: string; lifetime: string; notYou: string }): Mail {
  const { to, product, subject, lead, code, lifetime, notYou } = input
  const lasts = `It works once, for ${lifetime}.`
  const text = [`${lead}`, '', `    ${code}`, '', lasts, '', notYou, '', `— ${product}`].join('\n')
  const p = 'margin:0 0 16px;font:15px/1.5 -apple-system,BlinkMacSystemFont,Segoe UI,Roboto,sans-serif;color:#111827'
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f9fafb">
<div style="max-width:480px;margin:0 auto;padding:24px;background:#ffffff;border:1px solid #e5e7eb;border-radius:8px">
<p style="${p};font-weight:600">${escapeHtml(product)}</p>
<p style="${p}">${escapeHtml(lead)}</p>
<p style="${p};font-size:28px;font-weight:700;letter-spacing:6px;font-family:ui-monospace,Menlo,Consolas,monospace">${escapeHtml(code)}</p>
<p style="${p}">${escapeHtml(lasts)}</p>
<p style="${p};color:#4b5563;font-size:13px">${escapeHtml(notYou)}</p>
</div></body></html>`
  return { to, subject: `${subject} — ${product}`, text, html }
}
