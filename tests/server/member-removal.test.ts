/**
 * A removed member keeps nothing working: the keys whose text they saw stop
 * verifying on every instance, the endpoints they added receive nothing more,
 * unless the remover keeps them; the answer and the audit log say what was
 * done. Leaving works the same way.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { withDefaults, type AppOverrides } from '../../server/config'
import { KEEP_NOT_THEIRS, OWNER_STAYS } from '../../server/resources/members/operations'
import { startWebhookWorker, type Worker } from '../../server/resources/webhooks'
import { ENDPOINT_CHANNEL } from '../../server/resources/webhooks/claim'
import { createTestServer, newProject, signUp, usePostgres, type SignedUp, type TestServer } from './harness'
import { addMember } from './teams'
import { startReceiver, type Receiver } from './webhook-receiver'
import { HEARD_MS, within } from './within'
import { blockedBy, holdOpen } from './blocked'

const SERVICE_TOKEN = 'service-token-for-the-removal-tests'
const config: AppOverrides = {
  serviceToken: SERVICE_TOKEN,
  webhooks: { allowPrivateNetworks: true, retrySchedule: [0.05], eventTypes: [{ name: 'invoice.paid', description: 'An invoice was paid.' }] },
}

let s: TestServer
let other: TestServer
let owner: SignedUp
let admin: SignedUp
let dev: SignedUp
let project: Awaited<ReturnType<typeof newProject>>
const ids = {} as Record<'admin' | 'dev', string>
const cleanups: Array<() => Promise<unknown>> = []

beforeEach(async () => {
  s = await createTestServer({ config })
  other = await createTestServer({ storage: s.storage, config })
  owner = await signUp(s, { name: 'Olga Owner' })
  admin = await signUp(s, { name: 'Ada Admin' })
  dev = await signUp(s, { name: 'Dev Eloper' })
  project = await newProject(s, owner.accessToken)
  ids.admin = await addMember(s, project.id, admin, 'admin')
  ids.dev = await addMember(s, project.id, dev, 'developer')
})
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
  await other.close()
  await s.close()
})

const call = (server: TestServer, method: string, path: string, who: SignedUp, body?: unknown) =>
  server.request(method, `/api/manage/dapp/${project.id}${path}`, { token: who.accessToken, body })
const verify = (server: TestServer, key: string) =>
  server.request('POST', '/api/keys/verify', { headers: { Authorization: `Bearer ${SERVICE_TOKEN}` }, body: { key } })

/** A key made by `who`: its id and its whole text. */
async function newKey(who: SignedUp, name?: string) {
  const res = await call(s, 'POST', '/api-key', who, name ? { name } : undefined)
  expect(res.status, res.text).toBe(201)
  const [[id, key]] = Object.entries(res.body as Record<string, string>)
  return { id, key }
}

async function receiver(): Promise<Receiver> {
  const r = await startReceiver()
  cleanups.push(() => r.close())
  return r
}

async function addEndpoint(who: SignedUp, url: string): Promise<string> {
  const res = await call(s, 'POST', '/webhooks', who, { url })
  expect(res.status, res.text).toBe(201)
  return res.body.id
}

async function sendEvent(): Promise<string> {
  const res = await s.request('POST', '/api/webhooks/messages', {
    headers: { Authorization: `Bearer ${SERVICE_TOKEN}` },
    body: { projectId: project.id, eventType: 'invoice.paid', payload: { customer: 'cus_1', email: 'buyer@example.com' } },
  })
  expect(res.status, res.text).toBe(202)
  return res.body.id
}

function startWorker(): Worker {
  const worker = startWebhookWorker({ db: s.db, config: withDefaults(config), log: () => {}, clock: Date.now })
  cleanups.push(() => worker.stop())
  return worker
}

/** An admin invitation from `by`, pending (no account has it), put in place as POST …/members would. */
const invite = (id: string, email: string, by: SignedUp) =>
  s.db.query(
    `INSERT INTO project_members (id, project_id, email, role, invited_by, invited_at, code_hash, expires_at)
     VALUES ($1, $2, $3, 'admin', $4, now(), $1, now() + interval '1 day')`,
    [id, project.id, email, by.user.id],
  )
