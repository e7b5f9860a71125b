import type { Mail } from '../../mail/index'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/**
 * The invitation: who invites, to which project and role, and the code (with
 * a link when INVITATION_URL is set). Names are the inviter's and the
 * project's own text: plain in the text part, escaped in the HTML one. The
 * code is not in the subject, which mail clients show in notifications.
 */
export function invitationMail(input: { to: string; product: string; inviter: string; project: string; role: string; code: string; url?: string }): Mail {
  const { to, product, inviter, project, role, code, url } = input
  const link = url ? `${url}${url.includes('?') ? '&' : '?'}code=${encodeURIComponent(code)}` : undefined
  const lead = `${inviter} invited you to the project "${project}" on ${product}, as ${role}.`
  const how = link
    ? 'Open this link, signed in with this e-mail address, to accept:'
    : `Sign in to ${product} with this e-mail address and enter this code to accept:`
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
<p style="${p}">${escapeHtml(lead)}</p>
<p style="${p}">${escapeHtml(how)}</p>
${link ? `<p style="${p}"><a href="${escapeHtml(link)}">Accept the invitation</a></p>` : ''}
<p style="${p};${mono}">${escapeHtml(code)}</p>
<p style="${p}">${escapeHtml(lasts)}</p>
<p style="${p};color:#4b5563;font-size:13px">${escapeHtml(notYou)}</p>
</div></body></html>`
  return { to, subject: `You are invited to a project — ${product}`, text, html }
}
