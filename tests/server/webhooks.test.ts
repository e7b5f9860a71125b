import type { ServerResponse } from 'node:http'
import { Webhook } from 'standardwebhooks'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { withDefaults, type AppOverrides, type WebhookConfig } from '../../server/config'
import type { Database } from '../../server/db/index'
import { startWebhookWorker, type Worker } from '../../server/resources/webhooks'
import { ENDPOINT_CHANNEL } from '../../server/resources/webhooks/claim'
import { pruneWebhooks } from '../../server/resources/webhooks/attempts'
import { createTestServer, newProject, signUp, type TestServer } from './harness'
import { startReceiver, type Answer, type Receiver } from './webhook-receiver'
import { HEARD_MS, within } from './within'

const SERVICE_TOKEN = 'service-token-for-the-webhook-tests'
const service = { Authorization: `Bearer ${SERVICE_TOKEN}` }
const EVENT_TYPES = [{ name: 'invoice.paid', description: 'An invoice was paid.', example: { invoiceId: 'in_1', amount: 1200 } }, { name: 'customer.created' }]

/** The longest a test waits for the worker to log a line. */
const LOG_WAIT_MS = 20_000

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

interface Setup {
  s: TestServer
  receiver: Receiver
  token: string
  project: Awaited<ReturnType<typeof newProject>>
  /** Every line the delivery worker logged. */
  workerLog: string[]
  /** Resolves once the worker has logged a line that `check` accepts. */
  logged: (check: (line: string) => boolean) => Promise<void>
  worker: Worker
  api: (method: string, path: string, body?: unknown) => ReturnType<TestServer['request']>
  send: (eventType: string, payload?: object, idempotencyKey?: string) => Promise<string>
  addEndpoint: (body?: object) => Promise<{ id: string; url: string }>
  attempts: (endpointId: string, query?: string) => Promise<Array<Record<string, unknown>>>
}

async function setup({
  webhooks = {},
  answer,
  config = {},
  clock,
  workerDb = (db) => db,
}: {
  webhooks?: Partial<WebhookConfig>
  answer?: Answer
  config?: AppOverrides
  clock?: () => number
  /** The database as the worker sees it: a test can slow its statements. */
  workerDb?: (db: Database) => Database
} = {}): Promise<Setup> {
  const overrides: AppOverrides = {
    serviceToken: SERVICE_TOKEN,
    ...config,
    webhooks: { allowPrivateNetworks: true, retrySchedule: [0.05, 0.05], eventTypes: EVENT_TYPES, ...webhooks },
  }
  const s = await createTestServer({ config: overrides, clock })
  cleanups.push(() => s.close())
  const receiver = await startReceiver(answer)
  cleanups.push(() => receiver.close())
  const workerLog: string[] = []
  const waiters = new Set<{ check: (line: string) => boolean; resolve: () => void }>()
  const log = (line: string) => {
    workerLog.push(line)
    for (const w of waiters) {
      if (w.check(line)) {
        waiters.delete(w)
        w.resolve()
      }
    }
  }
  // Bounded below the test's own time limit, so a wait that never ends says what it waited for.
  const logged = (check: (line: string) => boolean) =>
    workerLog.some(check)
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          const waiter = { check, resolve: () => (clearTimeout(timer), resolve()) }
          const timer = setTimeout(() => {
            waiters.delete(waiter)
            reject(new Error(`the worker logged no line that ${check.toString()} accepts; it logged:\n${workerLog.join('\n')}`))
          }, LOG_WAIT_MS)
          waiters.add(waiter)
        })
  const worker = startWebhookWorker({ db: workerDb(s.db), config: withDefaults(overrides), log, clock: clock ?? Date.now })
  cleanups.push(() => worker.stop())
  const owner = await signUp(s)
  const project = await newProject(s, owner.accessToken)
  const base = `/api/manage/dapp/${project.id}/webhooks`
  const api = (method: string, path: string, body?: unknown) => s.request(method, `${base}${path}`, { token: owner.accessToken, body })
  return {
    s,
    receiver,
    token: owner.accessToken,
    project,
    workerLog,
    logged,
    worker,
    api,
    async send(eventType, payload = { hello: 'world' }, idempotencyKey) {
      const res = await s.request('POST', '/api/webhooks/messages', { headers: service, body: { projectId: project.id, eventType, payload, idempotencyKey } })
      expect(res.status, res.text).toBe(202)
      return res.body.id as string
    },
    async addEndpoint(body = {}) {
      const res = await api('POST', '', { url: receiver.url, ...body })
      expect(res.status, res.text).toBe(201)
      return res.body
    },
    async attempts(endpointId, query = '') {
      const res = await api('GET', `/${endpointId}/attempts${query}`)
      expect(res.status, res.text).toBe(200)
      return res.body
    },
  }
}

/**
 * The endpoint's attempt number `attemptNumber` of `messageId` (of its
 * `delivery`th delivery: resends make more), once made and recorded (the
 * worker logs each attempt after recording it).
 */
async function settled(t: Setup, endpointId: string, messageId: string, attemptNumber = 1, delivery = 1) {
  const line = `endpoint=${endpointId} message=${messageId} attempt=${attemptNumber} `
  await t.logged((l) => t.workerLog.filter((x) => x.includes(line)).length >= delivery && l.includes(line))
  const list = await t.attempts(endpointId, '?limit=100')
  return list.filter((x) => x.messageId === messageId && x.attemptNumber === attemptNumber).at(-delivery)!
}

describe('GET /api/webhooks/event-types', () => {
  it('lists the declared types after the built-in webhook.test, without a credential', async () => {
    const { s } = await setup()
    const res = await s.request('GET', '/api/webhooks/event-types')
    expect(res.status).toBe(200)
    expect(res.body.map((t: { name: string }) => t.name)).toEqual(['webhook.test', 'invoice.paid', 'customer.created'])
    expect(res.body[1]).toEqual(EVENT_TYPES[0])
  })
})

