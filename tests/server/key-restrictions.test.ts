/**
 * Keys a developer can restrict (issue 50): scopes of the provider's catalog,
 * IP allowlists and test keys; how they are made, edited, shown, audited, and
 * enforced by POST /keys/verify on every instance.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestServer, newProject, signUp, type SignedUp, type TestServer } from './harness'
import { CATALOG } from './scope-catalog'
import { HEARD_MS, within } from './within'

const SERVICE_TOKEN = 'a-long-random-service-token-for-restrictions'

let s: TestServer
let owner: SignedUp
let projectId: string
beforeEach(async () => {
  s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN, keyScopes: CATALOG } })
  owner = await signUp(s)
  projectId = (await newProject(s, owner.accessToken)).id
})
afterEach(async () => {
  await s?.close()
})

const keys = (server = s) => server.request('POST', `/api/manage/dapp/${projectId}/api-key`, { token: owner.accessToken })
const create = (body?: unknown, server = s) => server.request('POST', `/api/manage/dapp/${projectId}/api-key`, { token: owner.accessToken, body })
const edit = (keyId: string, body: unknown) => s.request('PATCH', `/api/manage/dapp/${projectId}/api-key/${keyId}`, { token: owner.accessToken, body })
const listed = async () => (await s.request('GET', `/api/manage/dapp/${projectId}`, { token: owner.accessToken })).body.keys
const verify = (body: unknown, server = s) => server.request('POST', '/api/keys/verify', { headers: { Authorization: `Bearer ${SERVICE_TOKEN}` }, body })
const made = async (body?: unknown) => {
  const res = await create(body)
  expect(res.status, res.text).toBe(201)
  const [[id, key]] = Object.entries(res.body as Record<string, string>)
  return { id, key }
}

describe('making restricted keys', () => {
  it('lists each key with its scopes, allowlist and mode; a test key has a prefix of its own; no body still makes a live key with every scope', async () => {
    const plain = await keys()
    expect(plain.status).toBe(201)
    const test = await made({ name: 'CI', mode: 'test', scopes: ['customers:read', 'invoices:read'], allowedIps: [' 203.0.113.0/24 ', '2001:db8::1'] })
    expect(test.key).toMatch(/^fxk_test_/)
    const list = await listed()
    expect(list.map((k: Record<string, unknown>) => [k.name, k.mode, k.scopes, k.allowedIps, String(k.maskedKey).replace(/….*/, '')])).toEqual([
      ['Default key', 'live', null, [], 'fxk_'],
      ['Key 2', 'live', null, [], 'fxk_'],
      // In the catalog's order, trimmed.
      ['CI', 'test', ['invoices:read', 'customers:read'], ['203.0.113.0/24', '2001:db8::1'], 'fxk_test_'],
    ])
    const catalog = await s.request('GET', `/api/manage/dapp/${projectId}/scopes`, { token: owner.accessToken })
    expect(catalog.body).toEqual({ scopes: CATALOG })
    expect((await s.request('GET', '/api/capabilities')).body.features).toContain('key-restrictions')
  })

  it.each([
    ['scopes', { scopes: ['invoices:delete'] }, 'scopes holds "invoices:delete", which is not a scope of this server\'s catalog.', 'SCOPE_UNKNOWN'],
    ['scopes', { scopes: 'invoices:read' }, 'scopes must be null (every scope) or a list of scope names, not "invoices:read".', 'SCOPES_INVALID'],
    [
      'allowedIps',
      { allowedIps: ['10.0.0.0/8', '10.0.0.0/33'] },
      'allowedIps holds "10.0.0.0/33", which is not an IPv4 or IPv6 address or CIDR range (such as 203.0.113.0/24 or 2001:db8::/32).',
      'ALLOWED_IP_INVALID',
    ],
    [
      'allowedIps',
      { allowedIps: ['example.com'] },
      'allowedIps holds "example.com", which is not an IPv4 or IPv6 address or CIDR range (such as 203.0.113.0/24 or 2001:db8::/32).',
      'ALLOWED_IP_INVALID',
    ],
    [
      'allowedIps',
      { allowedIps: Array.from({ length: 21 }, (_, i) => `10.0.${i}.0/24`) },
      'allowedIps may hold at most 20 addresses or ranges, not 21.',
      'ALLOWED_IPS_TOO_MANY',
    ],
    ['mode', { mode: 'production' }, 'mode must be live or test, not "production".', 'KEY_MODE_INVALID'],
  ])('refuses a bad %s with a 400 naming the field and the value: %j', async (_field, body, message, code) => {
    const res = await create(body)
    expect([res.status, res.body]).toEqual([400, { message, code }])
    expect(await listed()).toHaveLength(1)
  })

  it('refuses scopes on a server without a catalog, where a key restricted before keeps its own, and a change of mode on an edit', async () => {
    const reader = await made({ scopes: ['invoices:read'] })
    const bare = await createTestServer({ storage: s.storage, config: { serviceToken: SERVICE_TOKEN } })
    try {
      // A key restricted under a catalog keeps its scopes without one (docs/keys-and-verification.md), until given every scope.
      expect((await verify({ key: reader.key, scopes: ['invoices:write'] }, bare)).body).toMatchObject({ valid: false, code: 'INSUFFICIENT_SCOPE' })
      const widened = await bare.request('PATCH', `/api/manage/dapp/${projectId}/api-key/${reader.id}`, { token: owner.accessToken, body: { scopes: null } })
      expect([widened.status, widened.body.scopes]).toEqual([200, null])
      expect((await verify({ key: reader.key, scopes: ['invoices:write'] }, bare)).body).toMatchObject({ valid: true, scopes: null })
      const res = await create({ scopes: ['invoices:read'] }, bare)
      expect([res.status, res.body]).toEqual([
        400,
        {
          message: 'scopes ["invoices:read"] cannot be given: this server has no scope catalog (KEY_SCOPES_FILE), so a key is made holding every scope.',
          code: 'SCOPES_NOT_OFFERED',
        },
      ])
      // mode and allowedIps need no catalog; the capability and the catalog say there is none.
      expect((await create({ mode: 'test', allowedIps: ['127.0.0.1'] }, bare)).status).toBe(201)
      expect((await bare.request('GET', '/api/capabilities')).body.features).not.toContain('key-restrictions')
      expect((await bare.request('GET', `/api/manage/dapp/${projectId}/scopes`, { token: owner.accessToken })).body).toEqual({ scopes: [] })
    } finally {
      await bare.close()
    }
    const { id } = await made()
    const res = await edit(id, { mode: 'test' })
    expect([res.status, res.body.code]).toEqual([400, 'KEY_MODE_FIXED'])
  })

  it('edits scopes and the allowlist, records old and new in the audit log (never the key), and a roll keeps them', async () => {
    const { id, key } = await made({ name: 'Reader', scopes: ['invoices:read'] })
    const res = await edit(id, { scopes: ['invoices:read', 'invoices:write'], allowedIps: ['198.51.100.7'] })
    expect(res.status, res.text).toBe(200)
    expect(res.body).toMatchObject({ id, scopes: ['invoices:read', 'invoices:write'], allowedIps: ['198.51.100.7'], mode: 'live' })
    expect((await edit(id, { scopes: null })).body.scopes).toBeNull()
    const audit = await s.request('GET', `/api/manage/dapp/${projectId}/audit`, { token: owner.accessToken })
    const mine = audit.body.entries.filter((e: { target: string }) => e.target === id).reverse()
    expect(mine.map((e: { action: string; details: unknown }) => [e.action, e.details])).toEqual([
      ['key.created', { name: 'Reader', mode: 'live', scopes: 'invoices:read', allowedIps: '' }],
      ['key.restricted', { scopesFrom: 'invoices:read', scopesTo: 'invoices:read, invoices:write', allowedIpsFrom: '', allowedIpsTo: '198.51.100.7' }],
      ['key.restricted', { scopesFrom: 'invoices:read, invoices:write', scopesTo: null }],
    ])
    expect(audit.text).not.toContain(key)
    const rolled = await s.request('POST', `/api/manage/dapp/${projectId}/api-key/${id}/roll`, { token: owner.accessToken, body: { graceSeconds: 0 } })
    const [successor] = Object.keys(rolled.body)
    expect((await listed()).find((k: { id: string }) => k.id === successor)).toMatchObject({ scopes: null, allowedIps: ['198.51.100.7'], mode: 'live' })
  })
})

