/**
 * Old rows go on one schedule (server/db/retention.ts), which every table
 * with rows that age out registers in: expired tokens, old devices, the audit
 * log past AUDIT_RETENTION_DAYS, webhook messages and attempts past
 * WEBHOOK_RETENTION_DAYS, expired sign-in and account codes. The tests move the app's clock and tick it by hand;
 * no call prunes on its way any more.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { retentionScheduler, type PruneJob } from '../../server/db/retention'
import { createTestServer, deviceToken, newProject, signUp, type TestServer } from './harness'

const SERVICE_TOKEN = 'a-long-random-service-token-for-retention'
const DAY = 86_400_000

let s: TestServer | undefined
afterEach(async () => {
  await s?.close()
  s = undefined
})

describe('the retention schedule of an app', () => {
  it('prunes every kind of old row when it ticks, by the app clock, and nothing on a read or a device registering', async () => {
    let now = Date.now()
    const server = (s = await createTestServer({ clock: () => now, config: { serviceToken: SERVICE_TOKEN } }))
    const count = async (sql: string) => (await server.db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${sql}`))[0].n
    const owner = await signUp(server)
    const project = await newProject(server, owner.accessToken)
    const sent = await server.request('POST', '/api/webhooks/messages', {
      headers: { Authorization: `Bearer ${SERVICE_TOKEN}` },
      body: { projectId: project.id, eventType: 'webhook.test', payload: {} },
    })
    expect(sent.status).toBe(202)
    const hostSignIn = () => server.request('POST', '/api/sessions', { headers: { Authorization: `Bearer ${SERVICE_TOKEN}` }, body: { externalId: 'u1' } })
    expect((await hostSignIn()).status).toBe(201)
    const stored = async () => ({
      audit: await count('audit_log'),
      messages: await count('webhook_messages'),
      tokens: await count('tokens'),
      devices: await count('devices'),
      codes: await count('session_codes'),
    })
    const before = await stored()
    expect(before).toEqual({ audit: 1, messages: 1, tokens: 2, devices: 1, codes: 1 })

    // A tick now removes nothing: nothing is out of date yet.
    await server.app.retention.tick()
    expect(await stored()).toEqual(before)

    // Past every retention (the audit log's 365 days is the longest).
    now += 366 * DAY
    const fresh = await deviceToken(server)
    const session = await server.request('POST', '/api/auth/authenticate', { token: fresh, body: { email: owner.email, password: owner.password } })
    expect(session.status).toBe(200)
    expect((await hostSignIn()).status).toBe(201)
    // Out of date, so not shown, but still stored: neither the read nor a registration or sign-in prunes.
    const audit = await server.request('GET', `/api/manage/dapp/${project.id}/audit`, { token: session.body.accessToken })
    expect([audit.status, audit.body]).toEqual([200, { entries: [] }])
    expect(await stored()).toEqual({ audit: 1, messages: 1, tokens: 4, devices: 2, codes: 2 })

    await server.app.retention.tick()
    // The old device went with its tokens, the old code too; the new ones and the session stay.
    expect(await stored()).toEqual({ audit: 0, messages: 0, tokens: 2, devices: 1, codes: 1 })
    expect((await server.request('GET', '/api/manage/dapp/owner', { token: session.body.accessToken })).status).toBe(200)
  })

  it('stops with the app: a tick after close() prunes nothing', async () => {
    let now = Date.now()
    const server = (s = await createTestServer({ clock: () => now }))
    await deviceToken(server)
    now += 400 * DAY
    await server.app.close()
    await server.app.retention.tick()
    expect(await server.db.query('SELECT id FROM devices')).toHaveLength(1)
  })
})

describe('the retention scheduler', () => {
  const jobOf = (name: string, batches: number, ran: string[]): PruneJob => {
    let left = batches
    return {
      name,
      prune: async () => {
        ran.push(name)
        return --left > 0
      },
    }
  }

  it('runs each job until it reports nothing more, one job after another, and logs a failing job without stopping the others', async () => {
    const ran: string[] = []
    const log: string[] = []
    const retention = retentionScheduler({ clock: () => 0, log: (line) => log.push(line) })
    retention.register(jobOf('a', 3, ran), { name: 'broken', prune: () => Promise.reject(new Error('no such table')) }, jobOf('b', 1, ran))
    await retention.tick()
    expect(ran).toEqual(['a', 'a', 'a', 'b'])
    expect(log).toEqual(['retention: pruning broken failed (no such table)'])
  })

  it('waits for a tick under way when stopped, and runs none after', async () => {
    const ran: string[] = []
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const retention = retentionScheduler({ clock: () => 0, log: () => {} })
    retention.register({
      name: 'slow',
      prune: async () => {
        ran.push('slow')
        await held
        return false
      },
    })
    const ticking = retention.tick()
    await expect.poll(() => ran).toEqual(['slow'])
    let stopped = false
    const stopping = retention.stop().then(() => (stopped = true))
    await new Promise((resolve) => setImmediate(resolve))
    expect(stopped).toBe(false)
    release()
    await Promise.all([ticking, stopping])
    await retention.tick()
    expect(ran).toEqual(['slow'])
  })
})
