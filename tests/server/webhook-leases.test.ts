/**
 * A delivery a worker has claimed but not started (it waits for the
 * endpoint's slot) may be ended meanwhile: a resend of its message succeeded
 * on another instance, or a member's removal dropped what was queued for the
 * endpoint. The worker that lets its lease go (on stop, or after waiting too
 * long) must not make it due again: the message would be delivered twice.
 */
import type { ServerResponse } from 'node:http'
import { afterEach, expect, it } from 'vitest'
import { withDefaults, type AppOverrides } from '../../server/config'
import { endEndpoints, startWebhookWorker } from '../../server/resources/webhooks'
import { claimDue } from '../../server/resources/webhooks/claim'
import { createRecorder } from '../../server/resources/webhooks/record'
import { blockedBy, holdOpen } from './blocked'
import { createTestServer, newProject, signUp, usePostgres } from './harness'
import { startReceiver } from './webhook-receiver'

const SERVICE_TOKEN = 'service-token-for-the-lease-tests'
const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

it('a delivery ended while its worker held it stays ended when the worker lets its lease go', async () => {
  // The endpoint's first request hangs: its one slot on the first worker stays taken.
  const hanging: ServerResponse[] = []
  const receiver = await startReceiver((_req, n, res) => (n === 0 ? void hanging.push(res) : res.writeHead(204).end()))
  cleanups.push(async () => {
    for (const res of hanging) res.destroy()
    await receiver.close()
  })
  const overrides: AppOverrides = {
    serviceToken: SERVICE_TOKEN,
    webhooks: { allowPrivateNetworks: true, retrySchedule: [3600], endpointConcurrency: 1, timeoutMs: 60_000 },
  }
  const s = await createTestServer({ config: overrides })
  cleanups.push(() => s.close())
  const worker = (log: string[]) => startWebhookWorker({ db: s.db, config: withDefaults(overrides), log: (line) => log.push(line), clock: Date.now })
  const first = worker([])
  cleanups.push(() => first.stop())
  const owner = await signUp(s)
  const project = await newProject(s, owner.accessToken)
  const base = `/api/manage/dapp/${project.id}/webhooks`
  const endpoint = (await s.request('POST', base, { token: owner.accessToken, body: { url: receiver.url } })).body.id as string
  const send = async (n: number) =>
    (
      await s.request('POST', '/api/webhooks/messages', {
        headers: { Authorization: `Bearer ${SERVICE_TOKEN}` },
        body: { projectId: project.id, eventType: 'webhook.test', payload: { n } },
      })
    ).body.id as string
  await receiver.got(await send(0))
  const message = await send(1)
  await send(2)
  await send(3)
  // The first worker holds as many deliveries to the endpoint as it takes ahead of its one slot (leased, due far
  // ahead), the second message's among them: the resend's delivery is left to the second worker.
  await expect.poll(async () => (await s.db.query(`SELECT 1 FROM webhook_deliveries WHERE next_attempt_at > now() + interval '20 seconds'`)).length).toBe(4)
  expect((await s.request('POST', `${base}/${endpoint}/messages/${message}/resend`, { token: owner.accessToken })).status).toBe(202)
  // A second instance delivers the resend: the message's deliveries end.
  const log: string[] = []
  const second = worker(log)
  cleanups.push(() => second.stop())
  await expect.poll(() => log.some((line) => line.includes(`message=${message} attempt=1 succeeded`)), { timeout: 10_000 }).toBe(true)
  const due = () => s.db.query<{ due: Date | null }>('SELECT next_attempt_at AS due FROM webhook_deliveries WHERE message_id = $1', [message])
  expect((await due()).map((d) => d.due)).toEqual([null, null])
  // The first worker stops (a deploy): the delivery it held is let go, and stays ended.
  await first.stop()
  expect((await due()).map((d) => d.due)).toEqual([null, null])
}, 60_000)

// PostgreSQL: the removal commits while the failure's statement waits for it, on another connection.
it.runIf(usePostgres)(
  'a delivery ended by a removal while its failure is being written is not scheduled again',
  async () => {
    const s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN, webhooks: { allowPrivateNetworks: true } } })
    cleanups.push(() => s.close())
    const owner = await signUp(s)
    const project = await newProject(s, owner.accessToken)
    const base = `/api/manage/dapp/${project.id}/webhooks`
    const endpoint = (await s.request('POST', base, { token: owner.accessToken, body: { url: 'http://127.0.0.1:9/hook' } })).body.id as string
    const sent = await s.request('POST', '/api/webhooks/messages', {
      headers: { Authorization: `Bearer ${SERVICE_TOKEN}` },
      body: { projectId: project.id, eventType: 'webhook.test', payload: {} },
    })
    expect(sent.status, sent.text).toBe(202)
    const now = new Date()
    const { taken } = await claimDue(s.db, {
      now,
      leaseUntil: new Date(now.getTime() + 45_000),
      limit: 10,
      held: new Map(),
      heldByProject: new Map(),
      endpointHold: 32,
      projectHold: 64,
    })
    expect(taken).toHaveLength(1)
    // The member who added the endpoint is removed: it is disabled and what is queued for it dropped, in a
    // transaction that the failed attempt's write waits for.
    const removal = await holdOpen(s.db, (tx) => endEndpoints(tx, project.id, [endpoint]))
    const recorder = createRecorder(s.db, { retrySchedule: [60], disableAfterMs: 86_400_000 }, Date.now, () => undefined)
    recorder.record({ delivery: taken[0], number: 1, started: now, outcome: { status: 500, body: 'down', durationMs: 5 } }, () => undefined)
    await blockedBy(s.db, removal)
    await recorder.flush()
    // Before, the write scheduled a retry from what it read before the removal committed: enabled again, the
    // endpoint would have had the dropped message sent to the removed member's address.
    expect((await s.request('PATCH', `${base}/${endpoint}`, { token: owner.accessToken, body: { disabled: false } })).status).toBe(200)
    const attempts = (await s.request('GET', `${base}/${endpoint}/attempts`, { token: owner.accessToken })).body
    expect(attempts).toMatchObject([{ status: 'failed', responseStatus: 500, nextAttemptAt: null }])
  },
  60_000,
)
