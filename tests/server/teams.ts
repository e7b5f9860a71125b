/** Shared steps of the teams tests: members put in place directly, and invitations through the API and a real SMTP sink. */
import { randomBytes } from 'node:crypto'
import type { MemberRole } from '../../contract/constants'
import { expect } from 'vitest'
import type { Inbox } from '../support/smtp'
import { signUp, uniqueEmail, type SignedUp, type TestServer } from './harness'

export type { MemberRole }

/** Marks `user`'s e-mail address verified, as the mailed code would: only a verified address may invite. */
export async function verifyEmail(s: TestServer, user: SignedUp): Promise<void> {
  await s.db.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [user.user.id])
}

/** Makes `user` a joined member of the project with `role`, as an accepted invitation does (which verifies the address); answers the member id. */
export async function addMember(s: TestServer, projectId: string, user: SignedUp, role: MemberRole): Promise<string> {
  await verifyEmail(s, user)
  const id = `mem_${randomBytes(8).toString('hex')}`
  await s.db.query(`INSERT INTO project_members (id, project_id, user_id, email, role, invited_at, joined_at) VALUES ($1, $2, $3, $4, $5, now(), now())`, [
    id,
    projectId,
    user.user.id,
    user.email,
    role,
  ])
  return id
}

/** The code of the latest invitation mailed to `email` (the mail's text holds it as fxi_…). */
export async function mailedCode(inbox: Inbox, email: string): Promise<{ code: string; text: string; html: string; subject: string }> {
  const mail = await inbox.next(email)
  const text = mail.text ?? ''
  const code = /fxi_[A-Za-z0-9_-]+/.exec(text)?.[0]
  if (!code) throw new Error('no invitation code in the mail')
  return { code, text, html: String(mail.html ?? ''), subject: mail.subject ?? '' }
}

/** A new account named `name`, its sign-up mail taken from `inbox` and its address verified, so it may invite. */
export async function verifiedAccount(s: TestServer, inbox: Inbox, name: string): Promise<SignedUp> {
  const email = uniqueEmail(name.split(' ')[0].toLowerCase())
  const a = await signUp(s, { name, email })
  await inbox.next(email)
  await verifyEmail(s, a)
  return a
}

/** `who` invites `email` to the project as a viewer through the API, and the mail arrives; answers the invitation's id. */
export async function inviteViewer(s: TestServer, inbox: Inbox, who: SignedUp, projectId: string, email: string): Promise<string> {
  const res = await s.request('POST', `/api/manage/dapp/${projectId}/members`, { token: who.accessToken, body: { email, role: 'viewer' } })
  expect(res.status, res.text).toBe(201)
  await mailedCode(inbox, email)
  return res.body.id as string
}
