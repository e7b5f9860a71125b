/**
 * An account deleted while another of its calls is under way (PostgreSQL, two connections): each waits for the
 * other, in the order both take their locks, and answers as it would once the account is gone. Taken in opposite
 * orders, PostgreSQL ended one of the two as a deadlock, a 500 to its caller.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { issueCode, judgeCode } from '../../server/resources/accounts/codes'
import { endKeys } from '../../server/resources/api-keys'
import { wrongCodesBucket } from '../../server/resources/accounts/code-budget'
import { markVerified } from '../../server/resources/accounts/data'
import { startInbox, type Inbox } from '../support/smtp'
import { blockedBy, holdOpen, type Held } from './blocked'
import { createTestServer, deviceToken, newProject, signUp, usePostgres, type SignedUp, type TestServer } from './harness'
import { addMember } from './teams'

let inbox: Inbox
let s: TestServer
let a: SignedUp

beforeAll(async () => {
  inbox = await startInbox()
})
afterAll(() => inbox.close())
beforeEach(async () => {
  s = await createTestServer({ config: { mail: { smtpUrl: inbox.url } } })
  a = await signUp(s)
  await inbox.next(a.email)
})
afterEach(() => s.close())

const count = async (sql: string, params: unknown[]) => (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0].n
const deleteMe = () => s.request('DELETE', '/api/me', { token: a.accessToken, body: { password: a.password } })
/** The deletion's own statements on the user's row, held open: its row locked, then deleted once released. */
const deleting = () =>
  holdOpen(
    s.db,
    async (tx) => void (await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [a.user.id])),
    async (tx) => void (await tx.query('DELETE FROM users WHERE id = $1', [a.user.id])),
  )

