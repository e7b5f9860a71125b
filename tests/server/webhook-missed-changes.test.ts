/**
 * The worker hears of an endpoint pointed elsewhere through a NOTIFY on its listening connection. Messages
 * sent while that connection is down (dropped, or silent until its heartbeat finds it out) are lost: the
 * deliveries it holds then may have been claimed for an address the endpoint no longer has.
 */
import type { ServerResponse } from 'node:http'
import { afterEach, expect, it } from 'vitest'
import { withDefaults, type AppOverrides } from '../../server/config'
import type { Database } from '../../server/db/index'
import { startWebhookWorker } from '../../server/resources/webhooks'
import { createTestServer, newProject, signUp } from './harness'
import { startReceiver } from './webhook-receiver'
import { HEARD_MS, within } from './within'

const SERVICE_TOKEN = 'service-token-for-the-missed-changes-tests'
const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** The database as the worker sees it, with a listening connection the test can lose: what is sent meanwhile is not heard. */
function losable(db: Database) {
  let down = false
  const resets: Array<(listening: boolean) => void> = []
  const wrapped: Database = {
    ...db,
    listen(channel, onMessage, onReset) {
      if (onReset) resets.push(onReset)
      return db.listen(channel, (payload) => down || onMessage(payload), onReset)
    },
  }
  return {
    db: wrapped,
    lose: () => void (down = true),
    /** As the listener says it when it reconnects: the connection dropped, and is back. */
    back() {
      for (const reset of resets) reset(false)
      down = false
      for (const reset of resets) reset(true)
    },
  }
}

it('a delivery held while the listening connection was down goes where its endpoint points once it is back, not where it pointed', async () => {
  const hanging: ServerResponse[] = []
  const old = await startReceiver((_req, n, res) => (n === 0 ? void hanging.push(res) : res.end('ok')))
  const fresh = await startReceiver()
  cleanups.push(
    () => fresh.close(),
    async () => {
      for (const res of hanging) res.end('ok')
      await old.close()
    },
  )
  // One attempt at a time to the endpoint: the second message waits, held, for the first's answer.
  const overrides: AppOverrides = { serviceToken: SERVICE_TOKEN, webhooks: { allowPrivateNetworks: true, timeoutMs: 120_000, endpointConcurrency: 1 } }
  const s = await createTestServer({ config: overrides })
  cleanups.push(() => s.close())
  const connection = losable(s.db)
  const worker = startWebhookWorker({ db: connection.db, config: withDefaults(overrides), log: () => undefined, clock: Date.now })
  cleanups.push(() => worker.stop())
  const owner = await signUp(s)
  const project = await newProject(s, owner.accessToken)
  const base = `/api/manage/dapp/${project.id}/webhooks`
  const endpoint = (await s.request('POST', base, { token: owner.accessToken, body: { url: old.url } })).body.id as string
  const send = async () =>
    (
      await s.request('POST', '/api/webhooks/messages', {
        headers: { Authorization: `Bearer ${SERVICE_TOKEN}` },
        body: { projectId: project.id, eventType: 'webhook.test', payload: { n: 1 } },
      })
    ).body.id as string

  const first = await send()
  await old.got(first)
  const second = await send()
  const leased = async () => (await s.db.query('SELECT 1 FROM webhook_deliveries WHERE message_id = $1 AND next_attempt_at > now()', [second])).length === 1
  await within(HEARD_MS, leased)
  connection.lose()
  expect((await s.request('PATCH', `${base}/${endpoint}`, { token: owner.accessToken, body: { url: fresh.url } })).status).toBe(200)
  connection.back()
  // The first attempt answers: the endpoint's one slot is free for the second message.
  await within(HEARD_MS, async () => hanging.length === 1)
  hanging[0].end('ok')
  await within(HEARD_MS, async () => fresh.received.some((r) => r.id === second))
  expect(old.received.map((r) => r.id)).toEqual([first])
})