/** The project's pending invitations as `who` reads the Members list, by id. */
const pending = async (who: SignedUp) =>
  ((await call(s, 'GET', '/members', who)).body as Array<{ id: string; status: string }>)
    .filter((m) => m.status === 'invited')
    .map((m) => m.id)
    .sort()
const auditEntries = async () =>
  (await call(s, 'GET', '/audit?limit=100', owner)).body.entries as Array<{
    actor: { id: string }
    action: string
    target: string
    details: Record<string, unknown>
  }>

describe('what a member holds', () => {
  it('lists the keys whose text they saw last and the endpoints they added; a roll moves the key to whoever rolled it', async () => {
    const mine = await newKey(dev, 'Dev key')
    const rolledByAdmin = await newKey(dev, 'Rolled key')
    const endpoint = await addEndpoint(dev, 'http://127.0.0.1:9/dev-hook?token=abc')
    await addEndpoint(admin, 'http://127.0.0.1:9/admin-hook')
    const roll = await call(s, 'POST', `/api-key/${rolledByAdmin.id}/roll`, admin, { graceSeconds: 3600 })
    expect(roll.status, roll.text).toBe(201)
    const [replacement] = Object.keys(roll.body)

    const held = await call(s, 'GET', `/members/${ids.dev}/removal`, admin)
    expect(held.status).toBe(200)
    // The rolled-away key still works through its grace: its text was the developer's.
    expect(held.body.keys.map((k: { id: string; name: string }) => [k.id, k.name])).toEqual([
      [mine.id, 'Dev key'],
      [rolledByAdmin.id, 'Rolled key'],
    ])
    expect(held.body.keys[0].maskedKey).toBe(`fxk_…${mine.key.slice(-4)}`)
    expect(held.body.endpoints).toEqual([{ id: endpoint, url: 'http://127.0.0.1:9/dev-hook?token=abc', description: '' }])
    const admins = await call(s, 'GET', `/members/${ids.admin}/removal`, admin)
    expect(admins.body.keys.map((k: { id: string }) => k.id)).toEqual([replacement])
    expect(JSON.stringify(held.body)).not.toContain(mine.key)
  })

  it('is shown to admins and the owner, and to the member about themselves only', async () => {
    expect((await call(s, 'GET', `/members/${ids.dev}/removal`, dev)).status).toBe(200)
    expect((await call(s, 'GET', `/members/${ids.dev}/removal`, owner)).status).toBe(200)
    const refused = await call(s, 'GET', `/members/${ids.admin}/removal`, dev)
    expect([refused.status, refused.body.message]).toEqual([403, 'This needs the admin role (or the owner).'])
    const ownerAsked = await call(s, 'GET', `/members/${owner.user.id}/removal`, admin)
    expect([ownerAsked.status, ownerAsked.body.message]).toEqual([403, OWNER_STAYS])
    expect((await call(s, 'GET', '/members/mem_nobody/removal', admin)).status).toBe(404)
  })
})

