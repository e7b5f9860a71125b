/**
 * A key's IP allowlist holds each range once: an entry that names addresses an
 * entry before it already holds (another spelling of them) is left out, on
 * creation and on an edit, and what the key lets in does not change. An edit
 * naming the key's own addresses in another order or spelling leaves its list.
 */
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createTestServer, newProject, signUp, type SignedUp, type TestServer } from './harness'

const SERVICE_TOKEN = 'a-long-random-service-token-for-allowlists'

let s: TestServer
let owner: SignedUp
let projectId: string
beforeEach(async () => {
  s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN } })
  owner = await signUp(s)
  projectId = (await newProject(s, owner.accessToken)).id
})
afterEach(async () => {
  await s?.close()
})

const keyPath = () => `/api/manage/dapp/${projectId}/api-key`
const verify = (key: string, ip: string) => s.request('POST', '/api/keys/verify', { headers: { Authorization: `Bearer ${SERVICE_TOKEN}` }, body: { key, ip } })

// Each line: the entry kept (first), then other spellings of the same addresses.
const SPELLINGS = [
  ['2001:db8::1', '2001:DB8::1', '2001:0db8:0:0::1', '2001:db8::1/128'],
  ['10.0.0.1', '10.0.0.1/32', '::ffff:10.0.0.1', '::FFFF:a00:1/128'],
  ['10.1.0.0/24', '10.1.0.7/24', '::ffff:10.1.0.0/120', '10.1.0.0/024'],
]
// Ranges that hold other addresses than those: each is kept.
const OTHERS = ['10.1.0.0/25', '2001:db8::/64', '::/0', '0.0.0.0/0']

it('keeps one entry for the same addresses written twice, the first as written, on creation and on an edit', async () => {
  const made = await s.request('POST', keyPath(), { token: owner.accessToken, body: { allowedIps: [...SPELLINGS.flat(), ...OTHERS] } })
  expect(made.status, made.text).toBe(201)
  const [[id, key]] = Object.entries(made.body as Record<string, string>)
  const kept = [...SPELLINGS.map(([first]) => first), ...OTHERS]
  const listed = async () => (await s.request('GET', `/api/manage/dapp/${projectId}`, { token: owner.accessToken })).body.keys[1].allowedIps
  expect(await listed()).toEqual(kept)

  const edited = await s.request('PATCH', `${keyPath()}/${id}`, {
    token: owner.accessToken,
    body: { allowedIps: SPELLINGS.flatMap((line) => [...line].reverse()) },
  })
  expect(edited.status, edited.text).toBe(200)
  expect(edited.body.allowedIps).toEqual(SPELLINGS.map((line) => line.at(-1)))
  expect(await listed()).toEqual(SPELLINGS.map((line) => line.at(-1)))
  for (const ip of ['2001:db8::1', '10.0.0.1', '::ffff:10.0.0.1', '10.1.0.200']) expect((await verify(key, ip)).body.valid, ip).toBe(true)
  for (const ip of ['2001:db8::2', '10.0.0.2', '10.1.1.1']) expect((await verify(key, ip)).body.code, ip).toBe('IP_NOT_ALLOWED')
})

it("keeps the key's list for one naming the same addresses in another order or spelling: no change, and no audit entry", async () => {
  const made = await s.request('POST', keyPath(), { token: owner.accessToken, body: { allowedIps: ['10.0.0.0/24', '2001:db8::1'] } })
  const [id] = Object.keys(made.body as Record<string, string>)
  for (const allowedIps of [
    ['2001:db8::1', '10.0.0.0/24'],
    ['2001:DB8::1', '10.0.0.7/24'],
  ]) {
    const edited = await s.request('PATCH', `${keyPath()}/${id}`, { token: owner.accessToken, body: { allowedIps } })
    expect([edited.status, edited.body.allowedIps], String(allowedIps)).toEqual([200, ['10.0.0.0/24', '2001:db8::1']])
  }
  const audit = await s.request('GET', `/api/manage/dapp/${projectId}/audit`, { token: owner.accessToken })
  expect(audit.body.entries.filter((e: { target: string }) => e.target === id).map((e: { action: string }) => e.action)).toEqual(['key.created'])
  // A list that lets in other clients is a change, in the order sent.
  const changed = await s.request('PATCH', `${keyPath()}/${id}`, { token: owner.accessToken, body: { allowedIps: ['2001:db8::1', '10.0.0.0/25'] } })
  expect(changed.body.allowedIps).toEqual(['2001:db8::1', '10.0.0.0/25'])
})