describe('a scope the catalog has dropped', () => {
  it('may be kept on an edit of the key that holds it (other scopes changed beside it), never added to another key', async () => {
    const { id } = await made({ name: 'Exporter', scopes: ['invoices:read', 'invoices:write'] })
    const { id: other } = await made({ name: 'Other', scopes: ['invoices:read'] })
    // The provider drops invoices:write from its catalog; keys holding it keep it.
    const narrowed = await createTestServer({
      storage: s.storage,
      config: { serviceToken: SERVICE_TOKEN, keyScopes: CATALOG.filter((scope) => scope.name !== 'invoices:write') },
    })
    try {
      const change = (keyId: string, body: unknown) =>
        narrowed.request('PATCH', `/api/manage/dapp/${projectId}/api-key/${keyId}`, { token: owner.accessToken, body })
      const kept = await change(id, { scopes: ['invoices:read', 'customers:read', 'invoices:write'] })
      expect(kept.status, kept.text).toBe(200)
      expect(kept.body.scopes).toEqual(['invoices:read', 'customers:read', 'invoices:write'])
      expect((await change(id, { scopes: ['invoices:read'] })).body.scopes).toEqual(['invoices:read'])
      // Once unchecked it is gone for good, and no other key may take it.
      for (const keyId of [id, other]) {
        const refused = await change(keyId, { scopes: ['invoices:read', 'invoices:write'] })
        expect([refused.status, refused.body.code], keyId).toEqual([400, 'SCOPE_UNKNOWN'])
      }
      expect((await create({ scopes: ['invoices:write'] }, narrowed)).body.code).toBe('SCOPE_UNKNOWN')
    } finally {
      await narrowed.close()
    }
  })

  it("kept in the key's order: the same scopes sent in another order are no change, and leave no audit entry", async () => {
    // Two scopes dropped, or the one between two the catalog keeps.
    for (const keyScopes of [CATALOG.slice(0, 1), [CATALOG[0], CATALOG[2]]]) {
      const { id } = await made({ scopes: ['invoices:read', 'invoices:write', 'customers:read'] })
      const narrowed = await createTestServer({ storage: s.storage, config: { serviceToken: SERVICE_TOKEN, keyScopes } })
      try {
        for (const scopes of [
          ['invoices:read', 'invoices:write', 'customers:read'],
          ['customers:read', 'invoices:write', 'invoices:read'],
        ]) {
          const sent = await narrowed.request('PATCH', `/api/manage/dapp/${projectId}/api-key/${id}`, { token: owner.accessToken, body: { scopes } })
          expect(sent.body.scopes).toEqual(['invoices:read', 'invoices:write', 'customers:read'])
        }
        const audit = await s.request('GET', `/api/manage/dapp/${projectId}/audit`, { token: owner.accessToken })
        expect(audit.body.entries.filter((e: { target: string }) => e.target === id).map((e: { action: string }) => e.action)).toEqual(['key.created'])
      } finally {
        await narrowed.close()
      }
    }
  })
})