describe('removing a member', () => {
  it('ends the keys they saw on both instances as soon as each hears of it, says so in the answer and the audit log, and leaves the others working', async () => {
    const a = await newKey(dev, 'Dev key A')
    const b = await newKey(dev, 'Dev key B')
    const ownersKey = Object.values(project.apiKey)[0]
    // Both instances have verified every key (the second one's LISTEN is up and its cache holds them).
    for (const server of [s, other]) {
      await within(5000, async () => (await Promise.all([a.key, b.key, ownersKey].map((k) => verify(server, k)))).every((r) => r.body.valid === true))
    }

    const res = await call(s, 'DELETE', `/members/${ids.dev}`, admin)
    expect(res.status, res.text).toBe(200)
    expect(res.body).toEqual({
      keys: [
        { id: a.id, name: 'Dev key A', maskedKey: `fxk_…${a.key.slice(-4)}`, outcome: 'revoked' },
        { id: b.id, name: 'Dev key B', maskedKey: `fxk_…${b.key.slice(-4)}`, outcome: 'revoked' },
      ],
      endpoints: [],
    })
    for (const server of [other, s]) {
      const took = await within(HEARD_MS, async () => (await Promise.all([a.key, b.key].map((k) => verify(server, k)))).every((r) => r.body.valid === false))
      console.log(
        `a removed member's keys refused by ${server === s ? 'the instance that removed' : 'the other instance'} (${s.db.kind}) after ${took.toFixed(0)} ms`,
      )
    }
    expect((await verify(other, a.key)).body).toEqual({ valid: false, code: 'EXPIRED' })
    expect((await verify(other, ownersKey)).body.valid).toBe(true)

    const entries = await auditEntries()
    const removed = entries.find((e) => e.action === 'member.removed')!
    expect(removed).toMatchObject({ actor: { id: admin.user.id }, target: ids.dev })
    expect(removed.details).toMatchObject({ email: dev.email, keysRevoked: 2, keysKept: 0, endpointsDisabled: 0, endpointsKept: 0 })
    const revoked = entries.filter((e) => e.action === 'key.revoked')
    expect(revoked.map((e) => [e.target, e.details.name, e.details.member, e.details.reason]).sort()).toEqual(
      [
        [a.id, 'Dev key A', dev.email, 'member.removed'],
        [b.id, 'Dev key B', dev.email, 'member.removed'],
      ].sort(),
    )
    const text = JSON.stringify(entries)
    for (const k of [a.key, b.key, ownersKey]) expect(text).not.toContain(k)
  })

  it('disables the endpoints they added: nothing more reaches them, messages queued before the removal included', async () => {
    const theirs = await receiver()
    const ours = await receiver()
    const theirEndpoint = await addEndpoint(dev, theirs.url)
    const ourEndpoint = await addEndpoint(admin, ours.url)
    // Queued while no worker runs: it would go out to both as soon as one did.
    const before = await sendEvent()

    const res = await call(s, 'DELETE', `/members/${ids.dev}`, admin)
    expect(res.status, res.text).toBe(200)
    expect(res.body.endpoints).toEqual([{ id: theirEndpoint, url: theirs.url, description: '', outcome: 'disabled' }])

    startWorker()
    const after = await sendEvent()
    await ours.got(before)
    await ours.got(after)
    // The worker has delivered everything due to the other endpoint: nothing went to theirs.
    expect(theirs.received).toEqual([])
    const endpoints = (await call(s, 'GET', '/webhooks', admin)).body.endpoints as Array<{ id: string; disabled: boolean }>
    expect(endpoints.map((e) => [e.id, e.disabled])).toEqual([
      [theirEndpoint, true],
      [ourEndpoint, false],
    ])
    // Enabled again by an admin, it gets what comes next, not what was queued for it before.
    expect((await call(s, 'PATCH', `/webhooks/${theirEndpoint}`, admin, { disabled: false })).status).toBe(200)
    const later = await sendEvent()
    await theirs.got(later)
    expect(theirs.received.map((r) => r.id)).toEqual([later])

    const entries = await auditEntries()
    const disabled = entries.find((e) => e.action === 'endpoint.disabled')!
    expect(disabled).toMatchObject({
      target: theirEndpoint,
      details: { url: 'http://127.0.0.1:' + new URL(theirs.url).port, member: dev.email, reason: 'member.removed' },
    })
  })

  it('lets go of the deliveries a worker held for their endpoint: the one in flight ends, the rest are never sent', async () => {
    let answer: () => void = () => {}
    const held = new Promise<void>((resolve) => (answer = resolve))
    // The first request waits for the test: the endpoint's one slot stays taken, and the rest are held for it.
    const theirs = await startReceiver((_r, n, res) => void (n === 0 ? held.then(() => res.end('late')) : res.end('ok')))
    cleanups.push(() => theirs.close())
    const endpoint = await addEndpoint(dev, theirs.url)
    const heard: string[] = []
    cleanups.push(await s.db.listen(ENDPOINT_CHANNEL, (id) => heard.push(id)))
    const worker = startWebhookWorker({
      db: s.db,
      config: withDefaults({ ...config, webhooks: { ...config.webhooks, endpointConcurrency: 1 } }),
      log: () => {},
      clock: Date.now,
    })
    cleanups.push(() => worker.stop())
    const first = await sendEvent()
    await sendEvent()
    await sendEvent()
    await theirs.until((all) => all.length === 1)

    expect((await call(s, 'DELETE', `/members/${ids.dev}`, admin)).status).toBe(200)
    // The worker hears of it as this listener does (one connection calls both), then the slot frees.
    await within(HEARD_MS, async () => heard.includes(endpoint))
    answer()
    // Enabled again, the endpoint's one slot takes what comes next: anything still held would go first.
    expect((await call(s, 'PATCH', `/webhooks/${endpoint}`, admin, { disabled: false })).status).toBe(200)
    const later = await sendEvent()
    await theirs.got(later)
    expect(theirs.received.map((r) => r.id)).toEqual([first, later])
  })

  it("counts an endpoint pointed at another address as the pointer's: removing them disables it, the owner's own stay", async () => {
    const owners = await addEndpoint(owner, 'http://127.0.0.1:9/owner-hook')
    const untouched = await addEndpoint(owner, 'http://127.0.0.1:9/owner-other')
    // The developer re-points the owner's endpoint at an address of their own (an edit of its description is no re-pointing).
    expect((await call(s, 'PATCH', `/webhooks/${owners}`, dev, { url: 'http://127.0.0.1:9/dev-own-hook' })).status).toBe(200)
    expect((await call(s, 'PATCH', `/webhooks/${untouched}`, dev, { description: 'Reviewed' })).status).toBe(200)
    const preview = await call(s, 'GET', `/members/${ids.dev}/removal`, owner)
    expect(preview.body.endpoints.map((e: { id: string }) => e.id)).toEqual([owners])
    expect((await call(s, 'DELETE', `/members/${ids.dev}`, owner)).status).toBe(200)
    const endpoints = (await call(s, 'GET', '/webhooks', owner)).body.endpoints as Array<{ id: string; disabled: boolean }>
    expect(endpoints.map((e) => [e.id, e.disabled])).toEqual([
      [owners, true],
      [untouched, false],
    ])
  })

  it('keeps what the remover names, recorded as kept by them, and ends the rest', async () => {
    const kept = await newKey(dev, 'Production')
    const ended = await newKey(dev, 'Laptop')
    const endpoint = await addEndpoint(dev, 'http://127.0.0.1:9/dev-hook')
    const res = await call(s, 'DELETE', `/members/${ids.dev}?keep=${kept.id},${endpoint}`, admin)
    expect(res.status, res.text).toBe(200)
    expect(res.body.keys.map((k: { id: string; outcome: string }) => [k.id, k.outcome])).toEqual([
      [kept.id, 'kept'],
      [ended.id, 'revoked'],
    ])
    expect(res.body.endpoints.map((e: { id: string; outcome: string }) => [e.id, e.outcome])).toEqual([[endpoint, 'kept']])
    expect((await verify(s, kept.key)).body.valid).toBe(true)
    expect((await verify(s, ended.key)).body.valid).toBe(false)
    const entries = await auditEntries()
    expect(entries.filter((e) => e.action === 'key.kept').map((e) => [e.target, e.actor.id, e.details.member])).toEqual([[kept.id, admin.user.id, dev.email]])
    expect(entries.filter((e) => e.action === 'endpoint.kept').map((e) => [e.target, e.actor.id])).toEqual([[endpoint, admin.user.id]])
    expect(entries.find((e) => e.action === 'member.removed')!.details).toMatchObject({ keysRevoked: 1, keysKept: 1, endpointsDisabled: 0, endpointsKept: 1 })
  })

  it('refuses to keep anything that is not the member’s, and then removes nothing', async () => {
    const theirs = await newKey(dev)
    const ownersKeyId = Object.keys(project.apiKey)[0]
    const many = Array.from({ length: 201 }, (_, i) => `apid_${i}`).join(',')
    for (const keep of [ownersKeyId, 'apid_nothing', `${theirs.id},whe_nothing`, many, 'x'.repeat(5000)]) {
      const res = await call(s, 'DELETE', `/members/${ids.dev}?keep=${encodeURIComponent(keep)}`, admin)
      expect([res.status, res.body.message]).toEqual([400, KEEP_NOT_THEIRS])
    }
    expect((await call(s, 'GET', '', dev)).status).toBe(200)
    expect((await verify(s, theirs.key)).body.valid).toBe(true)
  })
})

