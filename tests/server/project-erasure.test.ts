/**
 * A deleted project's audit log goes with it: by its owner (DELETE
 * /manage/dapp/{id}) or with the owner's account (DELETE /api/me). Nobody
 * can read it any more (GET …/audit answers 404), and its entries name every
 * actor by name and address and every invited address.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startInbox, type Inbox } from '../support/smtp'
import { createTestServer, newProject, uniqueEmail, type SignedUp, type TestServer } from './harness'
import { addMember, inviteViewer, verifiedAccount } from './teams'

let inbox: Inbox
let s: TestServer

beforeAll(async () => {
  inbox = await startInbox()
})
afterAll(async () => {
  await inbox.close()
})
afterEach(async () => {
  await s?.close()
})

async function server() {
  s = await createTestServer({ config: { mail: { smtpUrl: inbox.url, productName: 'Acme Developers' } } })
  return s
}

/** An account whose sign-up mail is taken, verified, so it may invite. */
const account = (name: string) => verifiedAccount(s, inbox, name)

const call = (who: SignedUp, method: string, path: string, body?: unknown) => s.request(method, `/api${path}`, { token: who.accessToken, body })

const invite = (who: SignedUp, projectId: string, email = uniqueEmail('pending')) => inviteViewer(s, inbox, who, projectId, email)

const entriesOf = (projectId: string) =>
  s.db.query<{ action: string; actor_email: string; details: unknown }>(
    'SELECT action, actor_email, details FROM audit_log WHERE project_id = $1 ORDER BY seq',
    [projectId],
  )

/**
 * Ada owns "Solo" (no admin: it goes with her account) and "Shared" (Grace is
 * its admin: it passes to her), and is an admin of Olga's "Team"; Olga invited
 * her to "Elsewhere", which she never answered.
 */
async function adaWithHistory() {
  const ada = await account('Ada Lovelace')
  const grace = await account('Grace Hopper')
  const olga = await account('Olga Owner')
  const solo = await newProject(s, ada.accessToken, { name: 'Solo' })
  const shared = await newProject(s, ada.accessToken, { name: 'Shared' })
  const team = await newProject(s, olga.accessToken, { name: 'Team' })
  await addMember(s, shared.id, grace, 'admin')
  await addMember(s, team.id, ada, 'admin')
  const elsewhere = await newProject(s, olga.accessToken, { name: 'Elsewhere' })
  expect((await call(ada, 'POST', `/manage/dapp/${team.id}/api-key`, { name: 'Ada key' })).status).toBe(201)
  expect((await call(ada, 'PATCH', `/manage/dapp/${solo.id}`, { name: 'Solo renamed' })).status).toBe(200)
  for (const p of [solo, shared, team]) await invite(ada, p.id)
  await invite(olga, elsewhere.id, ada.email)
  return { ada, grace, olga, solo, shared, team, elsewhere }
}

describe("a deleted project's audit log", () => {
  it('goes with a project deleted by its owner: no entry is left, with any member’s or invited address', async () => {
    await server()
    const olga = await account('Olga Owner')
    const bob = await account('Bob Builder')
    const project = await newProject(s, olga.accessToken, { name: 'Short-lived' })
    const other = await newProject(s, olga.accessToken, { name: 'Kept' })
    await addMember(s, project.id, bob, 'developer')
    await invite(olga, project.id, 'carol.private@example.com')
    expect((await entriesOf(project.id)).length).toBeGreaterThan(1)
    const otherBefore = await entriesOf(other.id)

    expect((await call(olga, 'DELETE', `/manage/dapp/${project.id}`)).status).toBe(204)
    expect((await call(olga, 'GET', `/manage/dapp/${project.id}/audit`)).status).toBe(404)
    expect(await entriesOf(project.id)).toEqual([])
    const [{ n }] = await s.db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM audit_log WHERE details::text LIKE '%carol.private@example.com%'`)
    expect(n).toBe(0)
    // The owner's other project keeps its log, and reads it.
    expect(await entriesOf(other.id)).toEqual(otherBefore)
    expect((await call(olga, 'GET', `/manage/dapp/${other.id}/audit`)).body.entries).toHaveLength(otherBefore.length)
  })

  it('goes with a project deleted with its owner’s account; those of the projects that outlive her keep theirs', async () => {
    await server()
    const { ada, solo, shared, team, elsewhere } = await adaWithHistory()
    expect((await call(ada, 'DELETE', '/me', { password: ada.password })).status).toBe(204)
    const [{ n: soloLeft }] = await s.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM projects WHERE id = $1', [solo.id])
    expect(soloLeft).toBe(0)

    expect(await entriesOf(solo.id)).toEqual([])
    const naming = await s.db.query<{ project_id: string }>(
      `SELECT DISTINCT project_id FROM audit_log WHERE actor_id = $1 OR actor_email = $2 OR details::text LIKE '%' || $2 || '%'`,
      [ada.user.id, ada.email],
    )
    expect(naming.map((r) => r.project_id).sort()).toEqual([shared.id, team.id, elsewhere.id].sort())
    // The hand-over and her leaving are recorded where someone can still read them.
    const sharedActions = (await entriesOf(shared.id)).map((e) => e.action)
    expect(sharedActions).toContain('ownership.transferred')
    expect((await entriesOf(team.id)).map((e) => e.action)).toContain('member.left')
  })
})
