import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { store, syncAccessData } from '../../src/store'
import { ensureDeviceToken } from '../../src/store/session'
import { resetStore } from './helpers'
import { deferred, json, mockApi } from './helpers/api-mock'

const body = { accessToken: 'tok-1', refreshToken: 'r-1', user: { id: 7, name: 'Ada Lovelace' }, expiresIn: 3600 }

/** Another tab changed localStorage: the browser fires `storage` here. */
function otherTab(key: string | null, newValue: string | null) {
  if (key && newValue !== null) localStorage.setItem(key, newValue)
  else if (key) localStorage.removeItem(key)
  else localStorage.clear()
  window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }))
}

/** A fresh copy of the store module, as on a new page load over the current localStorage. */
async function freshStore() {
  vi.resetModules()
  return (await import('../../src/store')).store
}

beforeEach(resetStore)
afterEach(() => vi.unstubAllGlobals())

describe('accessData persistence', () => {
  it('stores exactly the JSON of the response body under accessData', () => {
    store.getState().signIn(body)
    expect(localStorage.getItem('accessData')).toBe(JSON.stringify(body))
    expect(store.getState().accessData).toEqual(body)
  })

  it('removes the key on sign-out', () => {
    store.getState().signIn(body)
    store.getState().signOut()
    expect(localStorage.getItem('accessData')).toBeNull()
    expect(store.getState().accessData).toBeNull()
  })

  it('remembers why the session ended until the next sign-in', () => {
    store.getState().signIn(body)
    store.getState().signOut('expired')
    expect(store.getState().signOutReason).toBe('expired')
    store.getState().signIn(body)
    expect(store.getState().signOutReason).toBeNull()
  })

  it('reads a stored body on page load', async () => {
    localStorage.setItem('accessData', JSON.stringify(body))
    const fresh = await freshStore()
    expect(fresh.getState().accessData).toEqual(body)
  })

  it("reads a token of the server's shape, and one of 4,096 characters, as signed in", async () => {
    for (const accessToken of ['fxa_Zm9vYmFyLV9iYXo-cXV4XzAxMjM0NTY3ODlhYmNkZWZnaGlq', 'a'.repeat(4096)]) {
      localStorage.setItem('accessData', JSON.stringify({ accessToken }))
      const fresh = await freshStore()
      expect(fresh.getState().accessData).toEqual({ accessToken })
    }
  })

  it.each([
    ['corrupt JSON', '{"accessToken": "tok'],
    ['a JSON string', '"tok-1"'],
    ['null', 'null'],
    ['an object without accessToken', '{"user":1}'],
    ['an array', '[1,2]'],
    ['a token with a line break', '{"accessToken":"abc\\ndef"}'],
    ['a token with a character beyond Latin-1', '{"accessToken":"abc😀"}'],
    ['a token longer than any the server issues', JSON.stringify({ accessToken: 'a'.repeat(4097) })],
  ])('treats %s as signed out without throwing', async (_, raw) => {
    localStorage.setItem('accessData', raw)
    const fresh = await freshStore()
    expect(fresh.getState().accessData).toBeNull()
  })

  it('keeps the session in memory when localStorage refuses to write', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    try {
      expect(() => store.getState().signIn(body)).not.toThrow()
      expect(store.getState().accessData).toEqual(body)
    } finally {
      setItem.mockRestore()
    }
  })
})

describe('another tab', () => {
  it('signing in there signs in here', () => {
    otherTab('accessData', JSON.stringify(body))
    expect(store.getState().accessData).toEqual(body)
  })

  it('signing out there signs out here', () => {
    store.getState().signIn(body)
    otherTab('accessData', null)
    expect(store.getState().accessData).toBeNull()
  })

  it('clearing its storage signs out here', () => {
    store.getState().signIn(body)
    otherTab(null, null)
    expect(store.getState().accessData).toBeNull()
  })

  it('a corrupt value written there reads as signed out', () => {
    store.getState().signIn(body)
    otherTab('accessData', '{oops')
    expect(store.getState().accessData).toBeNull()
  })

  it('other keys are ignored', () => {
    store.getState().signIn(body)
    otherTab('somethingElse', 'x')
    expect(store.getState().accessData).toEqual(body)
  })

  it("a frame's sessionStorage is not the session: clearing it, or an accessData written there, changes nothing here", () => {
    store.getState().signIn(body)
    window.dispatchEvent(new StorageEvent('storage', { key: null, newValue: null, storageArea: sessionStorage }))
    window.dispatchEvent(new StorageEvent('storage', { key: 'accessData', newValue: '{"accessToken":"not-ours"}', storageArea: sessionStorage }))
    expect(store.getState().accessData).toEqual(body)
  })
})