describe('leaving a project', () => {
  it('ends the keys and endpoints of the member who leaves, and only an admin leaving may keep them', async () => {
    const key = await newKey(dev)
    const endpoint = await addEndpoint(dev, 'http://127.0.0.1:9/dev-hook')
    const keeping = await call(s, 'DELETE', `/members/${ids.dev}?keep=${key.id}`, dev)
    expect([keeping.status, keeping.body.message]).toEqual([403, 'This needs the admin role (or the owner).'])

    const res = await call(s, 'DELETE', `/members/${ids.dev}`, dev)
    expect(res.status, res.text).toBe(200)
    expect(res.body.keys.map((k: { outcome: string }) => k.outcome)).toEqual(['revoked'])
    expect(res.body.endpoints.map((e: { id: string; outcome: string }) => [e.id, e.outcome])).toEqual([[endpoint, 'disabled']])
    expect((await verify(other, key.key)).body.valid).toBe(false)
    const left = (await auditEntries()).find((e) => e.action === 'member.left')!
    expect(left.details).toMatchObject({ keysRevoked: 1, endpointsDisabled: 1 })

    const adminKey = await newKey(admin)
    const adminLeaves = await call(s, 'DELETE', `/members/${ids.admin}?keep=${adminKey.id}`, admin)
    expect(adminLeaves.status, adminLeaves.text).toBe(200)
    expect(adminLeaves.body.keys).toEqual([expect.objectContaining({ id: adminKey.id, outcome: 'kept' })])
    expect((await verify(s, adminKey.key)).body.valid).toBe(true)
  })

  it('a member who deletes their account leaves the same way: their keys stop on the other instance, their endpoints are disabled', async () => {
    const key = await newKey(dev)
    const endpoint = await addEndpoint(dev, 'http://127.0.0.1:9/dev-hook')
    await within(5000, async () => (await verify(other, key.key)).body.valid === true)
    const gone = await s.request('DELETE', '/api/me', { token: dev.accessToken, body: { password: dev.password } })
    expect(gone.status).toBe(204)
    await within(HEARD_MS, async () => (await verify(other, key.key)).body.valid === false)
    const endpoints = (await call(s, 'GET', '/webhooks', admin)).body.endpoints as Array<{ id: string; disabled: boolean }>
    expect(endpoints.map((e) => [e.id, e.disabled])).toEqual([[endpoint, true]])
    const entries = await auditEntries()
    expect(entries.find((e) => e.action === 'member.left')!.details).toMatchObject({ reason: 'account deleted', keysRevoked: 1, endpointsDisabled: 1 })
    expect(entries.filter((e) => e.action === 'key.revoked').map((e) => e.target)).toEqual([key.id])
  })

  it('revokes the invitations a removed member (or one who deletes their account) sent and nobody accepted; others stay', async () => {
    await invite('mem_by_admin', 'alt@example.com', admin)
    await invite('mem_by_dev', 'friend@example.com', dev)
    await invite('mem_by_owner', 'colleague@example.com', owner)
    expect(await pending(owner)).toEqual(['mem_by_admin', 'mem_by_dev', 'mem_by_owner'])
    expect((await call(s, 'DELETE', `/members/${ids.admin}`, owner)).status).toBe(200)
    expect(await pending(owner)).toEqual(['mem_by_dev', 'mem_by_owner'])
    expect((await s.request('DELETE', '/api/me', { token: dev.accessToken, body: { password: dev.password } })).status).toBe(204)
    expect(await pending(owner)).toEqual(['mem_by_owner'])
    const revoked = (await auditEntries()).filter((e) => e.action === 'invitation.revoked')
    expect(revoked.map((e) => [e.target, e.details])).toEqual(
      expect.arrayContaining([
        ['mem_by_admin', { email: 'alt@example.com', role: 'admin', reason: 'member.removed' }],
        ['mem_by_dev', { email: 'friend@example.com', role: 'admin', reason: 'member.left' }],
      ]),
    )
  })

  it('revokes the invitations of an admin made a developer, and of an owner whose project passes to an admin', async () => {
    await invite('mem_by_admin', 'alt@example.com', admin)
    await invite('mem_by_owner', 'colleague@example.com', owner)
    expect((await call(s, 'PATCH', `/members/${ids.admin}`, owner, { role: 'developer' })).status).toBe(200)
    expect(await pending(owner)).toEqual(['mem_by_owner'])
    expect((await call(s, 'PATCH', `/members/${ids.admin}`, owner, { role: 'admin' })).status).toBe(200)
    expect((await s.request('DELETE', '/api/me', { token: owner.accessToken, body: { password: owner.password } })).status).toBe(204)
    // The project is the admin's now, with no invitation of the account that is gone.
    expect(await pending(admin)).toEqual([])
  })

  it('revoking an invitation ends nothing and answers empty lists', async () => {
    const invited = await s.db.query<{ id: string }>(
      `INSERT INTO project_members (id, project_id, email, role, invited_at, code_hash, expires_at)
       VALUES ('mem_invited', $1, 'someone@example.com', 'viewer', now(), 'hash', now() + interval '1 day') RETURNING id`,
      [project.id],
    )
    const res = await call(s, 'DELETE', `/members/${invited[0].id}`, admin)
    expect([res.status, res.body]).toEqual([200, { keys: [], endpoints: [] }])
  })
})

