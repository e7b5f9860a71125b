import { afterEach, describe, expect, it, vi } from 'vitest'
import { withDefaults, type AppOverrides } from '../../server/config'
import { startWebhookWorker } from '../../server/resources/webhooks'
import { checkEndpointUrl, isPublicAddress } from '../../server/resources/webhooks/address'
import { post } from '../../server/resources/webhooks/deliver'
import { createTestServer, newProject, signUp } from './harness'
import { startReceiver } from './webhook-receiver'

const SERVICE_TOKEN = 'service-token-for-the-webhook-tests'
const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

// Every spelling of the addresses an endpoint must not reach by default.
const REFUSED = [
  'http://127.0.0.1/hook',
  'http://localhost:8080/hook',
  'http://LOCALHOST./hook',
  'http://api.localhost/hook',
  'http://2130706433/hook', // 127.0.0.1, decimal
  'http://0177.0.0.1/hook', // octal
  'http://0x7f.0.0.1/hook', // hex
  'http://0x7f000001/hook',
  'http://127.1/hook', // short form
  'http://[::1]/hook',
  'http://[0:0:0:0:0:0:0:1]/hook',
  'http://[::ffff:127.0.0.1]/hook', // IPv4-mapped IPv6
  'http://[::ffff:7f00:1]/hook',
  'http://10.0.0.5/hook',
  'http://172.16.3.4/hook',
  'http://192.168.1.1/hook',
  'http://169.254.169.254/latest/meta-data/', // cloud metadata
  'http://0xa9.0xfe.0xa9.0xfe/latest/meta-data/', // the same, in hex
  'http://[::ffff:169.254.169.254]/',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://100.64.0.1/hook', // carrier-grade NAT
  'http://100.100.100.200/latest/meta-data/',
  'http://[fd00:ec2::254]/latest/meta-data/', // unique-local (AWS's IPv6 metadata)
  'http://[fe80::1]/hook', // link-local
  'http://224.0.0.1/hook', // multicast
  'http://[ff02::1]/hook',
  'http://0.0.0.0/hook', // unspecified
  'http://0/hook',
  'http://[::]/hook',
  'http://[64:ff9b::a00:1]/hook', // NAT64 of 10.0.0.1
  'http://[2002:c0a8:101::1]/hook', // 6to4 of 192.168.1.1
  'http://255.255.255.255/hook', // broadcast
  'http://intranet/hook', // a single-label name
]

// IPv6 forms that carry or reach an IPv4 address, refused whatever that address is (here a public one).
const TRANSITION = [
  'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook', // Teredo
  'http://[2002:808:808::1]/hook', // 6to4
  'http://[64:ff9b::808:808]/hook', // NAT64
  'http://[64:ff9b:1::808:808]/hook', // local-use NAT64
  'http://[::ffff:8.8.8.8]/hook', // IPv4-mapped
  'http://[::ffff:0:8.8.8.8]/hook', // IPv4-translated (SIIT)
  'http://[::8.8.8.8]/hook', // IPv4-compatible
  'http://[100::1]/hook', // discard-only
]

const ACCEPTED = ['https://93.184.216.34/hook', 'http://[2606:4700:4700::1111]/hook', 'https://8.8.8.8:8443/webhooks?x=1']

async function setup(allowPrivateNetworks: boolean) {
  const overrides: AppOverrides = {
    serviceToken: SERVICE_TOKEN,
    // The table makes some 70 calls in a few seconds.
    rateLimit: { perUser: 10_000, perAddress: 10_000, badTokensPerIp: 10_000 },
    webhooks: { allowPrivateNetworks, retrySchedule: [] },
  }
  const s = await createTestServer({ config: overrides })
  cleanups.push(() => s.close())
  const owner = await signUp(s)
  const project = await newProject(s, owner.accessToken)
  const api = (method: string, path: string, body?: unknown) =>
    s.request(method, `/api/manage/dapp/${project.id}/webhooks${path}`, { token: owner.accessToken, body })
  return { s, project, api, overrides }
}