describe('sessions across tabs', () => {
  it("adopts what localStorage holds when an event comes, never a late event's value: a session ended since stays ended", () => {
    store.getState().signIn(body)
    const stale = JSON.stringify({ accessToken: 'tok-2' })
    // Another tab signed in, then out, before this tab handled the first event.
    localStorage.setItem('accessData', stale)
    localStorage.removeItem('accessData')
    window.dispatchEvent(new StorageEvent('storage', { key: 'accessData', newValue: stale, storageArea: localStorage }))
    expect([store.getState().accessData, localStorage.getItem('accessData')]).toEqual([null, null])
    window.dispatchEvent(new StorageEvent('storage', { key: 'accessData', newValue: null, storageArea: localStorage }))
    expect(store.getState().accessData).toBeNull()
  })

  it("leaves a key the host page removed in this tab to this tab: an event for another key, or a frame's, is not another tab's sign-out", () => {
    store.getState().signIn(body)
    store.setState({ hostSignIn: 'done' })
    localStorage.removeItem('accessData')
    window.dispatchEvent(new StorageEvent('storage', { key: 'hostPrefs', newValue: 'x', storageArea: localStorage }))
    window.dispatchEvent(new StorageEvent('storage', { key: null, newValue: null, storageArea: sessionStorage }))
    // The next element renders: the host's next user is asked for a code (hostSignIn starts again).
    syncAccessData()
    expect([store.getState().accessData, store.getState().hostSignIn]).toEqual([null, null])
  })

  it('shows a sign-in made in another tab though this one had signed out, or its host sign-in had failed', () => {
    for (const state of ['signed-out', 'failed'] as const) {
      resetStore()
      store.setState({ hostSignIn: state })
      otherTab('accessData', JSON.stringify({ ...body, accessToken: `tok-${state}` }))
      expect([store.getState().accessData?.accessToken, store.getState().hostSignIn]).toEqual([`tok-${state}`, 'done'])
    }
  })
})

describe('ensureDeviceToken', () => {
  it('registers once for concurrent callers and caches the token', async () => {
    const reply = deferred<Response>()
    const api = mockApi({ 'POST /api/device': () => reply.promise })
    const a = ensureDeviceToken('/api')
    const b = ensureDeviceToken('/api')
    reply.resolve(json({ accessToken: 'device-1' }))
    expect(await a).toBe('device-1')
    expect(await b).toBe('device-1')
    expect(await ensureDeviceToken('/api')).toBe('device-1')
    expect(api.callsTo('POST /api/device')).toHaveLength(1)
  })

  it('forgets a failed registration so the next call retries', async () => {
    let n = 0
    const api = mockApi({ 'POST /api/device': () => (++n === 1 ? json({ message: 'Busy' }, 503) : json({ accessToken: 'device-2' })) })
    await expect(ensureDeviceToken('/api')).rejects.toMatchObject({ message: 'Busy' })
    expect(await ensureDeviceToken('/api')).toBe('device-2')
    expect(api.callsTo('POST /api/device')).toHaveLength(2)
  })

  it('registers again for another api-base', async () => {
    const api = mockApi({ 'POST /a/device': { body: { accessToken: 'A' } }, 'POST /b/device': { body: { accessToken: 'B' } } })
    expect(await ensureDeviceToken('/a')).toBe('A')
    expect(await ensureDeviceToken('/b')).toBe('B')
    expect(api.calls).toHaveLength(2)
  })
})

describe('this tab, behind the store’s back', () => {
  it('a key the host page removed is seen at the next hash change', async () => {
    store.getState().signIn(body)
    localStorage.removeItem('accessData')
    window.location.hash = '#/dashboard'
    await new Promise((resolve) => window.addEventListener('hashchange', resolve, { once: true }))
    expect(store.getState().accessData).toBeNull()
    window.history.replaceState(null, '', window.location.pathname)
  })

  it('a key the host page wrote is seen at the next Back/Forward', () => {
    localStorage.setItem('accessData', JSON.stringify(body))
    window.dispatchEvent(new PopStateEvent('popstate'))
    expect(store.getState().accessData).toEqual(body)
  })

  it('a session kept in memory (storage refused the write) is not dropped by a hash change', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    try {
      store.getState().signIn(body)
      window.dispatchEvent(new PopStateEvent('popstate'))
      expect(store.getState().accessData).toEqual(body)
    } finally {
      setItem.mockRestore()
    }
    store.getState().signOut()
    window.dispatchEvent(new PopStateEvent('popstate'))
    expect(store.getState().accessData).toBeNull()
  })
})