describe('webhook endpoints', () => {
  it('are added, listed with their last attempt, edited, disabled and deleted by the owner', async () => {
    const t = await setup()
    const created = await t.api('POST', '', { url: t.receiver.url, description: 'Billing', eventTypes: ['invoice.paid'] })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({
      id: expect.stringMatching(/^whe_/),
      url: t.receiver.url,
      description: 'Billing',
      eventTypes: ['invoice.paid'],
      disabled: false,
      createdAt: expect.any(String),
      lastAttempt: null,
    })
    const id = created.body.id
    const list = await t.api('GET', '')
    expect(list.body).toEqual({ endpoints: [created.body], needsSecretRoll: false })

    const edited = await t.api('PATCH', `/${id}`, { description: '', eventTypes: [], disabled: true })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ id, url: t.receiver.url, description: '', eventTypes: [], disabled: true })
    expect((await t.api('PATCH', `/${id}`, { disabled: false })).body.disabled).toBe(false)

    expect((await t.api('DELETE', `/${id}`)).status).toBe(204)
    expect((await t.api('GET', '')).body.endpoints).toEqual([])
    expect((await t.api('DELETE', `/${id}`)).status).toBe(404)
  })

  it("answer 404 to anyone but the project's owner, on every call", async () => {
    const t = await setup()
    const { id } = await t.addEndpoint()
    const other = await signUp(t.s)
    const base = `/api/manage/dapp/${t.project.id}/webhooks`
    const calls: Array<[string, string, unknown?]> = [
      ['GET', base],
      ['POST', base, { url: t.receiver.url }],
      ['PATCH', `${base}/${id}`, { disabled: true }],
      ['DELETE', `${base}/${id}`],
      ['POST', `${base}/${id}/test`, {}],
      ['GET', `${base}/${id}/attempts`],
      ['POST', `${base}/${id}/messages/msg_x/resend`],
      ['POST', `${base}/secret/roll`, { graceSeconds: 0 }],
    ]
    for (const [method, path, body] of calls) {
      const res = await t.s.request(method, path, { token: other.accessToken, body })
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(res.body).toEqual({ message: 'Project not found.', code: 'PROJECT_NOT_FOUND' })
      expect((await t.s.request(method, path, { body })).status, `${method} ${path} without a token`).toBe(401)
    }
    // Nothing changed for the owner.
    expect((await t.api('GET', '')).body.endpoints).toMatchObject([{ id, disabled: false }])
    const missing = await t.api('PATCH', '/whe_missing', { disabled: true })
    expect(missing).toMatchObject({ status: 404, body: { message: 'Webhook endpoint not found.' } })
  })

  it('refuse a bad URL, an unknown event type and a bad body with 400, and more than WEBHOOK_ENDPOINT_LIMIT with 409', async () => {
    const t = await setup({ webhooks: { endpointLimit: 2 } })
    const bad = async (body: unknown, message: RegExp) => {
      const res = await t.api('POST', '', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.message).toMatch(message)
    }
    await bad({}, /Endpoint URL is required/)
    await bad({ url: 'not a url' }, /full URL/)
    await bad({ url: 'ftp://example.com/x' }, /https:\/\/ or http:\/\//)
    await bad({ url: 'https://user:pass@example.com/x' }, /user name or password/)
    await bad({ url: t.receiver.url, eventTypes: ['nope.never'] }, /"nope.never" is not an event type/)
    await bad({ url: t.receiver.url, eventTypes: 'invoice.paid' }, /list of event type names/)
    await bad({ url: t.receiver.url, description: 'x'.repeat(501) }, /at most 500/)
    expect((await t.api('PATCH', '/whe_x', { disabled: 'yes' })).status).toBe(400)
    await t.addEndpoint()
    await t.addEndpoint({ eventTypes: null })
    const over = await t.api('POST', '', { url: t.receiver.url })
    expect(over.status).toBe(409)
    expect(over.body.message).toBe('This project already has 2 webhook endpoints, the most it can have. Delete one to add another.')
  })

  it('of a project created before webhooks wait for a secret roll (409 WEBHOOK_SECRET_ROLL_NEEDED), then work', async () => {
    const t = await setup()
    await t.s.db.query('DELETE FROM webhook_secrets WHERE project_id = $1', [t.project.id])
    expect((await t.api('GET', '')).body).toEqual({ endpoints: [], needsSecretRoll: true })
    const refused = await t.api('POST', '', { url: t.receiver.url })
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({ message: expect.stringMatching(/Roll the secret/), code: 'WEBHOOK_SECRET_ROLL_NEEDED' })

    const rolled = await t.api('POST', '/secret/roll', { graceSeconds: 3600 })
    expect(rolled.status).toBe(201)
    expect(rolled.body.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect((await t.api('GET', '')).body.needsSecretRoll).toBe(false)
    const { id } = await t.addEndpoint()
    const msg = await t.send('invoice.paid')
    await t.receiver.got(msg)
    const [delivery] = t.receiver.received
    expect(() => new Webhook(rolled.body.webhookSecret).verify(delivery.body, delivery.headers as Record<string, string>)).not.toThrow()
    expect((await settled(t, id, msg)).status).toBe('succeeded')
  })
})

