/**
 * Which keys are broad (server/resources/api-keys/restrictions.ts): live with a write scope or every scope, which
 * only an owner or admin may make, widen or roll. A scope the provider's catalog no longer names counts as a write
 * scope, so a developer cannot roll or widen a key whose scope was dropped from KEY_SCOPES_FILE while the
 * provider's API may still ask for it.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { isBroad } from '../../server/resources/api-keys/restrictions'
import { createTestServer, newProject, signUp, type SignedUp, type TestServer } from './harness'
import { CATALOG } from './scope-catalog'
import { addMember } from './teams'

describe('a broad key', () => {
  it('is live with a write scope or every scope; read scopes and test keys are not', () => {
    expect(isBroad({ mode: 'live', scopes: null }, CATALOG)).toBe(true)
    expect(isBroad({ mode: 'live', scopes: ['invoices:read', 'invoices:write'] }, CATALOG)).toBe(true)
    expect(isBroad({ mode: 'live', scopes: ['invoices:read', 'customers:read'] }, CATALOG)).toBe(false)
    expect(isBroad({ mode: 'test', scopes: null }, CATALOG)).toBe(false)
    expect(isBroad({ mode: 'live', scopes: null }, undefined)).toBe(false)
  })

  it('holds a scope the catalog no longer names as a write scope', () => {
    const withoutWrite = CATALOG.filter((s) => s.name !== 'invoices:write')
    expect(isBroad({ mode: 'live', scopes: ['invoices:read', 'invoices:write'] }, withoutWrite)).toBe(true)
    expect(isBroad({ mode: 'live', scopes: ['invoices:read'] }, withoutWrite)).toBe(false)
  })
})

describe("a broad key's life", () => {
  let s: TestServer | undefined
  afterEach(async () => {
    await s?.close()
    s = undefined
  })

  it('is lengthened (a later expiry, or none) only by an owner or admin; a developer may shorten it', async () => {
    s = await createTestServer({ config: { keyScopes: CATALOG } })
    const owner = await signUp(s)
    const dev = await signUp(s)
    const { id: projectId } = await newProject(s, owner.accessToken)
    await addMember(s, projectId, dev, 'developer')
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString()
    const made = await s.request('POST', `/api/manage/dapp/${projectId}/api-key`, { token: owner.accessToken, body: { name: 'Deploys', expiresAt: inAWeek } })
    expect(made.status, made.text).toBe(201)
    const [keyId] = Object.keys(made.body as Record<string, string>)
    const edit = (who: SignedUp, body: unknown) => s!.request('PATCH', `/api/manage/dapp/${projectId}/api-key/${keyId}`, { token: who.accessToken, body })
    for (const expiresAt of [null, new Date(Date.now() + 30 * 86_400_000).toISOString()]) {
      const res = await edit(dev, { expiresAt })
      expect([res.status, res.body.code], String(expiresAt)).toEqual([403, 'BROAD_KEY_ROLE_NEEDED'])
    }
    expect((await edit(dev, { expiresAt: new Date(Date.now() + 86_400_000).toISOString() })).status).toBe(200)
    expect((await edit(owner, { expiresAt: null })).status).toBe(200)
  })
})