describe('POST /keys/verify with restrictions', () => {
  it('answers mode and scopes, and refuses a missing scope (naming it) and an address outside the allowlist, or none', async () => {
    const { id, key } = await made({ mode: 'test', scopes: ['invoices:read', 'customers:read'], allowedIps: ['203.0.113.0/24', '2001:db8::/32'] })
    const ok = await verify({ key, ip: '203.0.113.9', scopes: ['invoices:read'] })
    expect(ok.body).toEqual({ valid: true, keyId: id, projectId, name: 'Key 2', expiresAt: null, mode: 'test', scopes: ['invoices:read', 'customers:read'] })
    expect((await verify({ key, ip: '::ffff:203.0.113.9' })).body.valid).toBe(true)
    expect((await verify({ key, ip: '2001:db8::42', scopes: [] })).body.valid).toBe(true)
    // A scope asked twice is named once.
    const missing = await verify({ key, ip: '203.0.113.9', scopes: ['invoices:read', 'invoices:write', 'invoices:nope', 'invoices:write'] })
    expect(missing.body).toEqual({ valid: false, code: 'INSUFFICIENT_SCOPE', missingScopes: ['invoices:write', 'invoices:nope'] })
    expect((await verify({ key, ip: '198.51.100.1', scopes: ['invoices:read'] })).body).toEqual({ valid: false, code: 'IP_NOT_ALLOWED' })
    // A spec-only { key } has no address to check against the allowlist.
    expect((await verify({ key })).body).toEqual({ valid: false, code: 'IP_NOT_ALLOWED' })
  })

  it('matches an IPv4 client by IPv4 entries (and IPv6 ones written IPv4-mapped) only: "::/0" lets in any IPv6 client, no IPv4 one', async () => {
    const { key } = await made({ allowedIps: ['203.0.113.0/24', '::/0', '::ffff:198.51.100.0/120'] })
    const answer = async (ip: string) => (await verify({ key, ip })).body
    expect(await answer('8.8.8.8')).toEqual({ valid: false, code: 'IP_NOT_ALLOWED' })
    expect(await answer('::ffff:8.8.8.8')).toEqual({ valid: false, code: 'IP_NOT_ALLOWED' })
    for (const ip of ['203.0.113.5', '::ffff:203.0.113.5', '198.51.100.7', '2001:db8::1', '::1']) expect((await answer(ip)).valid, ip).toBe(true)
    // Another spelling of an IPv4-mapped address is the same IPv4 client, not an IPv6 one.
    for (const ip of ['::ffff:808:808', '::FFFF:0808:0808', '0:0:0:0:0:ffff:8.8.8.8', '0::ffff:8.8.8.8'])
      expect(await answer(ip), ip).toEqual({ valid: false, code: 'IP_NOT_ALLOWED' })
    // And an entry written so maps its IPv4 range.
    const hex = await made({ allowedIps: ['::ffff:cb00:7100/120'] })
    expect((await verify({ key: hex.key, ip: '203.0.113.7' })).body.valid).toBe(true)
  })

  it('refuses an IPv4-mapped range wider than the mapped block, which would hold every IPv4 client and IPv6 ones beside', async () => {
    for (const entry of ['::ffff:1.2.3.4/95', '::ffff:0:0/0']) {
      const res = await s.request('POST', `/api/manage/dapp/${projectId}/api-key`, { token: owner.accessToken, body: { allowedIps: [entry] } })
      expect([res.status, res.body.code], entry).toEqual([400, 'ALLOWED_IP_INVALID'])
    }
    const { key } = await made({ allowedIps: ['::ffff:1.2.3.0/120'] })
    expect((await verify({ key, ip: '1.2.3.4' })).body.valid).toBe(true)
  })

  it('refuses an address with a zone (fe80::1%eth0) in an allowlist and as the client: Node would drop the zone', async () => {
    const res = await s.request('POST', `/api/manage/dapp/${projectId}/api-key`, { token: owner.accessToken, body: { allowedIps: ['fe80::1%eth0'] } })
    expect([res.status, res.body.code]).toEqual([400, 'ALLOWED_IP_INVALID'])
    const { key } = await made({ allowedIps: ['fe80::1'] })
    for (const ip of ['fe80::1%eth1', `fe80::1%${'x'.repeat(60)}`]) {
      const refused = await verify({ key, ip })
      expect([refused.status, refused.body.code], ip).toEqual([400, 'IP_ADDRESS_INVALID'])
    }
  })

  it('answers a spec-only { key } for an unrestricted key as before, with its mode and every scope', async () => {
    const { id, key } = await made()
    expect((await verify({ key })).body).toEqual({ valid: true, keyId: id, projectId, name: 'Key 2', expiresAt: null, mode: 'live', scopes: null })
    expect((await verify({ key, ip: '192.0.2.1', scopes: ['anything:at-all'] })).body.valid).toBe(true)
  })

  it.each([
    [{ ip: 'localhost' }, 'ip must be an IPv4 or IPv6 address, not "localhost".', 'IP_ADDRESS_INVALID'],
    [{ ip: 7 }, 'ip must be an IPv4 or IPv6 address, not 7.', 'IP_ADDRESS_INVALID'],
    [{ scopes: 'invoices:read' }, 'scopes must be a list of at most 50 scope names (the scopes this call needs), not "invoices:read".', 'SCOPES_INVALID'],
  ])('refuses %j with a 400 naming the value', async (extra, message, code) => {
    const { key } = await made()
    const res = await verify({ key, ...extra })
    expect([res.status, res.body]).toEqual([400, { message, code }])
  })

  it('applies a change of restrictions on both instances as soon as each hears of it, as a revocation', async () => {
    const other = await createTestServer({ storage: s.storage, config: { serviceToken: SERVICE_TOKEN, keyScopes: CATALOG } })
    try {
      const { id, key } = await made({ scopes: ['invoices:read'] })
      const asked = { key, ip: '192.0.2.1', scopes: ['invoices:read'] }
      // Both instances hold the key's answer (the second one's LISTEN is up).
      for (const server of [s, other]) await within(5000, async () => (await verify(asked, server)).body.valid === true)
      expect((await edit(id, { allowedIps: ['10.0.0.0/8'] })).status).toBe(200)
      for (const server of [other, s]) {
        const took = await within(HEARD_MS, async () => (await verify(asked, server)).body.code === 'IP_NOT_ALLOWED')
        console.log(
          `a new allowlist applied by ${server === s ? 'the instance that changed it' : 'the other instance'} (${s.db.kind}) after ${took.toFixed(0)} ms`,
        )
      }
      expect((await edit(id, { allowedIps: [], scopes: ['customers:read'] })).status).toBe(200)
      for (const server of [other, s]) await within(HEARD_MS, async () => (await verify(asked, server)).body.code === 'INSUFFICIENT_SCOPE')
    } finally {
      await other.close()
    }
  })
})