describe.runIf(usePostgres)('an account deleted while another of its calls is under way', () => {
  it('verifying its address with the right code, the deletion first: the code went with the account (400)', async () => {
    const code = await issueCode(s.db, { userId: a.user.id, purpose: 'verify', deviceId: '' }, Date.now(), 900)
    const held = await deleting()
    const verify = s.request('POST', '/api/auth/email/verify', { token: a.accessToken, body: { code } })
    await blockedBy(s.db, held)
    const res = await verify
    expect(res.status, res.text).toBe(400)
    expect(await count('users WHERE id = $1', [a.user.id])).toBe(0)
  })

  it('verifying its address with the right code, the code first: the deletion waits for it, then deletes (204)', async () => {
    const code = await issueCode(s.db, { userId: a.user.id, purpose: 'verify', deviceId: '' }, Date.now(), 900)
    // The route's own check of the code, paused once the code is found right, before it marks the account.
    let inside!: (pid: number) => void
    const entered = new Promise<number>((resolve) => (inside = resolve))
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const ended = judgeCode(s.db, {
      userId: a.user.id,
      purpose: 'verify',
      deviceId: '',
      code,
      now: Date.now(),
      ip: '203.0.113.9',
      bucket: wrongCodesBucket('verify', a.user.id),
      onRight: async (tx) => {
        inside((await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0].pid)
        await gate
        await markVerified(tx, a.user.id)
      },
    }).then((judged) => expect(judged.right).toBe(true))
    const held: Held = { pid: await entered, release, ended }
    const deletion = deleteMe()
    await blockedBy(s.db, held)
    const res = await deletion
    expect(res.status, res.text).toBe(204)
  })

  it('making a key in its project while the deletion waits for that project: the key is made, then the account and project go (204)', async () => {
    const project = await newProject(s, a.accessToken)
    // A call in the project as key creation makes it: the project held, then the user's row its new key names.
    const held = await holdOpen(
      s.db,
      async (tx) => void (await tx.query('SELECT id FROM projects WHERE id = $1 FOR UPDATE', [project.id])),
      async (tx) => void (await tx.query('SELECT 1 FROM users WHERE id = $1 FOR KEY SHARE', [a.user.id])),
    )
    const deletion = deleteMe()
    await blockedBy(s.db, held)
    const res = await deletion
    expect(res.status, res.text).toBe(204)
    expect(await count('projects WHERE id = $1', [project.id])).toBe(0)
  })

  it("resetting its password, deleted once the code was judged: no new password, no session, the code's 400", async () => {
    const device = await deviceToken(s)
    await s.request('POST', '/api/auth/password/forgot', { token: device, body: { email: a.email } })
    const code = await inbox.code(a.email)
    // Holds what a row's foreign keys take (as a call making a row that names the user): the code's check passes
    // it, the reset's last step waits for it; the deletion then lands in between.
    const held = await holdOpen(
      s.db,
      async (tx) => void (await tx.query('SELECT 1 FROM users WHERE id = $1 FOR KEY SHARE', [a.user.id])),
      async (tx) => void (await tx.query('DELETE FROM users WHERE id = $1', [a.user.id])),
    )
    const reset = s.request('POST', '/api/auth/password/reset', { token: device, body: { email: a.email, code, password: 'a brand new passphrase' } })
    await blockedBy(s.db, held)
    const res = await reset
    expect(res.status, res.text).toBe(400)
    expect(await count('tokens WHERE user_id = $1', [a.user.id])).toBe(0)
  })

  it('a key it made in a project it has left, rolled meanwhile: the deletion waits for the roll, then deletes (204)', async () => {
    const owner = await signUp(s)
    const project = await newProject(s, owner.accessToken)
    const memberId = await addMember(s, project.id, a, 'developer')
    const made = await s.request('POST', `/api/manage/dapp/${project.id}/api-key`, { token: a.accessToken })
    expect(made.status, made.text).toBe(201)
    const [keyId] = Object.keys(made.body as object)
    // The owner rolled it (its replacement is the owner's to see, still made by `a`), then `a` left.
    const rolled = await s.request('POST', `/api/manage/dapp/${project.id}/api-key/${keyId}/roll`, { token: owner.accessToken, body: { graceSeconds: 0 } })
    expect(rolled.status, rolled.text).toBe(201)
    const [replacement] = Object.keys(rolled.body as object)
    const left = await s.request('DELETE', `/api/manage/dapp/${project.id}/members/${memberId}`, { token: a.accessToken })
    expect(left.status, left.text).toBe(200)
    // The owner's roll of the replacement, as rollKey takes its locks: the project, the key, then the row of the
    // account its new key names as its maker (the reference's check). The deletion's cascade clears `a` from the
    // key, which checks the key's project: without holding that project first, it waited for the roll's project
    // while holding the row the roll then waited for.
    const held = await holdOpen(
      s.db,
      async (tx) => {
        await tx.query('SELECT 1 FROM projects WHERE id = $1 FOR UPDATE', [project.id])
        await tx.query('SELECT 1 FROM api_keys WHERE id = $1 FOR UPDATE', [replacement])
      },
      async (tx) => void (await tx.query('SELECT 1 FROM users WHERE id = $1 FOR KEY SHARE', [a.user.id])),
    )
    const deletion = deleteMe()
    await blockedBy(s.db, held)
    const res = await deletion
    expect(res.status, res.text).toBe(204)
  })

  it('having invited a member who saw a key it made, in a project it has left, while the member is removed: both go through (204)', async () => {
    const owner = await signUp(s)
    const m = await signUp(s)
    const project = await newProject(s, owner.accessToken)
    const keyId = Object.keys(project.apiKey)[0]
    const own = await addMember(s, project.id, a, 'admin')
    const theirs = await addMember(s, project.id, m, 'developer')
    // `a` invited `m` and made the key, `m` saw its text (a roll's replacement), then `a` left.
    await s.db.query('UPDATE project_members SET invited_by = $1 WHERE id = $2', [a.user.id, theirs])
    await s.db.query('UPDATE api_keys SET created_by = $1, seen_by = $2 WHERE id = $3', [a.user.id, m.user.id, keyId])
    await s.db.query('DELETE FROM project_members WHERE id = $1', [own])
    // The owner's removal of `m` as the route takes its locks: the project, m's row (deleted), then the keys m saw.
    const removal = await holdOpen(
      s.db,
      async (tx) => {
        await tx.query('SELECT 1 FROM projects WHERE id = $1 FOR UPDATE', [project.id])
        await tx.query('DELETE FROM project_members WHERE id = $1', [theirs])
      },
      async (tx) => void (await endKeys(tx, project.id, [keyId], new Date())),
    )
    const deletion = deleteMe()
    await blockedBy(s.db, removal)
    const res = await deletion
    expect(res.status, res.text).toBe(204)
  })
})
