/**
 * Attempts the worker calls off before their answer comes: when it stops (a
 * deploy, a restart), when their endpoint is pointed elsewhere, and when the
 * project's signing secret is rolled. Such an attempt is no outcome of the receiver's: it is
 * let go, not recorded, and sent again at once.
 */
import type { ServerResponse } from 'node:http'
import { Webhook } from 'standardwebhooks'
import { afterEach, expect, it } from 'vitest'
import { withDefaults, type AppOverrides } from '../../server/config'
import { startWebhookWorker } from '../../server/resources/webhooks'
import { ENDPOINT_CHANNEL } from '../../server/resources/webhooks/claim'
import { createTestServer, newProject, signUp } from './harness'
import { startReceiver, type Answer } from './webhook-receiver'
import { HEARD_MS, within } from './within'

const SERVICE_TOKEN = 'service-token-for-the-called-off-tests'
const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A receiver whose first request hangs until the test ends (or the worker gives it up); later ones answer 200. */
async function hangingFirst(answer: Answer = (_req, _n, res) => res.end('ok')) {
  const hanging: ServerResponse[] = []
  const receiver = await startReceiver((req, n, res) => (n === 0 ? void hanging.push(res) : answer(req, n, res)))
  cleanups.push(async () => {
    for (const res of hanging) res.destroy()
    await receiver.close()
  })
  return receiver
}

/** A server and its worker, a project with an endpoint at `url`, and what sends a message to it. */
async function setup(url: string, webhooks: AppOverrides['webhooks'] = {}) {
  // A time limit no test reaches: an attempt ends because it is called off, never because it timed out.
  const overrides: AppOverrides = { serviceToken: SERVICE_TOKEN, webhooks: { allowPrivateNetworks: true, timeoutMs: 120_000, ...webhooks } }
  const s = await createTestServer({ config: overrides })
  cleanups.push(() => s.close())
  const worker = (log: string[] = []) => {
    const w = startWebhookWorker({ db: s.db, config: withDefaults(overrides), log: (line) => log.push(line), clock: Date.now })
    cleanups.push(() => w.stop())
    return w
  }
  const first = worker()
  const owner = await signUp(s)
  const project = await newProject(s, owner.accessToken)
  const base = `/api/manage/dapp/${project.id}/webhooks`
  const api = (method: string, path: string, body?: unknown) => s.request(method, `${base}${path}`, { token: owner.accessToken, body })
  const endpoint = (await api('POST', '', { url })).body.id as string
  const send = async (payload: object = { n: 1 }) =>
    (
      await s.request('POST', '/api/webhooks/messages', {
        headers: { Authorization: `Bearer ${SERVICE_TOKEN}` },
        body: { projectId: project.id, eventType: 'webhook.test', payload },
      })
    ).body.id as string
  return { s, project, worker, first, api, endpoint, send }
}

it('an attempt in flight when the worker stops is let go, not spent: the next start delivers it, even on the last attempt', async () => {
  const receiver = await hangingFirst()
  // No retry: the first attempt is the schedule's last.
  const t = await setup(receiver.url, { retrySchedule: [] })
  const message = await t.send()
  await receiver.got(message)
  await t.first.stop()
  // Nothing recorded: the delivery is due again with no attempt spent, and the endpoint is not failing.
  expect(await t.s.db.query('SELECT attempts_made, next_attempt_at IS NOT NULL AS queued FROM webhook_deliveries WHERE message_id = $1', [message])).toEqual([
    { attempts_made: 0, queued: true },
  ])
  expect(await t.s.db.query("SELECT status FROM webhook_attempts WHERE message_id = $1 AND status <> 'pending'", [message])).toEqual([])
  expect(await t.s.db.query('SELECT failing_since FROM webhook_endpoints WHERE id = $1', [t.endpoint])).toEqual([{ failing_since: null }])

  const log: string[] = []
  t.worker(log)
  await receiver.got(message, 2)
  await expect.poll(() => log.find((line) => line.includes(`message=${message} `)), { timeout: 10_000 }).toMatch(/attempt=1 succeeded 200/)
  const attempts = await t.api('GET', `/${t.endpoint}/attempts`)
  expect(attempts.body.map((a: { attemptNumber: number; status: string }) => [a.attemptNumber, a.status])).toEqual([[1, 'succeeded']])
})

it('an attempt in flight to an endpoint pointed elsewhere is called off, not recorded: the message goes to the new address', async () => {
  const old = await hangingFirst()
  const fresh = await startReceiver()
  cleanups.push(() => fresh.close())
  const t = await setup(old.url)
  const heard: string[] = []
  cleanups.push(await t.s.db.listen(ENDPOINT_CHANNEL, (id) => heard.push(id)))
  const message = await t.send()
  await old.got(message)
  expect((await t.api('PATCH', `/${t.endpoint}`, { url: fresh.url })).status).toBe(200)
  // The worker hears the move as this listener does (one connection calls both); the time limit is far off.
  await within(HEARD_MS, async () => heard.includes(t.endpoint))
  await within(HEARD_MS, async () => fresh.received.some((r) => r.id === message))
  await within(HEARD_MS, async () => (await t.s.db.query("SELECT 1 FROM webhook_attempts WHERE status <> 'pending'")).length === 1)
  const attempts = await t.api('GET', `/${t.endpoint}/attempts`)
  expect(attempts.body.map((a: { attemptNumber: number; status: string }) => [a.attemptNumber, a.status])).toEqual([[1, 'succeeded']])
  expect(old.received.map((r) => r.id)).toEqual([message])
})

it('deliveries held when the secret is rolled with no grace go out signed with the new secret alone', async () => {
  const receiver = await hangingFirst()
  const t = await setup(receiver.url, { endpointConcurrency: 1 })
  const heard: string[] = []
  cleanups.push(await t.s.db.listen(ENDPOINT_CHANNEL, (id) => heard.push(id)))
  const messages = [await t.send({ n: 1 }), await t.send({ n: 2 }), await t.send({ n: 3 })]
  await receiver.got(messages[0])
  // The first hangs in the endpoint's one slot; the worker holds the other two for it, claimed with the old secret.
  const leased = "SELECT 1 FROM webhook_deliveries WHERE next_attempt_at > now() + interval '20 seconds'"
  await expect.poll(async () => (await t.s.db.query(leased)).length, { timeout: 10_000 }).toBe(3)
  const rolled = await t.api('POST', '/secret/roll', { graceSeconds: 0 })
  expect(rolled.status).toBe(201)
  // The worker hears the roll as this listener does (one connection calls both).
  await within(HEARD_MS, async () => heard.includes(t.endpoint))
  await receiver.until((all) => messages.every((id) => all.slice(1).some((r) => r.id === id)))
  for (const r of receiver.received.slice(1)) {
    expect(String(r.headers['webhook-signature']).split(' ')).toHaveLength(1)
    expect(() => new Webhook(rolled.body.webhookSecret).verify(r.body, r.headers as Record<string, string>)).not.toThrow()
  }
})
