import type { Mail } from '../../mail/index'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** U+2060 WORD JOINER: shows as nothing, and no address may hold it. */
const WORD_JOINER = '\u2060'
/** Characters that show as nothing or move text around (direction overrides, line breaks): a name keeps none of them. */
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]+/gu
/** What joins the parts of a link, an address or a domain (with the full-width and ideographic dots a browser reads as dots). */
const LINK_JOINTS = /[.:/@\\\u3002\uFF0E\uFF61\uFF0F\uFF1A\uFF20]/g

/**
 * A name the inviter chose (theirs, their project's), made inert for mail:
 * mail clients turn text that looks like a link, a domain or an e-mail address
 * into a link, in the text part and in the HTML one, and an attacker's project
 * named "Account suspended! Restore: https://evil.test/r" would become a
 * phishing link signed by the portal. A word joiner on each side of every dot,
 * colon, slash and @ leaves the name looking the same, but what is left is no
 * address (a formatting character is never part of one), so the linkifiers of
 * the common clients skip it; it is the documented way to keep a mail client
 * from linking text. Invisible and direction-changing characters are dropped
 * first, so the name reads as it is stored, on one line.
 */
export const inert = (name: string) =>
  name
    .replace(INVISIBLE, ' ')
    .trim()
    .replace(LINK_JOINTS, (ch) => `${WORD_JOINER}${ch}${WORD_JOINER}`)

/**
 * INVITATION_URL with the code where the widget reads it (takeCode): in the
 * query of a route in the fragment (`#/invitations/accept?code=…`), else in
 * the page's own query, before any other fragment. A `?` of the page's query
 * says nothing about the fragment's: the code appended after the route there
 * would be no parameter of it.
 */
function acceptLink(url: string, code: string): string {
  const withCode = (part: string) => `${part}${part.includes('?') ? '&' : '?'}code=${encodeURIComponent(code)}`
  const hash = url.indexOf('#')
  if (hash < 0) return withCode(url)
  const [page, fragment] = [url.slice(0, hash), url.slice(hash)]
  return fragment.startsWith('#/') ? page + withCode(fragment) : withCode(page) + fragment
}

/**
 * The invitation: who invites, to which project and role, and the code (with
 * a link when INVITATION_URL is set). The inviter's and the project's names
 * are their own text, so they appear only inert (above) and quoted inside a
 * sentence the portal wrote, which says they are names someone gave: plain in
 * the text part, escaped and in an element of their own in the HTML one. The
 * code is not in the subject, which mail clients show in notifications.
 */
export function invitationMail(input: { to: string; product: string; inviter: string; project: string; role: string; code: string; url?: string }): Mail {
  const { to, product, role, code, url } = input
  const [inviter, project] = [inert(input.inviter), inert(input.project)]
  const link = url ? acceptLink(url, code) : undefined
  // The portal's sentence around the names, for the text part (as is) and the HTML one (escaped, each name in its element).
  const sentence = (quote: (name: string) => string, own = (s: string) => s) =>
    `Someone on ${own(product)} who gave their name as ${quote(inviter)} invited you to their project named ${quote(project)}, as ${own(role)}.`
  const lead = sentence((name) => `"${name}"`)
  const how = link
    ? 'Open this link, signed in with this e-mail address, to accept:'
    : // No link to follow: the button the widget's project list shows for a code, by its English name (invitations.test.ts holds it to the widget's catalog), as the mail is English.
      `Sign in to ${product} with this e-mail address, choose "Have an invitation code?" beside "Add New Project", and enter this code to accept:`
  const lasts = 'It works once, for 7 days, and only for the account with this address.'
  const notYou = 'If you do not know the sender, you can ignore this e-mail: nobody joins without it.'
  const text = [lead, '', how, '', `    ${link ?? code}`, '', ...(link ? [`Or enter this code: ${code}`, ''] : []), lasts, '', notYou, '', `— ${product}`].join(
    '\n',
  )
  const p = 'margin:0 0 16px;font:15px/1.5 -apple-system,BlinkMacSystemFont,Segoe UI,Roboto,sans-serif;color:#111827'
  const mono = 'font-family:ui-monospace,Menlo,Consolas,monospace;word-break:break-all'
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f9fafb">
<div style="max-width:480px;margin:0 auto;padding:24px;background:#ffffff;border:1px solid #e5e7eb;border-radius:8px">
<p style="${p};font-weight:600">${escapeHtml(product)}</p>
<p style="${p}">${sentence((name) => `"<span style="font-weight:600">${escapeHtml(name)}</span>"`, escapeHtml)}</p>
<p style="${p}">${escapeHtml(how)}</p>
${link ? `<p style="${p}"><a href="${escapeHtml(link)}">Accept the invitation</a></p>` : ''}
<p style="${p};${mono}">${escapeHtml(code)}</p>
<p style="${p}">${escapeHtml(lasts)}</p>
<p style="${p};color:#4b5563;font-size:13px">${escapeHtml(notYou)}</p>
</div></body></html>`
  return { to, subject: `You are invited to a project — ${product}`, text, html }
}