describe.runIf(usePostgres)('a test event or a resend beside a removal that disables the endpoint', () => {
  it('waits for the removal, then queues nothing to the endpoint it disabled, and says it is disabled', async () => {
    const endpoint = await addEndpoint(dev, 'http://127.0.0.1:9/dev-hook')
    const message = await sendEvent()
    const queued = async () =>
      (await s.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM webhook_deliveries WHERE endpoint_id = $1', [endpoint]))[0].n
    const before = await queued()
    for (const order of [
      () => call(s, 'POST', `/webhooks/${endpoint}/test`, admin),
      () => call(s, 'POST', `/webhooks/${endpoint}/messages/${message}/resend`, admin),
    ]) {
      // The removal's disabling, held open on another connection (as endEndpoints runs in the removal's transaction).
      const removal = await holdOpen(s.db, async (tx) => {
        await tx.query('UPDATE webhook_endpoints SET disabled = true WHERE id = $1', [endpoint])
      })
      const sent = order()
      await blockedBy(s.db, removal)
      expect((await sent).body).toMatchObject({ code: 'ENDPOINT_DISABLED' })
      expect(await queued()).toBe(before)
      await s.db.query('UPDATE webhook_endpoints SET disabled = false WHERE id = $1', [endpoint])
    }
  })

  it('takes the project before the endpoint, as the removal does: one waits for the other, never a deadlock (500)', async () => {
    const endpoint = await addEndpoint(dev, 'http://127.0.0.1:9/dev-hook')
    const message = await sendEvent()
    for (const order of [
      () => call(s, 'POST', `/webhooks/${endpoint}/test`, admin),
      () => call(s, 'POST', `/webhooks/${endpoint}/messages/${message}/resend`, admin),
    ]) {
      // The removal as it runs: the project's row first (authorize's lock), then, once the request waits, the endpoint.
      const removal = await holdOpen(
        s.db,
        async (tx) => void (await tx.query('SELECT id FROM projects WHERE id = $1 FOR UPDATE', [project.id])),
        async (tx) => void (await tx.query('UPDATE webhook_endpoints SET disabled = true WHERE id = $1', [endpoint])),
      )
      const sent = order()
      await blockedBy(s.db, removal)
      expect((await sent).body).toMatchObject({ code: 'ENDPOINT_DISABLED' })
      await s.db.query('UPDATE webhook_endpoints SET disabled = false WHERE id = $1', [endpoint])
    }
  })
})

describe.runIf(usePostgres)('an account deleted while its project changes on another connection', () => {
  it('waits for the removal of its heir under way, and never makes the member just removed the owner', async () => {
    // The admin's removal, held open after it took the project's row, as authorize's lock does.
    const removal = await holdOpen(s.db, async (tx) => {
      await tx.query('SELECT id FROM projects WHERE id = $1 FOR UPDATE', [project.id])
      await tx.query('DELETE FROM project_members WHERE id = $1', [ids.admin])
    })
    const deletion = s.request('DELETE', '/api/me', { token: owner.accessToken, body: { password: owner.password } })
    // The deletion waits for the removal: its connection is blocked by the removal's (a condition, not a time).
    await blockedBy(s.db, removal)
    expect((await deletion).status).toBe(204)
    // No admin was left to take it over: it went with the account, not to the admin removed meanwhile.
    expect(await s.db.query('SELECT owner_id FROM projects WHERE id = $1', [project.id])).toEqual([])
  })
})