describe('deliveries', () => {
  it('POST the event signed per Standard Webhooks, verified with the standardwebhooks package as a consumer would', async () => {
    const t = await setup({ answer: (_r, _n, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks') })
    const { id } = await t.addEndpoint()
    const payload = { invoiceId: 'in_42', amount: 990, note: 'naïve ✓' }
    const msg = await t.send('invoice.paid', payload)
    expect(msg).toMatch(/^msg_/)
    await t.receiver.got(msg)

    const [r] = t.receiver.received
    expect(r.headers['content-type']).toBe('application/json')
    expect(r.headers['webhook-id']).toBe(msg)
    expect(r.headers['webhook-timestamp']).toMatch(/^\d+$/)
    expect(r.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/)
    const verified = new Webhook(t.project.webhookSecret).verify(r.body, r.headers as Record<string, string>)
    expect(verified).toEqual({ type: 'invoice.paid', timestamp: expect.any(String), data: payload })
    // A wrong secret, or a body changed on the way, fails verification.
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(r.body, r.headers as Record<string, string>)).toThrow()
    expect(() => new Webhook(t.project.webhookSecret).verify(r.body.replace('990', '991'), r.headers as Record<string, string>)).toThrow()

    const attempt = await settled(t, id, msg)
    expect(attempt).toEqual({
      id: expect.stringMatching(/^wha_/),
      messageId: msg,
      eventType: 'invoice.paid',
      status: 'succeeded',
      responseStatus: 200,
      responseBody: 'thanks',
      durationMs: expect.any(Number),
      attemptedAt: expect.any(String),
      attemptNumber: 1,
      nextAttemptAt: null,
      scheduledFor: null,
    })
    const [listed] = (await t.api('GET', '')).body.endpoints
    expect(listed.lastAttempt).toEqual({ attemptedAt: attempt.attemptedAt, status: 'succeeded', responseStatus: 200 })
  })

  it('go only to the endpoints whose filter takes the type (empty: all)', async () => {
    const t = await setup()
    const invoices = await t.addEndpoint({ eventTypes: ['invoice.paid'] })
    const everything = await t.addEndpoint()
    const customer = await t.send('customer.created')
    const invoice = await t.send('invoice.paid')
    await t.receiver.until((all) => all.filter((r) => r.id === invoice).length === 2 && all.some((r) => r.id === customer))
    expect(t.receiver.received.filter((r) => r.id === customer)).toHaveLength(1)
    await settled(t, everything.id, customer)
    expect((await t.attempts(invoices.id)).map((a) => a.messageId)).toEqual([invoice])
  })

  it('answer the provider 401 without the service token, 503 without one configured, 400 for an unknown type or a bad payload, 404 for an unknown project', async () => {
    const t = await setup()
    const body = { projectId: t.project.id, eventType: 'invoice.paid', payload: {} }
    const post = (b: unknown, headers: Record<string, string> = service) => t.s.request('POST', '/api/webhooks/messages', { headers, body: b })
    expect((await post(body, {})).status).toBe(401)
    expect((await post(body, { Authorization: 'Bearer not-the-service-token' })).status).toBe(401)
    expect((await post({ ...body, eventType: 'nope' })).status).toBe(400)
    expect((await post({ ...body, payload: [1, 2] })).body.message).toBe('payload must be a JSON object.')
    expect((await post({ ...body, payload: 'text' })).status).toBe(400)
    expect((await post({ ...body, projectId: 'prj_missing' })).status).toBe(404)
    // Up to 256 kB of payload is accepted, beyond the API's usual 64 kB body limit; more is 413.
    expect((await post({ ...body, payload: { blob: 'x'.repeat(200_000) } })).status).toBe(202)
    expect((await post({ ...body, payload: { blob: 'x'.repeat(263_000) } })).status).toBe(413)
    expect((await post({ ...body, payload: { blob: 'x'.repeat(300_000) } })).status).toBe(413)

    const unset = await createTestServer({ storage: t.s.storage })
    cleanups.push(() => unset.close())
    const res = await unset.request('POST', '/api/webhooks/messages', { headers: service, body })
    expect(res.status).toBe(503)
    expect(res.body.message).toMatch(/set SERVICE_TOKEN/)
  })

  it('with the same idempotency key within 24 hours answer the same id and are delivered once', async () => {
    const t = await setup()
    const { id } = await t.addEndpoint()
    const first = await t.send('invoice.paid', { n: 1 }, 'order-7-paid')
    const again = await t.send('invoice.paid', { n: 1 }, 'order-7-paid')
    expect(again).toBe(first)
    const other = await t.send('invoice.paid', { n: 3 }, 'order-8-paid')
    expect(other).not.toBe(first)
    await settled(t, id, first)
    await settled(t, id, other)
    expect(t.receiver.received.filter((r) => r.id === first)).toHaveLength(1)
    expect((await t.attempts(id)).filter((a) => a.messageId === first)).toHaveLength(1)
    // Another project's key space is its own.
    const second = await newProject(t.s, t.token)
    const res = await t.s.request('POST', '/api/webhooks/messages', {
      headers: service,
      body: { projectId: second.id, eventType: 'invoice.paid', payload: {}, idempotencyKey: 'order-7-paid' },
    })
    expect(res.body.id).not.toBe(first)
  })

  it('keep every key of the payload as sent, one named __proto__ too: stored, and told apart by the idempotency key', async () => {
    const t = await setup()
    const raw = (admin: boolean) =>
      `{"projectId":"${t.project.id}","eventType":"invoice.paid","payload":{"__proto__":{"admin":${admin}},"a":1},"idempotencyKey":"proto-1"}`
    const first = await t.s.request('POST', '/api/webhooks/messages', { headers: service, raw: raw(true) })
    expect(first.status).toBe(202)
    const [{ body }] = await t.s.db.query<{ body: string }>('SELECT body::text AS body FROM webhook_messages WHERE id = $1', [first.body.id])
    expect(JSON.parse(body).data).toEqual(JSON.parse('{"__proto__":{"admin":true},"a":1}'))
    expect((await t.s.request('POST', '/api/webhooks/messages', { headers: service, raw: raw(false) })).status).toBe(409)
  })

  it('with an idempotency key used within 24 hours for other content answer 409 saying so, and send nothing more', async () => {
    let offset = 0
    const t = await setup({ clock: () => Date.now() + offset })
    const { id } = await t.addEndpoint()
    const first = await t.send('invoice.paid', { invoice: 'in_7', amount: 1200 }, 'order-7')
    // Delivered before the clock moves: a jump of hours past a delivery still in
    // flight expires its lease, and at-least-once rightly delivers it again.
    await settled(t, id, first)
    const post = (body: object) =>
      t.s.request('POST', '/api/webhooks/messages', { headers: service, body: { projectId: t.project.id, idempotencyKey: 'order-7', ...body } })
    for (const other of [
      { eventType: 'invoice.paid', payload: { invoice: 'in_7', amount: 1300 } },
      { eventType: 'customer.created', payload: { invoice: 'in_7', amount: 1200 } },
    ]) {
      const res = await post(other)
      expect(res.status, JSON.stringify(other)).toBe(409)
      expect(res.body.message).toBe(
        'This idempotencyKey was used within the last 24 hours for a message with other content (event type or payload). Send a new message with a new key.',
      )
    }
    // The same content still answers 202 with the first id, hours later too.
    offset = 23 * 60 * 60 * 1000
    expect(await post({ eventType: 'invoice.paid', payload: { invoice: 'in_7', amount: 1200 } })).toMatchObject({ status: 202, body: { id: first } })
    const [{ n }] = await t.s.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM webhook_messages WHERE project_id = $1', [t.project.id])
    expect(n).toBe(1)
    expect(t.receiver.received).toHaveLength(1)
    // Past 24 hours the key is free again, for any content.
    offset = 24 * 60 * 60 * 1000 + 1000
    expect(await post({ eventType: 'customer.created', payload: {} })).toMatchObject({ status: 202, body: { id: expect.not.stringMatching(first) } })
  })

  it('with one idempotency key sent several times at once answer one id and are delivered once; a key 24 hours old is free again', async () => {
    let offset = 0
    const t = await setup({ clock: () => Date.now() + offset })
    const { id } = await t.addEndpoint()
    const ids = await Promise.all(Array.from({ length: 6 }, () => t.send('invoice.paid', { n: 9 }, 'order-9-paid')))
    expect(new Set(ids).size).toBe(1)
    await settled(t, id, ids[0])
    expect(t.receiver.received.filter((r) => r.id === ids[0])).toHaveLength(1)
    // Keys of other messages are accepted side by side, each its own.
    const others = await Promise.all(Array.from({ length: 6 }, (_, n) => t.send('invoice.paid', { n }, `order-${10 + n}-paid`)))
    expect(new Set(others).size).toBe(6)
    offset = 24 * 60 * 60 * 1000 + 1000
    const later = await t.send('invoice.paid', { n: 7 }, 'order-9-paid')
    expect(later).not.toBe(ids[0])
  })

  it('are retried on the schedule after a failure, with the same webhook-id, until a 2xx', async () => {
    const t = await setup({
      answer: (_r, n, res) => res.writeHead(n < 2 ? 500 : 200).end(n < 2 ? 'try later' : 'ok'),
      webhooks: { retrySchedule: [0.05, 0.05, 0.05] },
    })
    const { id } = await t.addEndpoint()
    const msg = await t.send('invoice.paid')
    await t.receiver.got(msg, 3)
    const third = await settled(t, id, msg, 3)
    expect(third).toMatchObject({ status: 'succeeded', responseStatus: 200, nextAttemptAt: null })
    const list = await t.attempts(id)
    expect(list.map((a) => [a.attemptNumber, a.status, a.responseStatus, a.responseBody])).toEqual([
      [3, 'succeeded', 200, 'ok'],
      [2, 'failed', 500, 'try later'],
      [1, 'failed', 500, 'try later'],
    ])
    expect(list[1].nextAttemptAt).toEqual(expect.any(String))
    expect(new Set(t.receiver.received.map((r) => r.id))).toEqual(new Set([msg]))
  })

  it('stop after the last step of the schedule, and count a network error as a failure', async () => {
    const t = await setup({ webhooks: { retrySchedule: [0.05] } })
    const closed = await startReceiver()
    await closed.close() // nothing listens on its port now
    const res = await t.api('POST', '', { url: closed.url })
    const msg = await t.send('invoice.paid')
    const second = await settled(t, res.body.id, msg, 2)
    expect(second).toMatchObject({ status: 'failed', responseStatus: null, responseBody: 'The connection was refused.', nextAttemptAt: null })
    expect(await t.attempts(res.body.id)).toHaveLength(2)
  })

  it('disable the endpoint on a 410, without retrying', async () => {
    const t = await setup({ answer: (_r, _n, res) => res.writeHead(410).end('gone') })
    const { id } = await t.addEndpoint()
    const msg = await t.send('invoice.paid')
    expect(await settled(t, id, msg)).toMatchObject({ status: 'failed', responseStatus: 410, nextAttemptAt: null })
    expect((await t.api('GET', '')).body.endpoints[0]).toMatchObject({ id, disabled: true, lastAttempt: { status: 'failed', responseStatus: 410 } })
    expect(t.workerLog.join('\n')).toMatch(/endpoint disabled \(410\)/)
    // A disabled endpoint gets nothing new, and says so to a test event.
    await t.send('invoice.paid')
    expect((await t.api('POST', `/${id}/test`, {})).status).toBe(409)
    expect(await t.attempts(id)).toHaveLength(1)
  })

  it('record many outcomes written together as if one by one: each attempt, each retry, each endpoint', async () => {
    const t = await setup({ webhooks: { retrySchedule: [0.05] } })
    // Fails each message's first delivery, takes its retry.
    const seen = new Set<string>()
    const flaky = await startReceiver((r, _n, res) => {
      const again = seen.has(r.id)
      seen.add(r.id)
      res.writeHead(again ? 200 : 500).end(again ? 'ok' : 'try later')
    })
    cleanups.push(() => flaky.close())
    const good = await t.addEndpoint()
    const bad = (await t.api('POST', '', { url: flaky.url })).body as { id: string }
    const ids = await Promise.all(Array.from({ length: 20 }, () => t.send('invoice.paid')))
    // Every attempt is logged once recorded: 20 to the good endpoint, 40 to the flaky one.
    await t.logged(() => t.workerLog.filter((l) => l.startsWith('webhook attempt ')).length >= 60)
    const goodList = await t.attempts(good.id, '?limit=100')
    const badList = await t.attempts(bad.id, '?limit=100')
    const of = (list: typeof goodList, id: string) =>
      list.filter((a) => a.messageId === id).map((a) => [a.attemptNumber, a.status, a.responseStatus, typeof a.nextAttemptAt])
    for (const id of ids) {
      expect(of(goodList, id)).toEqual([[1, 'succeeded', 200, 'object']])
      expect(of(badList, id)).toEqual([
        [2, 'succeeded', 200, 'object'],
        [1, 'failed', 500, 'string'],
      ])
    }
    expect(goodList).toHaveLength(20)
    expect(badList).toHaveLength(40)
    // No delivery is left pending, and both endpoints end healthy.
    expect(await t.s.db.query("SELECT id FROM webhook_attempts WHERE status = 'pending'")).toEqual([])
    expect(await t.s.db.query('SELECT count(*)::int AS n FROM webhook_deliveries WHERE next_attempt_at IS NOT NULL')).toEqual([{ n: 0 }])
    const endpoints = await t.s.db.query<{ failing_since: Date | null; disabled: boolean }>('SELECT failing_since, disabled FROM webhook_endpoints')
    expect(endpoints).toEqual([
      { failing_since: null, disabled: false },
      { failing_since: null, disabled: false },
    ])
  })

  it('keep their outcomes written when they come while an earlier write is on its way, and after it', async () => {
    let writes = 0
    let release: (() => void) | undefined
    let held: Promise<void> | undefined = new Promise<void>((resolve) => (release = resolve))
    const t = await setup({
      workerDb: (db) => ({
        ...db,
        query: (sql, params) => {
          if (!sql.includes('WITH completed AS')) return db.query(sql, params)
          writes++
          return held ? held.then(() => db.query(sql, params)) : db.query(sql, params)
        },
      }),
    })
    const { id } = await t.addEndpoint()
    const a = await t.send('invoice.paid')
    // A's outcome is being written, and held there; B is delivered meanwhile, its outcome waiting.
    await vi.waitFor(() => expect(writes).toBe(1), { timeout: 10_000 })
    const b = await t.send('invoice.paid')
    await t.receiver.got(b)
    held = undefined
    release!()
    expect(await settled(t, id, a)).toMatchObject({ status: 'succeeded' })
    expect(await settled(t, id, b)).toMatchObject({ status: 'succeeded' })
    // The writer went idle after B's write; the next outcome starts it again.
    const c = await t.send('invoice.paid')
    expect(await settled(t, id, c)).toMatchObject({ status: 'succeeded' })
  })

  it('sent at once are stored in a few statements, not one each, and each is delivered once', async () => {
    const t = await setup()
    await t.addEndpoint()
    const query = vi.spyOn(t.s.db, 'query')
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => t.send('invoice.paid', { n: i })))
    const inserts = query.mock.calls.filter(([sql]) => sql.includes('INSERT INTO webhook_messages')).length
    query.mockRestore()
    expect(new Set(ids).size).toBe(20)
    expect(inserts).toBeGreaterThan(0)
    expect(inserts).toBeLessThan(5)
    await t.receiver.until((all) => ids.every((id) => all.some((r) => r.id === id)))
    const bodies = t.receiver.received.map((r) => (JSON.parse(r.body) as { data: { n: number } }).data.n).sort((a, b) => a - b)
    expect(bodies).toEqual(Array.from({ length: 20 }, (_, i) => i))
  })

  it('in flight many at once (more than ten) raise no listener-leak warning', async () => {
    const held: ServerResponse[] = []
    const slow = await startReceiver((_r, _n, res) => {
      held.push(res)
      if (held.length === 16) for (const r of held) r.end('ok')
    })
    cleanups.push(() => slow.close())
    const t = await setup()
    for (let i = 0; i < 2; i++) expect((await t.api('POST', '', { url: slow.url })).status).toBe(201)
    const warnings: Error[] = []
    const onWarning = (w: Error) => warnings.push(w)
    process.on('warning', onWarning)
    try {
      await Promise.all(Array.from({ length: 8 }, (_, i) => t.send('invoice.paid', { n: i })))
      await t.logged(() => t.workerLog.filter((l) => l.startsWith('webhook attempt')).length >= 16)
      await new Promise(setImmediate)
    } finally {
      process.off('warning', onWarning)
    }
    expect(held).toHaveLength(16)
    expect(warnings.map((w) => w.name)).toEqual([])
  })

  it('sent at once with large payloads are stored a few megabytes per statement', async () => {
    const t = await setup()
    await t.addEndpoint()
    const query = vi.spyOn(t.s.db, 'query')
    const big = 'x'.repeat(250 * 1024)
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => t.send('invoice.paid', { n: i, big })))
    const inserts = query.mock.calls.filter(([sql]) => sql.includes('INSERT INTO webhook_messages'))
    query.mockRestore()
    // 20 bodies of 250 kB: 5 MB, more than one statement's 4 MB.
    expect(inserts.length).toBeGreaterThanOrEqual(2)
    for (const [, params] of inserts) expect((params![3] as string[]).join('').length).toBeLessThanOrEqual(4 * 1024 * 1024)
    await t.receiver.until((all) => ids.every((id) => all.some((r) => r.id === id)))
  })

  it('claimed ahead of a free slot and not started when the worker stops are due again at once, not after their lease', async () => {
    const slow = await startReceiver(() => {}) // never answers: the one attempt in flight is called off by the stop
    cleanups.push(() => slow.close())
    const t = await setup({ webhooks: { endpointConcurrency: 1 } })
    const endpoint = (await t.api('POST', '', { url: slow.url })).body as { id: string }
    await Promise.all([t.send('invoice.paid'), t.send('invoice.paid'), t.send('invoice.paid')])
    await slow.until((all) => all.length === 1)
    const leased = await t.s.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1 AND next_attempt_at > now() + interval '20 seconds'",
      [endpoint.id],
    )
    expect(leased).toEqual([{ n: 3 }]) // one in flight, two claimed ahead: all leased
    await t.worker.stop()
    // The one in flight, unanswered, is let go too (webhook-called-off.test.ts): no attempt is recorded.
    const due = await t.s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1 AND next_attempt_at <= now()', [
      endpoint.id,
    ])
    expect(due).toEqual([{ n: 3 }])
    expect(slow.received).toHaveLength(1)
    expect((await t.attempts(endpoint.id)).filter((a) => a.status !== 'pending')).toEqual([])
  })

  it('honour Retry-After on 429 and 503, up to the next step of the schedule', async () => {
    const now = Date.parse('2030-01-31T12:00:00Z')
    const t = await setup({
      answer: (r, _n, res) => {
        const wait = JSON.parse(r.body).data.wait as string
        res.writeHead(JSON.parse(r.body).data.status, { 'Retry-After': wait }).end()
      },
      webhooks: { retrySchedule: [1, 5, 5] },
      // The app's clock held still: each gap is exactly what was asked, however long the attempt took.
      clock: () => now,
    })
    const { id } = await t.addEndpoint()
    const gap = async (status: number, wait: string) => {
      const msg = await t.send('invoice.paid', { status, wait })
      const a = await settled(t, id, msg)
      expect(a.status).toBe('failed')
      return (Date.parse(a.nextAttemptAt as string) - Date.parse(a.attemptedAt as string)) / 1000
    }
    // 3 s asked: waited 3 s rather than the schedule's 1 s.
    expect(await gap(503, '3')).toBe(3)
    expect(await gap(429, '3')).toBe(3)
    // An hour asked: no longer than the next step (5 s).
    expect(await gap(429, '3600')).toBe(5)
    // On a 500 it is only the schedule's step.
    expect(await gap(500, '3')).toBe(1)
  })

  it('carry both signatures during a roll’s grace period, and only the new one after a roll with none', async () => {
    const t = await setup()
    await t.addEndpoint()
    const old = t.project.webhookSecret
    const rolled = await t.api('POST', '/secret/roll', { graceSeconds: 3600 })
    expect(rolled.status).toBe(201)
    const fresh = rolled.body.webhookSecret as string
    expect(fresh).not.toBe(old)
    const during = await t.send('invoice.paid')
    await t.receiver.got(during)
    const r1 = t.receiver.received.find((r) => r.id === during)!
    expect(String(r1.headers['webhook-signature']).split(' ')).toHaveLength(2)
    for (const secret of [old, fresh]) expect(() => new Webhook(secret).verify(r1.body, r1.headers as Record<string, string>)).not.toThrow()

    const now = await t.api('POST', '/secret/roll', { graceSeconds: 0 })
    const after = await t.send('invoice.paid')
    await t.receiver.got(after)
    const r2 = t.receiver.received.find((r) => r.id === after)!
    expect(String(r2.headers['webhook-signature']).split(' ')).toHaveLength(1)
    expect(() => new Webhook(now.body.webhookSecret).verify(r2.body, r2.headers as Record<string, string>)).not.toThrow()
    expect(() => new Webhook(fresh).verify(r2.body, r2.headers as Record<string, string>)).toThrow()
    expect((await t.api('POST', '/secret/roll', { graceSeconds: 604801 })).status).toBe(400)
    expect((await t.api('POST', '/secret/roll', {})).status).toBe(400)
  })

  it('of a test event send webhook.test or the named type’s example to that endpoint only', async () => {
    const t = await setup()
    const { id } = await t.addEndpoint({ eventTypes: ['customer.created'] })
    const other = await t.addEndpoint()
    const sent = await t.api('POST', `/${id}/test`)
    expect(sent.status).toBe(202)
    expect(sent.body).toEqual({ id: expect.stringMatching(/^msg_/) })
    await t.receiver.got(sent.body.id)
    expect(JSON.parse(t.receiver.received[0].body)).toMatchObject({ type: 'webhook.test', data: { message: expect.any(String) } })
    const typed = await t.api('POST', `/${id}/test`, { eventType: 'invoice.paid' })
    await t.receiver.got(typed.body.id)
    expect(JSON.parse(t.receiver.received[1].body)).toMatchObject({ type: 'invoice.paid', data: EVENT_TYPES[0].example })
    expect((await t.api('POST', `/${id}/test`, { eventType: 'nope' })).status).toBe(400)
    expect((await t.api('POST', '/whe_missing/test', {})).status).toBe(404)
    expect(await t.attempts(other.id)).toEqual([])
  })

  it('are sent again on resend, with the same webhook-id, as a new delivery in the log', async () => {
    const t = await setup()
    const { id } = await t.addEndpoint()
    const msg = await t.send('invoice.paid')
    await settled(t, id, msg)
    const res = await t.api('POST', `/${id}/messages/${msg}/resend`)
    expect(res.status).toBe(202)
    await t.receiver.got(msg, 2)
    await settled(t, id, msg, 1, 2)
    const list = await t.attempts(id)
    expect(list.map((a) => [a.messageId, a.attemptNumber, a.status])).toEqual([
      [msg, 1, 'succeeded'],
      [msg, 1, 'succeeded'],
    ])
    expect((await t.api('POST', `/${id}/messages/msg_missing/resend`)).status).toBe(404)
    // Another project's message cannot be resent here.
    const second = await newProject(t.s, t.token)
    const foreign = await t.s.request('POST', '/api/webhooks/messages', {
      headers: service,
      body: { projectId: second.id, eventType: 'invoice.paid', payload: {} },
    })
    expect((await t.api('POST', `/${id}/messages/${foreign.body.id}/resend`)).status).toBe(404)
    // Nor a message of this project that never went to this endpoint: another endpoint's, or of a type its filter leaves out.
    const { id: narrow } = await t.addEndpoint({ eventTypes: ['customer.created'] })
    const resentThere = await t.api('POST', `/${narrow}/messages/${msg}/resend`)
    expect([resentThere.status, resentThere.body.code]).toEqual([404, 'MESSAGE_NOT_FOUND'])
    expect(await t.attempts(narrow)).toEqual([])
    // Nor one that went to the address the endpoint had before it was re-pointed: the new address never had it.
    expect((await t.api('PATCH', `/${id}`, { url: `${t.receiver.url}/moved` })).status).toBe(200)
    const moved = await t.api('POST', `/${id}/messages/${msg}/resend`)
    expect([moved.status, moved.body.code]).toEqual([404, 'MESSAGE_NOT_FOUND'])
    expect(await t.attempts(id)).toHaveLength(2)
  })

  it('end once a resend succeeds: the retry still scheduled never fires, and until then shows as scheduled, with no answer', async () => {
    let offset = 0
    const t = await setup({
      clock: () => Date.now() + offset,
      answer: (_r, n, res) => res.writeHead(n === 0 ? 500 : 204).end(),
      webhooks: { retrySchedule: [300] },
    })
    const { id } = await t.addEndpoint()
    const msg = await t.send('invoice.paid')
    const first = await settled(t, id, msg)
    expect(first).toMatchObject({ status: 'failed', responseStatus: 500, scheduledFor: null, nextAttemptAt: expect.any(String) })
    // The retry, five minutes away: scheduled for then, with nothing of an answer.
    expect((await t.attempts(id)).filter((a) => a.status === 'pending')).toEqual([
      expect.objectContaining({
        messageId: msg,
        attemptNumber: 2,
        scheduledFor: first.nextAttemptAt,
        responseStatus: null,
        responseBody: null,
        durationMs: null,
      }),
    ])

    expect((await t.api('POST', `/${id}/messages/${msg}/resend`)).status).toBe(202)
    await settled(t, id, msg, 1, 2)
    expect(t.receiver.received.filter((r) => r.id === msg)).toHaveLength(2)
    // Delivered: nothing is scheduled any more.
    expect((await t.attempts(id)).map((a) => [a.attemptNumber, a.status, a.scheduledFor])).toEqual([
      [1, 'succeeded', null],
      [1, 'failed', null],
    ])

    // Ten minutes on, past the retry's time, the worker delivers a newer message, and not the first one again.
    offset = 10 * 60 * 1000
    const later = await t.send('invoice.paid', { n: 2 })
    await settled(t, id, later)
    t.worker.wake()
    await t.receiver.got(later)
    expect(t.receiver.received.filter((r) => r.id === msg)).toHaveLength(2)
    const due = await t.s.db.query('SELECT id FROM webhook_deliveries WHERE message_id = $1 AND next_attempt_at IS NOT NULL', [msg])
    expect(due).toEqual([])
  })

  it('are listed newest first, a page at a time', async () => {
    const t = await setup()
    const { id } = await t.addEndpoint()
    const ids = []
    for (let i = 0; i < 5; i++) {
      const msg = await t.send('invoice.paid', { i })
      await settled(t, id, msg)
      ids.push(msg)
    }
    const first = await t.attempts(id, '?limit=2')
    expect(first.map((a) => a.messageId)).toEqual([ids[4], ids[3]])
    const next = await t.attempts(id, `?limit=2&before=${first[1].id}`)
    expect(next.map((a) => a.messageId)).toEqual([ids[2], ids[1]])
    const last = await t.attempts(id, `?limit=2&before=${next[1].id}`)
    expect(last.map((a) => a.messageId)).toEqual([ids[0]])
    expect((await t.api('GET', `/${id}/attempts?limit=0`)).status).toBe(400)
    expect((await t.api('GET', `/${id}/attempts?limit=abc`)).status).toBe(400)
    expect((await t.api('GET', `/${id}/attempts?before=wha_missing`)).status).toBe(400)
  })

  it('refuse a page size that is not written in digits, with the same 400 as one out of range', async () => {
    const t = await setup()
    const { id } = await t.addEndpoint()
    for (const limit of ['1e1', '2.0', '%205', '0x10', '', '101']) {
      const res = await t.api('GET', `/${id}/attempts?limit=${limit}`)
      expect([limit, res.status, res.body]).toEqual([limit, 400, { message: 'limit must be a whole number from 1 to 100.', code: 'LIMIT_OUT_OF_RANGE' }])
    }
    expect((await t.api('GET', `/${id}/attempts?limit=05`)).status).toBe(200)
  })

  it('log one line per attempt with ids, status and duration, never the payload, the secret or a signature', async () => {
    const t = await setup()
    const { id } = await t.addEndpoint()
    const msg = await t.send('invoice.paid', { marker: 'payload-marker-123' })
    await settled(t, id, msg)
    const lines = t.workerLog.filter((l) => l.includes(msg))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(new RegExp(`^webhook attempt endpoint=${id} message=${msg} attempt=1 succeeded 200 \\d+ms$`))
    const all = [...t.workerLog, ...t.s.logs].join('\n')
    expect(all).not.toContain('payload-marker-123')
    expect(all).not.toContain(t.project.webhookSecret.slice(6))
    expect(all).not.toContain(String(t.receiver.received[0].headers['webhook-signature']).slice(3))
  })

  it('to a slow endpoint hold up no other endpoint', async () => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const slow = await startReceiver((_r, _n, res) => void held.then(() => res.end('late')))
    cleanups.push(() => slow.close())
    const t = await setup({ webhooks: { endpointConcurrency: 1 } })
    const slowEndpoint = await t.api('POST', '', { url: slow.url })
    await t.addEndpoint()
    const msgs = [await t.send('invoice.paid'), await t.send('invoice.paid'), await t.send('invoice.paid')]
    await t.receiver.until((all) => msgs.every((m) => all.some((r) => r.id === m)))
    // The slow one has its one attempt in flight and the rest waiting.
    expect(slow.received).toHaveLength(1)
    release()
    await slow.until((all) => all.length === 3)
    expect(slowEndpoint.status).toBe(201)
  })

  it('held for a slot are not sent to the address an endpoint had when it is moved meanwhile: they go to its new one', async () => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    // The first request waits for the test: the endpoint's one slot stays taken, and the rest are held for it.
    const old = await startReceiver((_r, n, res) => void (n === 0 ? held.then(() => res.end('late')) : res.end('ok')))
    cleanups.push(() => old.close())
    const t = await setup({ webhooks: { endpointConcurrency: 1 } })
    const heard: string[] = []
    cleanups.push(await t.s.db.listen(ENDPOINT_CHANNEL, (id) => heard.push(id)))
    const endpoint = (await t.api('POST', '', { url: old.url })).body as { id: string }
    const msgs = [await t.send('invoice.paid'), await t.send('invoice.paid'), await t.send('invoice.paid')]
    await old.until((all) => all.length === 1)
    expect((await t.api('PATCH', `/${endpoint.id}`, { url: t.receiver.url })).status).toBe(200)
    // The worker hears the move as this listener does (one connection calls both). The first attempt, unanswered, is
    // called off then and goes to the new address too (the old one never answers it): all three arrive there.
    await within(HEARD_MS, async () => heard.includes(endpoint.id))
    await t.receiver.until((all) => all.length === 3)
    release()
    expect(old.received.map((r) => r.id)).toEqual([msgs[0]])
    expect(t.receiver.received.map((r) => r.id).sort()).toEqual([...msgs].sort())
  })

  it('taken by a claim under way when their endpoint moves are let go too: they go to its new address', async () => {
    let claimRead: () => void = () => {}
    const read = new Promise<void>((resolve) => (claimRead = resolve))
    let answer: () => void = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const old = await startReceiver()
    cleanups.push(() => old.close())
    const t = await setup({
      // The claim that takes the message reads the endpoint as it is, then its answer waits for the test.
      workerDb: (db) => ({
        ...db,
        query: (async (sql: string, params?: readonly unknown[]) => {
          const rows = await db.query(sql, params)
          if (sql.includes('WITH due AS') && rows.length > 0) {
            claimRead()
            await answered
          }
          return rows
        }) as Database['query'],
      }),
    })
    const heard: string[] = []
    cleanups.push(await t.s.db.listen(ENDPOINT_CHANNEL, (id) => heard.push(id)))
    const endpoint = (await t.api('POST', '', { url: old.url })).body as { id: string }
    const msg = await t.send('invoice.paid')
    await read
    expect((await t.api('PATCH', `/${endpoint.id}`, { url: t.receiver.url })).status).toBe(200)
    await within(HEARD_MS, async () => heard.includes(endpoint.id))
    answer()
    await within(HEARD_MS, async () => t.receiver.received.some((r) => r.id === msg))
    expect(old.received).toEqual([])
  })

  it('disable an endpoint that has failed everything for the configured time, and log that time', async () => {
    let offset = 0
    const clock = () => Date.now() + offset
    // The first retry waits an hour: it is due only once the test has moved the clock on, however late the
    // test gets there, so attempt 2 is the one made 36 hours on.
    const t = await setup({
      answer: (_r, _n, res) => res.writeHead(500).end(),
      webhooks: { retrySchedule: [3600, 0.05, 0.05], disableAfterFailingMs: 36 * 60 * 60 * 1000 },
      // A session that outlives the 36 hours the clock moves on (it expires on the app's clock too).
      config: { accessTokenTtlSeconds: 2 * 86_400 },
      clock,
    })
    const { id } = await t.addEndpoint()
    const msg = await t.send('invoice.paid')
    await settled(t, id, msg, 1)
    offset = 36 * 60 * 60 * 1000
    // The worker's timer waits for the hour in real time: a look now finds the retry due.
    t.worker.wake()
    expect(await settled(t, id, msg, 2)).toMatchObject({ status: 'failed', nextAttemptAt: null })
    expect((await t.api('GET', '')).body.endpoints[0].disabled).toBe(true)
    expect(t.workerLog.join('\n')).toMatch(/attempt=2 failed 500 \d+ms endpoint disabled \(failing for 36 hours\)/)
  })

  it('are pruned after the retention period, and go with their project', async () => {
    const t = await setup()
    const { id } = await t.addEndpoint()
    const msg = await t.send('invoice.paid')
    await settled(t, id, msg)
    await pruneWebhooks(t.s.db, new Date(Date.now() - 86_400_000))
    expect(await t.attempts(id)).toHaveLength(1)
    await pruneWebhooks(t.s.db, new Date(Date.now() + 1000))
    expect(await t.attempts(id)).toEqual([])
    expect(await t.s.db.query('SELECT id FROM webhook_messages WHERE id = $1', [msg])).toEqual([])

    await t.send('invoice.paid')
    await t.s.db.query('DELETE FROM projects WHERE id = $1', [t.project.id])
    for (const table of ['webhook_secrets', 'webhook_endpoints', 'webhook_messages', 'webhook_deliveries', 'webhook_attempts']) {
      expect(await t.s.db.query(`SELECT 1 FROM ${table}`), table).toEqual([])
    }
  })
})
