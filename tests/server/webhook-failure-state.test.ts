import type { ServerResponse } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { withDefaults, type AppOverrides } from '../../server/config'
import { startWebhookWorker } from '../../server/resources/webhooks'
import { createTestServer, newProject, signUp } from './harness'
import { startReceiver } from './webhook-receiver'

const SERVICE_TOKEN = 'service-token-for-the-webhook-tests'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

/**
 * An endpoint's run of failures is decided by the outcomes in the order they
 * are written, not by what each delivery saw when it was claimed: several
 * deliveries to one endpoint are in flight at once.
 */
describe('an endpoint’s failure state', () => {
  it('is not reopened by a failure claimed before a success that was recorded first: the recovered endpoint stays enabled', async () => {
    // Both deliveries are held until both have arrived (both claimed); the success is answered first,
    // and the failure only once the success is recorded.
    const held: Array<{ id: string; res: ServerResponse }> = []
    const receiver = await startReceiver((r, _n, res) => void held.push({ id: r.id, res }))
    cleanups.push(() => receiver.close())
    const overrides: AppOverrides = { serviceToken: SERVICE_TOKEN, webhooks: { allowPrivateNetworks: true, retrySchedule: [3600] } }
    const s = await createTestServer({ config: overrides })
    cleanups.push(() => s.close())
    const log: string[] = []
    const worker = startWebhookWorker({ db: s.db, config: withDefaults(overrides), log: (l) => log.push(l), clock: Date.now })
    cleanups.push(() => worker.stop())
    const owner = await signUp(s)
    const project = await newProject(s, owner.accessToken)
    const base = `/api/manage/dapp/${project.id}/webhooks`
    const endpoint = await s.request('POST', base, { token: owner.accessToken, body: { url: receiver.url } })
    expect(endpoint.status).toBe(201)
    // It has failed everything for six days, past the five that disable it: a failure now would.
    await s.db.query("UPDATE webhook_endpoints SET failing_since = now() - interval '6 days' WHERE id = $1", [endpoint.body.id])

    const send = async (n: number) =>
      (
        await s.request('POST', '/api/webhooks/messages', {
          headers: { Authorization: `Bearer ${SERVICE_TOKEN}` },
          body: { projectId: project.id, eventType: 'webhook.test', payload: { n } },
        })
      ).body.id as string
    const [ok, failed] = await Promise.all([send(1), send(2)])
    await receiver.until((all) => all.length === 2)
    const answer = (id: string, status: number) =>
      held
        .find((h) => h.id === id)!
        .res.writeHead(status)
        .end()
    const recorded = (id: string) => expect.poll(() => log.some((l) => l.includes(`message=${id} `)), { timeout: 10_000 }).toBe(true)

    answer(ok, 200)
    await recorded(ok)
    answer(failed, 500)
    await recorded(failed)

    const [listed] = (await s.request('GET', base, { token: owner.accessToken })).body.endpoints
    expect(listed).toMatchObject({ id: endpoint.body.id, disabled: false })
    expect(log.join('\n')).not.toContain('endpoint disabled')
    expect(log.find((l) => l.includes(`message=${failed} `))).toMatch(/failed 500 \d+ms retry at/)
  })
})