describe('endpoint addresses', () => {
  it(`refuse ${REFUSED.length} private, loopback, link-local, metadata and other non-public addresses in every spelling, at create and at edit`, async () => {
    expect(REFUSED.length).toBeGreaterThanOrEqual(15)
    const t = await setup(false)
    const ok = await t.api('POST', '', { url: ACCEPTED[0] })
    expect(ok.status).toBe(201)
    for (const url of [...REFUSED, ...TRANSITION]) {
      const created = await t.api('POST', '', { url })
      expect(created.status, url).toBe(400)
      expect(created.body.message, url).toMatch(/public address/)
      const edited = await t.api('PATCH', `/${ok.body.id}`, { url })
      expect(edited.status, url).toBe(400)
    }
    expect((await t.api('GET', '')).body.endpoints).toMatchObject([{ url: ACCEPTED[0] }])
  })

  it('are at most 2,048 characters as stored, escapes written out, so the URL the API answers can always be sent back', async () => {
    const t = await setup(false)
    // 2,000 characters as typed; stored, each é is %C3%A9: some 12,000.
    const typed = 'https://93.184.216.34/' + 'é'.repeat(1978)
    const created = await t.api('POST', '', { url: typed })
    expect(created.status).toBe(400)
    expect(created.body.code).toBe('ENDPOINT_URL_TOO_LONG')
    const ok = await t.api('POST', '', { url: ACCEPTED[0] })
    expect((await t.api('PATCH', `/${ok.body.id}`, { url: typed })).body.code).toBe('ENDPOINT_URL_TOO_LONG')
    // One that fits as stored is taken, and sent back as the API answered it, changes nothing.
    const fits = await t.api('PATCH', `/${ok.body.id}`, { url: 'https://93.184.216.34/' + 'é'.repeat(300) })
    expect(fits.status).toBe(200)
    expect((await t.api('PATCH', `/${ok.body.id}`, { url: fits.body.url, description: 'kept' })).status).toBe(200)
  })

  it('accept public addresses, and names that do not resolve now (checked again when connecting)', async () => {
    const t = await setup(false)
    for (const url of [...ACCEPTED.slice(1), 'https://hooks.example.com/flex']) {
      expect((await t.api('POST', '', { url })).status, url).toBe(201)
    }
  })

  it('refuse a name that resolves to a private address, without saying which', async () => {
    const refused = await checkEndpointUrl('https://rebind.example.com/x', false, async () => ['203.0.113.9', '10.1.2.3'])
    expect(refused).toEqual({
      error: { code: 'ENDPOINT_URL_PRIVATE_HOST', message: expect.stringMatching(/^Endpoint URL's host rebind\.example\.com is not a public address\./) },
    })
    expect(refused.error?.message).not.toMatch(/10\.1\.2\.3|203\.0\.113\.9/)
    expect(await checkEndpointUrl('https://ok.example.com/x', false, async () => ['93.184.216.34'])).toEqual({ url: 'https://ok.example.com/x' })
  })

  it('count as public only ordinary unicast addresses: no IPv6 form that carries an IPv4 address, whichever it carries', () => {
    for (const ip of [
      '::ffff:10.0.0.1',
      '::ffff:0:10.0.0.1',
      '64:ff9b::7f00:1',
      '::ffff:8.8.8.8',
      '::808:808',
      '2002:0808:0808::1',
      '2001::1',
      '[::1]',
      'fe80::1%eth0',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false)
    }
    for (const ip of ['2606:4700:4700::1111', '[2606:4700:4700::1111]', '8.8.8.8', '93.184.216.34']) expect(isPublicAddress(ip), ip).toBe(true)
    expect(isPublicAddress('not an address')).toBe(false)
  })

  it('are all allowed with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true', async () => {
    const t = await setup(true)
    expect((await t.api('POST', '', { url: 'http://127.0.0.1:9/hook' })).status).toBe(201)
    expect((await t.api('POST', '', { url: 'http://[::1]:9/hook' })).status).toBe(201)
  })

  it('are checked again when connecting: a private address that got past the check is not reached', async () => {
    const receiver = await startReceiver()
    cleanups.push(() => receiver.close())
    const t = await setup(false)
    const ok = await t.api('POST', '', { url: ACCEPTED[0] })
    // As if DNS had answered a public address at create and a private one now.
    await t.s.db.query('UPDATE webhook_endpoints SET url = $1 WHERE id = $2', [receiver.url, ok.body.id])
    const lines: string[] = []
    let recorded: () => void = () => {}
    const done = new Promise<void>((resolve) => (recorded = resolve))
    const worker = startWebhookWorker({
      db: t.s.db,
      config: withDefaults(t.overrides),
      log: (l) => {
        lines.push(l)
        if (l.startsWith('webhook attempt')) recorded()
      },
      clock: Date.now,
    })
    cleanups.push(() => worker.stop())
    await t.s.request('POST', '/api/webhooks/messages', {
      headers: { Authorization: `Bearer ${SERVICE_TOKEN}` },
      body: { projectId: t.project.id, eventType: 'webhook.test', payload: {} },
    })
    await done
    const [attempt] = (await t.api('GET', `/${ok.body.id}/attempts`)).body
    expect(attempt).toMatchObject({ status: 'failed', responseStatus: null, responseBody: expect.stringMatching(/^Refused: .*127\.0\.0\.1/) })
    expect(receiver.received).toEqual([])
  })

  it('are checked against the same rule when connecting: every IPv6 form that carries an IPv4 address is refused', async () => {
    const t = await setup(false)
    const ids: string[] = []
    for (const url of TRANSITION) {
      const ep = await t.api('POST', '', { url: ACCEPTED[0] })
      // As if the rule had been looser when the endpoint was made.
      await t.s.db.query('UPDATE webhook_endpoints SET url = $1 WHERE id = $2', [url, ep.body.id])
      ids.push(ep.body.id)
    }
    const worker = startWebhookWorker({ db: t.s.db, config: withDefaults(t.overrides), log: () => {}, clock: Date.now })
    cleanups.push(() => worker.stop())
    await t.s.request('POST', '/api/webhooks/messages', {
      headers: { Authorization: `Bearer ${SERVICE_TOKEN}` },
      body: { projectId: t.project.id, eventType: 'webhook.test', payload: {} },
    })
    for (const [i, id] of ids.entries()) {
      await vi.waitFor(
        async () =>
          expect((await t.api('GET', `/${id}/attempts`)).body, TRANSITION[i]).toMatchObject([
            { status: 'failed', responseStatus: null, responseBody: expect.stringMatching(/^Refused: .* is not allowed/) },
          ]),
        { timeout: 15_000, interval: 50 },
      )
    }
  })

  it('are checked after DNS when connecting: a name that resolves to a private address is not reached', async () => {
    const outcome = await post('http://localhost:9/hook', {}, '{}', { timeoutMs: 5000, allowPrivate: false })
    expect(outcome.status).toBeUndefined()
    // The host as written, never the address it resolved to.
    expect(outcome.body).toBe('Refused: localhost is not allowed: it is not a public address.')
  })

  it('do not have redirects followed: a 3xx is a failed attempt', async () => {
    const target = await startReceiver()
    cleanups.push(() => target.close())
    const redirecting = await startReceiver((_r, _n, res) => res.writeHead(307, { Location: target.url }).end())
    cleanups.push(() => redirecting.close())
    const t = await setup(true)
    const ep = await t.api('POST', '', { url: redirecting.url })
    let recorded: () => void = () => {}
    const done = new Promise<void>((resolve) => (recorded = resolve))
    const worker = startWebhookWorker({
      db: t.s.db,
      config: withDefaults(t.overrides),
      log: (l) => l.startsWith('webhook attempt') && recorded(),
      clock: Date.now,
    })
    cleanups.push(() => worker.stop())
    await t.api('POST', `/${ep.body.id}/test`)
    await done
    const [attempt] = (await t.api('GET', `/${ep.body.id}/attempts`)).body
    expect(attempt).toMatchObject({ status: 'failed', responseStatus: 307 })
    expect(redirecting.received).toHaveLength(1)
    expect(target.received).toEqual([])
  })
})
