/**
 * Which keys are broad (server/resources/api-keys/restrictions.ts): live with a write scope or every scope, which
 * only an owner or admin may make, widen or roll. A scope the provider's catalog no longer names counts as a write
 * scope, so a developer cannot roll or widen a key whose scope was dropped from KEY_SCOPES_FILE while the
 * provider's API may still ask for it.
 */
import { describe, expect, it } from 'vitest'
import { isBroad } from '../../server/resources/api-keys/restrictions'
import { CATALOG } from './scope-catalog'

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