describe('usage by mode', () => {
  it('counts refusals as refused, and filters by mode (a deleted key by the mode it had)', async () => {
    const live = await made({ name: 'Live', scopes: ['invoices:read'] })
    const test = await made({ name: 'Test', mode: 'test' })
    await verify({ key: live.key, scopes: ['invoices:write'] })
    await verify({ key: live.key, scopes: ['invoices:read'] })
    await verify({ key: test.key })
    expect((await s.request('DELETE', `/api/manage/dapp/${projectId}/api-key/${test.id}`, { token: owner.accessToken })).status).toBe(200)
    await s.app.settle()
    const usage = async (query: string) => (await s.request('GET', `/api/manage/dapp/${projectId}/usage?days=1${query}`, { token: owner.accessToken })).body
    const sums = (u: { keys: { name: string; valid: number[]; invalid: number[] }[] }) => u.keys.map((k) => [k.name, k.valid[0], k.invalid[0]])
    expect(sums(await usage('&mode=live'))).toEqual([
      ['Default key', 0, 0],
      ['Live', 1, 1],
    ])
    expect(sums(await usage('&mode=test'))).toEqual([['Test', 1, 0]])
    expect(sums(await usage(''))).toHaveLength(3)
    const bad = await s.request('GET', `/api/manage/dapp/${projectId}/usage?mode=staging`, { token: owner.accessToken })
    expect([bad.status, bad.body]).toEqual([400, { message: 'mode must be live or test.', code: 'KEY_MODE_INVALID' }])
  })
})
