/**
 * Who may mail invitations, and how many: invitation mail carries an
 * inviter's and a project's names to any address, so an account must have
 * proved its own address first, and the mails are budgeted a day per inviter
 * and per invited address (from every project together), so nobody can turn
 * the portal into a spam or phishing relay.
 */
import type { Queryable } from '../../db/index'
import { HttpError, errorTable } from '../../http/errors'
import { longWaitWords, refused } from '../../http/throttle'
import { hitRateLimit, invitedEmailBucket, inviterBucket } from '../../security/rate-limit'

const DAY_SECONDS = 86_400

export const INVITING = errorTable({
  VERIFY_TO_INVITE: 'Verify your e-mail address before inviting anyone: we sent you a code. You can ask for a new one from your profile.',
  /** An account of host sign-in: only its provider, or an invitation's code, can verify its address. */
  HOST_EMAIL_UNVERIFIED:
    'You cannot invite anyone yet: the website you signed in through has not confirmed your e-mail address to us. Accepting an invitation with the code from its mail confirms it too.',
  /** The inviter's budget of the day is spent. */
  INVITER_LIMIT_REACHED: (perDay: number, retryAfter: number) =>
    `You may send ${perDay} invitations a day, resends included. Try again in ${longWaitWords(retryAfter)}.`,
  /** The invited address's budget of the day is spent (whoever sent them: the message names no project). */
  INVITED_ADDRESS_LIMIT_REACHED: (perDay: number, retryAfter: number) =>
    `This address has already been sent ${perDay} invitations today, the most one address may receive in a day. Try again in ${longWaitWords(retryAfter)}.`,
})
export const VERIFY_TO_INVITE = INVITING.VERIFY_TO_INVITE.message
export const inviterSpent = (perDay: number, retryAfter: number) => INVITING.INVITER_LIMIT_REACHED(perDay, retryAfter).message
export const addressSpent = (perDay: number, retryAfter: number) => INVITING.INVITED_ADDRESS_LIMIT_REACHED(perDay, retryAfter).message

/**
 * Whether the account may invite: its address verified (for an account of the
 * provider's own sign-in, as its provider last said, or by an invitation's
 * code). A host account is told so in its own words: it has no code to ask for.
 */
export async function checkMayInvite(q: Queryable, userId: string): Promise<void> {
  const [row] = await q.query<{ ok: boolean; host: boolean }>(
    'SELECT email_verified_at IS NOT NULL AS ok, external_id IS NOT NULL AS host FROM users WHERE id = $1',
    [userId],
  )
  if (row?.host && !row.ok) throw new HttpError(403, INVITING.HOST_EMAIL_UNVERIFIED)
  if (!row?.ok) throw new HttpError(403, INVITING.VERIFY_TO_INVITE)
}

/**
 * Counts one invitation mail against the inviter's and the address's budgets
 * of the day; 429 with Retry-After past either. Call it in the transaction
 * that records the invitation: the counts are of mails sent, so revoking an
 * invitation gives nothing back, while a refused call (409, 429) rolls its
 * count back with it and costs nothing.
 */
export async function spendInvitation(q: Queryable, limits: { perUser: number; perEmail: number }, inviterId: string, email: string): Promise<void> {
  const mine = await hitRateLimit(q, [{ key: inviterBucket(inviterId), limit: limits.perUser }], DAY_SECONDS)
  if (!mine.allowed) throw refused(mine.retryAfter, INVITING.INVITER_LIMIT_REACHED(limits.perUser, mine.retryAfter))
  const theirs = await hitRateLimit(q, [{ key: invitedEmailBucket(email), limit: limits.perEmail }], DAY_SECONDS)
  if (!theirs.allowed) throw refused(theirs.retryAfter, INVITING.INVITED_ADDRESS_LIMIT_REACHED(limits.perEmail, theirs.retryAfter))
}
