/**
 * An ownership transfer while its new owner's project count is changing (PostgreSQL, two connections): a transfer
 * and a creation for the same account each wait for the other and count its project, so PROJECT_LIMIT holds; two
 * owners handing each other a project at once both go through, where a lock that waits for a reference to the
 * account's row made PostgreSQL end one of them as a deadlock, a 500.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { insertProject } from '../../server/resources/projects/data'
import { holdNewOwner, lockMember, transferOwnership } from '../../server/resources/members/data'
import { blockedBy, holdOpen, waiting, type Held } from './blocked'
import { createTestServer, newProject, signUp, usePostgres, type SignedUp, type TestServer } from './harness'
import { addMember } from './teams'

const LIMIT = 2
let s: TestServer
let owner: SignedUp
let member: SignedUp
let project: Awaited<ReturnType<typeof newProject>>
let memberId: string

beforeEach(async () => {
  s = await createTestServer({ config: { projectLimit: LIMIT } })
  owner = await signUp(s, { name: 'Olga Owner' })
  member = await signUp(s, { name: 'Mia Member' })
  project = await newProject(s, owner.accessToken)
  memberId = await addMember(s, project.id, member, 'admin')
})
afterEach(() => s.close())

const transfer = () => s.request('POST', `/api/manage/dapp/${project.id}/owner`, { token: owner.accessToken, body: { memberId, password: owner.password } })
const owned = async (who: SignedUp) => (await s.db.query('SELECT id FROM projects WHERE owner_id = $1', [who.user.id])).length

/** Sends the call while `held` holds what it took, lets it commit, and answers the call's answer. */
async function whileHeld(held: Held, send: () => ReturnType<TestServer['request']>) {
  const answer = send()
  await blockedBy(s.db, held)
  return answer
}

describe.runIf(usePostgres)('a transfer and the new owner’s project count', () => {
  it('a transfer that waited for a project the member was creating counts it: 409 RECIPIENT_PROJECT_LIMIT', async () => {
    await newProject(s, member.accessToken, { name: 'Mine' })
    const creating = await holdOpen(s.db, async (tx) => {
      await insertProject(tx, member.user.id, { name: 'Second', description: '', webhookSecretHash: 'x' }, LIMIT)
    })
    const res = await whileHeld(creating, transfer)
    expect([res.status, res.body.code]).toEqual([409, 'RECIPIENT_PROJECT_LIMIT'])
    expect([await owned(member), await owned(owner)]).toEqual([LIMIT, 1])
  })

  it('a project created while a transfer to its owner holds the account counts the transferred one: 409 PROJECT_LIMIT_REACHED', async () => {
    await newProject(s, member.accessToken, { name: 'Mine' })
    // The transfer's own steps, its commit held back.
    const transferring = await holdOpen(
      s.db,
      async (tx) => {
        await tx.query('SELECT id FROM projects WHERE id = $1 FOR UPDATE', [project.id])
        expect(await holdNewOwner(tx, member.user.id)).toBe(1)
      },
      async (tx) => transferOwnership(tx, project.id, owner.user.id, (await lockMember(tx, project.id, memberId))!),
    )
    const res = await whileHeld(transferring, () => s.request('POST', '/api/manage/dapp', { token: member.accessToken, body: { name: 'Second' } }))
    expect([res.status, res.body.code]).toEqual([409, 'PROJECT_LIMIT_REACHED'])
    expect([await owned(member), await owned(owner)]).toEqual([LIMIT, 0])
  })

  it('two owners handing each other a project at once: both go through', async () => {
    // The member's own project, with the owner as its admin, handed to the owner: held after the lock on the owner's account.
    const theirs = await newProject(s, member.accessToken, { name: 'Theirs' })
    const ownerAsAdmin = await addMember(s, theirs.id, owner, 'admin')
    const handing = await holdOpen(
      s.db,
      async (tx) => {
        await tx.query('SELECT id FROM projects WHERE id = $1 FOR UPDATE', [theirs.id])
        await lockMember(tx, theirs.id, ownerAsAdmin)
        await holdNewOwner(tx, owner.user.id)
      },
      async (tx) => transferOwnership(tx, theirs.id, member.user.id, (await lockMember(tx, theirs.id, ownerAsAdmin))!),
    )
    const answer = transfer()
    // Until the owner's transfer answers, or waits for the member's: then the member's goes on, as it would.
    let answered = false
    void answer.then(
      () => (answered = true),
      () => (answered = true),
    )
    await vi.waitFor(async () => expect(answered || (await waiting(s.db, [handing])).n > 0).toBe(true), { timeout: 10_000, interval: 20 })
    handing.release()
    const [mine, other] = await Promise.allSettled([answer, handing.ended])
    expect(other.status === 'rejected' ? String(other.reason) : 'committed').toBe('committed')
    expect(mine.status === 'fulfilled' ? mine.value.status : mine.reason).toBe(200)
    expect([await owned(member), await owned(owner)]).toEqual([1, 1])
    const ownerOf = async (id: string) => (await s.db.query<{ owner_id: string }>('SELECT owner_id FROM projects WHERE id = $1', [id]))[0].owner_id
    expect([await ownerOf(project.id), await ownerOf(theirs.id)]).toEqual([member.user.id, owner.user.id])
  })
})
