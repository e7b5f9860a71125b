import type { ServerResponse } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { withDefaults, type AppOverrides, type WebhookConfig } from '../../server/config'
import { startWebhookWorker } from '../../server/resources/webhooks'
import { createTestServer, newProject, signUp, type TestServer } from './harness'
import { startReceiver } from './webhook-receiver'

const SERVICE_TOKEN = 'service-token-for-the-webhook-tests'
const service = { Authorization: `Bearer ${SERVICE_TOKEN}` }

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function setup(webhooks: Partial<WebhookConfig>) {
  const overrides: AppOverrides = { serviceToken: SERVICE_TOKEN, webhooks: { allowPrivateNetworks: true, retrySchedule: [3600], ...webhooks } }
  const s = await createTestServer({ config: overrides })
  cleanups.push(() => s.close())
  const worker = startWebhookWorker({ db: s.db, config: withDefaults(overrides), log: () => undefined, clock: Date.now })
  cleanups.push(() => worker.stop())
  return s
}

/** A new account's project with `count` endpoints at `url`. */
async function projectWithEndpoints(s: TestServer, url: string, count: number) {
  const owner = await signUp(s)
  const project = await newProject(s, owner.accessToken)
  const base = `/api/manage/dapp/${project.id}/webhooks`
  const endpoints: string[] = []
  for (let i = 0; i < count; i++) {
    const res = await s.request('POST', base, { token: owner.accessToken, body: { url: `${url}?n=${i}` } })
    expect(res.status, res.text).toBe(201)
    endpoints.push(res.body.id as string)
  }
  return { id: project.id, token: owner.accessToken, base, endpoints }
}

async function send(s: TestServer, projectId: string, n: number): Promise<string> {
  const res = await s.request('POST', '/api/webhooks/messages', { headers: service, body: { projectId, eventType: 'webhook.test', payload: { n } } })
  expect(res.status, res.text).toBe(202)
  return res.body.id as string
}

describe('delivery capacity', () => {
  it("is shared between projects: two projects whose endpoints all hang hold their own share, and a third project's delivery arrives at once", async () => {
    // The slow receiver takes every delivery and never answers (until the test ends): each attempt holds its slot until the time limit.
    const hanging: ServerResponse[] = []
    const slow = await startReceiver((_r, _n, res) => void hanging.push(res))
    const fast = await startReceiver()
    cleanups.push(
      () => slow.close(),
      () => fast.close(),
    )
    // Each attacker's endpoints could fill 5 × 2 = 10 slots, the two of them more than the 16 there are.
    const s = await setup({ concurrency: 16, projectConcurrency: 4, endpointConcurrency: 2, timeoutMs: 60_000 })
    const attackers = [await projectWithEndpoints(s, slow.url, 5), await projectWithEndpoints(s, slow.url, 5)]
    const other = await projectWithEndpoints(s, fast.url, 1)
    const sent = attackers.map(() => new Set<string>())
    for (let i = 0; i < 10; i++) for (const [n, a] of attackers.entries()) sent[n].add(await send(s, a.id, i))
    // Both attackers' shares are in flight, and stay so: nothing answers before the time limit.
    await slow.until((all) => all.length >= 8)

    const id = await send(s, other.id, 1)
    // Bounded far below the slow attempts' time limit: without a share per project it comes only once they end.
    await expect.poll(() => fast.received.some((r) => r.id === id), { timeout: 10_000 }).toBe(true)
    expect(slow.received).toHaveLength(8)
    expect(sent.map((ids) => slow.received.filter((r) => ids.has(r.id)).length)).toEqual([4, 4])
  })
})

describe('test events', () => {
  it("have a budget per project: beyond it, 429 with Retry-After and a message, and another project's test events still go", async () => {
    const receiver = await startReceiver()
    cleanups.push(() => receiver.close())
    const s = await setup({ testEventsPerMinute: 3 })
    const p = await projectWithEndpoints(s, receiver.url, 2)
    const test = (endpoint: string) => s.request('POST', `${p.base}/${endpoint}/test`, { token: p.token })
    for (let i = 0; i < 3; i++) expect((await test(p.endpoints[i % 2])).status).toBe(202)

    const refused = await test(p.endpoints[0])
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(refused.body.message).toMatch(/^This project may send 3 test events a minute\. Try again in (\d+ seconds?|1 minute)\.$/)
    // Another endpoint of the same project shares the budget; another project has its own.
    expect((await test(p.endpoints[1])).status).toBe(429)
    const second = await projectWithEndpoints(s, receiver.url, 1)
    const sent = await s.request('POST', `${second.base}/${second.endpoints[0]}/test`, { token: second.token })
    expect(sent.status).toBe(202)
    await receiver.got(sent.body.id as string)
  })

  it('share that budget with resends: the next resend or test event past it answers the same 429, Retry-After and message', async () => {
    const receiver = await startReceiver()
    cleanups.push(() => receiver.close())
    const s = await setup({ testEventsPerMinute: 3 })
    const p = await projectWithEndpoints(s, receiver.url, 1)
    const path = `${p.base}/${p.endpoints[0]}`
    const sent = await s.request('POST', `${path}/test`, { token: p.token })
    expect(sent.status).toBe(202)
    const resend = () => s.request('POST', `${path}/messages/${sent.body.id}/resend`, { token: p.token })
    expect((await resend()).status).toBe(202)
    expect((await resend()).status).toBe(202)

    for (const refused of [await resend(), await s.request('POST', `${path}/test`, { token: p.token })]) {
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
      expect(refused.body.message).toMatch(/^This project may send 3 test events a minute\. Try again in (\d+ seconds?|1 minute)\.$/)
    }
  })
})
