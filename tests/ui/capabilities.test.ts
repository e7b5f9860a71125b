import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { store } from '../../src/store'
import { resetStore } from './helpers'
import { json, mockApi, offContract } from './helpers/api-mock'

beforeEach(resetStore)
afterEach(() => vi.unstubAllGlobals())

const settled = () => vi.waitFor(() => expect(store.getState().capabilities['/api']).not.toBeNull())

describe('what the server offers beyond the spec', () => {
  it('reads the named features once per api-base', async () => {
    const api = mockApi({ 'GET /api/capabilities': offContract({ body: { features: ['webhooks', 'usage', 7] } }) })
    store.getState().loadCapabilities('/api')
    store.getState().loadCapabilities('/api')
    await settled()
    const features = store.getState().capabilities['/api']!
    expect([...features]).toEqual(['webhooks', 'usage'])
    expect(api.calls).toHaveLength(1)
  })

  it('keeps each api-base by its own name: "constructor" or "__proto__" is no member of an object', async () => {
    const api = mockApi({})
    for (const base of ['constructor', '__proto__', 'toString']) {
      store.getState().loadCapabilities(base)
      await vi.waitFor(() => expect(store.getState().capabilities[base]).toBeInstanceOf(Set))
    }
    expect(api.calls).toHaveLength(3)
  })

  it('offers nothing when a spec-only server answers 404, and does not ask again', async () => {
    const api = mockApi({})
    store.getState().loadCapabilities('/api')
    await settled()
    expect(store.getState().capabilities['/api']!.size).toBe(0)
    store.getState().loadCapabilities('/api')
    expect(api.calls).toHaveLength(1)
  })

  it('offers nothing for an answer of another shape', async () => {
    mockApi({ 'GET /api/capabilities': offContract({ body: { features: 'webhooks' } }) })
    store.getState().loadCapabilities('/api')
    await settled()
    expect(store.getState().capabilities['/api']!.size).toBe(0)
  })

  it('asks again after a network failure instead of hiding features for good', async () => {
    let calls = 0
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        // The probe that tells a CORS refusal from a server that is down (src/api/unreachable.ts,
        // fetched after a failure) names its mode; it is no question about capabilities.
        if (init?.mode) throw new TypeError('Failed to fetch')
        calls++
        if (calls === 1) throw new TypeError('Failed to fetch')
        return json({ features: ['accounts'] })
      }),
    )
    store.getState().loadCapabilities('/api')
    await settled()
    // Nothing beyond the spec while unanswered, and no second question by itself (no loop while offline).
    expect(store.getState().capabilities['/api']!.size).toBe(0)
    expect(calls).toBe(1)
    // The next screen asks again.
    store.getState().loadCapabilities('/api')
    await vi.waitFor(() => expect(store.getState().capabilities['/api']!.has('accounts')).toBe(true))
    expect(calls).toBe(2)
  })

  it.each([
    [503, 'SERVER_RESTARTING'],
    [429, 'TOO_MANY_REQUESTS'],
    [500, 'INTERNAL_ERROR'],
  ])('asks again after a %i (%s): only a 404 says the server has none', async (status, code) => {
    let calls = 0
    mockApi({
      'GET /api/capabilities': () => (++calls === 1 ? json({ message: 'Not now.', code }, status) : json({ features: ['accounts'] })),
    })
    store.getState().loadCapabilities('/api')
    await settled()
    expect(store.getState().capabilities['/api']!.size).toBe(0)
    store.getState().loadCapabilities('/api')
    await vi.waitFor(() => expect(store.getState().capabilities['/api']!.has('accounts')).toBe(true))
    expect(calls).toBe(2)
  })
})
