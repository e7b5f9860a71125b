/**
 * Finished rate-limit windows pruned while a call counts in two of them in one transaction (PostgreSQL, several
 * connections): an invitation counts against its inviter's budget, then the invited address's. The prune deleted
 * finished windows in the table's order, and waited for the inviter's while holding the address's; the invitation
 * held the inviter's and waited for the address's, and PostgreSQL ended one of the two as a deadlock (a 500).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { invitedEmailBucket, inviterBucket, pruneRateLimits } from '../../server/security/rate-limit'
import { sha256 } from '../../server/security/random'
import { startInbox, type Inbox } from '../support/smtp'
import { holdOpen, waiting } from './blocked'
import { createTestServer, newProject, signUp, uniqueEmail, usePostgres, type SignedUp, type TestServer } from './harness'
import { verifyEmail } from './teams'

let inbox: Inbox
let s: TestServer
let owner: SignedUp

beforeAll(async () => {
  inbox = await startInbox()
})
afterAll(() => inbox.close())
beforeEach(async () => {
  s = await createTestServer({ config: { mail: { smtpUrl: inbox.url } } })
  owner = await signUp(s)
  await inbox.next(owner.email)
  await verifyEmail(s, owner)
})
afterEach(() => s.close())

/** A window of `bucket` that ended a minute ago, as the prune finds it. */
const finished = (bucket: string) =>
  s.db.query("INSERT INTO rate_limits (bucket, hits, reset_at) VALUES ($1, 3, now() - interval '1 minute')", [sha256(bucket)])

/** Waits until `done` is true, or `n` connections wait for `held` (directly or through each other). */
const untilWaiting = (held: Parameters<typeof waiting>[1], n: number, done: () => boolean) =>
  vi.waitFor(
    async () => {
      if (done()) return
      expect((await waiting(s.db, held)).n).toBe(n)
    },
    { timeout: 10_000, interval: 20 },
  )

describe.runIf(usePostgres)('finished rate-limit windows pruned while an invitation counts in them', () => {
  it('the invitation and the prune each finish, neither a deadlock (201)', async () => {
    const project = await newProject(s, owner.accessToken)
    const email = uniqueEmail('invited')
    // The address's window first in the table, another's next (held by a call counting in it), the inviter's last.
    await finished(invitedEmailBucket(email))
    await finished('another call|of its own')
    await finished(inviterBucket(owner.user.id))
    const held = await holdOpen(
      s.db,
      async (tx) => void (await tx.query('SELECT 1 FROM rate_limits WHERE bucket = $1 FOR UPDATE', [sha256('another call|of its own')])),
    )
    // With the fix the prune skips the held window and never waits (`done` ends the wait at once); without it, it
    // waits for the held window holding the address's, and the invitation then waits for the prune: a deadlock.
    let pruned = false
    let answered = false
    let invitation: ReturnType<typeof s.request> | undefined
    const prune = pruneRateLimits(s.db).finally(() => (pruned = true))
    try {
      await untilWaiting([held], 1, () => pruned)
      invitation = s.request('POST', `/api/manage/dapp/${project.id}/members`, { token: owner.accessToken, body: { email, role: 'viewer' } })
      invitation.finally(() => (answered = true)).catch(() => undefined)
      await untilWaiting([held], 2, () => answered)
    } finally {
      held.release()
    }
    await held.ended
    const [res] = await Promise.all([invitation!, prune])
    expect(res.status, res.text).toBe(201)
    await inbox.next(email)
  })
})
