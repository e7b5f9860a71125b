import { waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defineFlexElements } from '../../src/define'
import { DEFAULT_TIMEOUT_MS } from '../../src/api/request'
import { store } from '../../src/store'
import { hostSignIn, renewHostSession } from '../../src/store/host-session'
import { codeFromUrl } from '../../src/store/code-from-url'
import { forgetDeviceToken } from '../../src/store/session'
import { resetStore, shadow, signInAs } from './helpers'
import { stillClock } from './helpers/still-clock'
import { json, mockApi, offContract } from './helpers/api-mock'

const ACCESS = { accessToken: 'acc-host', tokenType: 'Bearer', expiresAt: '2030-01-01T00:00:00Z', user: { id: 'usr_1', name: 'Grace', email: '' } }

beforeEach(() => {
  resetStore()
  forgetDeviceToken()
})
afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe('sign-in by the host', () => {
  it('exchanges the code with the device token, once for every caller at the same time, and keeps the code out of storage', async () => {
    const api = mockApi({ 'POST /api/device': { status: 201, body: { accessToken: 'dev-1' } }, 'POST /api/auth/exchange': { body: ACCESS } })
    const source = vi.fn(async () => 'fxc_secret-code')
    const results = await Promise.all([hostSignIn('/api', source), hostSignIn('/api', source), hostSignIn('/api', source)])
    expect(results).toEqual([true, true, true])
    expect(source).toHaveBeenCalledTimes(1)
    const [call] = api.callsTo('POST /api/auth/exchange')
    expect(call.headers.authorization).toBe('Bearer dev-1')
    expect(call.body).toEqual({ code: 'fxc_secret-code' })
    expect(store.getState().accessData).toEqual(ACCESS)
    expect(store.getState().hostSignIn).toBe('done')
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain('fxc_')
  })

  it('asks for a new code once when the exchange answers 401, then gives up as failed', async () => {
    let exchanges = 0
    mockApi({
      'POST /api/device': { status: 201, body: { accessToken: 'dev-1' } },
      'POST /api/auth/exchange': () => (++exchanges === 1 ? json({ message: 'This sign-in link is no longer valid.' }, 401) : json(ACCESS)),
    })
    const source = vi.fn(async () => `fxc_${source.mock.calls.length}`)
    expect(await hostSignIn('/api', source)).toBe(true)
    expect(source).toHaveBeenCalledTimes(2)

    resetStore()
    mockApi({ 'POST /api/device': { status: 201, body: { accessToken: 'dev-1' } }, 'POST /api/auth/exchange': { status: 401, body: { message: 'No.' } } })
    const always = vi.fn(async () => 'fxc_x')
    expect(await hostSignIn('/api', always)).toBe(false)
    expect(always).toHaveBeenCalledTimes(2)
    expect(store.getState().hostSignIn).toBe('failed')
    expect(store.getState().accessData).toBeNull()
  })

  it('fails at once, with no exchange, when the function throws or returns no code', async () => {
    const api = mockApi({})
    expect(await hostSignIn('/api', async () => Promise.reject(new Error('down')))).toBe(false)
    expect(await hostSignIn('/api', async () => undefined)).toBe(false)
    expect(api.calls).toHaveLength(0)
    expect(store.getState().hostSignIn).toBe('failed')
  })

  it('renews a stale session once, and leaves a session another call already renewed alone', async () => {
    mockApi({ 'POST /api/device': { status: 201, body: { accessToken: 'dev-1' } }, 'POST /api/auth/exchange': { body: ACCESS } })
    signInAs({ accessToken: 'acc-old' })
    const source = vi.fn(async () => 'fxc_new')
    expect(await renewHostSession('/api', source, 'acc-old')).toBe('acc-host')
    expect(await renewHostSession('/api', source, 'acc-old')).toBe('acc-host')
    expect(source).toHaveBeenCalledTimes(1)
  })

  it('a renewal on its way does not undo a sign-out in another tab, and takes the session another tab renewed', async () => {
    mockApi({ 'POST /api/device': { status: 201, body: { accessToken: 'dev-1' } }, 'POST /api/auth/exchange': { body: ACCESS } })
    for (const other of [null, { ...ACCESS, accessToken: 'acc-tab-b' }]) {
      resetStore()
      signInAs({ accessToken: 'acc-old' })
      store.setState({ hostSignIn: 'done' })
      let give = (_code: string) => {}
      const source = vi.fn(() => new Promise<string>((resolve) => (give = resolve)))
      const renewal = renewHostSession('/api', source, 'acc-old')
      await vi.waitFor(() => expect(source).toHaveBeenCalledTimes(1))
      // Another tab: "Sign out", or its own renewal.
      if (other) localStorage.setItem('accessData', JSON.stringify(other))
      else localStorage.removeItem('accessData')
      window.dispatchEvent(new StorageEvent('storage', { key: 'accessData', storageArea: localStorage }))
      give('fxc_code')
      expect(await renewal).toBe(other?.accessToken ?? null)
      expect([store.getState().accessData?.accessToken ?? null, localStorage.getItem('accessData')]).toEqual([
        other?.accessToken ?? null,
        other && JSON.stringify(other),
      ])
    }
  })

  it('session-url: a POST with the page’s cookies, reading { code }', async () => {
    // The host page's own server, not the API: what it answers is the host's to say.
    const api = mockApi({ 'POST /portal-session': offContract({ body: { code: 'fxc_from-url' } }) })
    expect(await codeFromUrl('https://host.example/portal-session')()).toBe('fxc_from-url')
    expect(api.calls[0].method).toBe('POST')
    mockApi({ 'POST /portal-session': offContract({ status: 401, body: { message: 'Sign in first.' } }) })
    await expect(codeFromUrl('https://host.example/portal-session')()).rejects.toThrow()
  })

  it('session-url that never answers: given up at the limit every API call has, so "Signing you in…" does not stay for good', async () => {
    // The limit's timer, run by hand: the test does not wait 15 s.
    const limit = new AbortController()
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(limit.signal)
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))),
    )
    const asked = codeFromUrl('https://host.example/portal-session')()
    expect(timeout).toHaveBeenCalledWith(DEFAULT_TIMEOUT_MS)
    limit.abort(new DOMException('The operation timed out.', 'TimeoutError'))
    await expect(asked).rejects.toThrow('timed out')
    timeout.mockRestore()
  })
})

describe('an element with a host session', () => {
  it('given a fetchSessionCode that never settles: gives up at the limit session-url has, and its Try again asks the host again', async () => {
    mockApi({
      'POST /api/device': { status: 201, body: { accessToken: 'dev-1' } },
      'POST /api/auth/exchange': { body: ACCESS },
      'GET /api/manage/dapp/owner': { body: [] },
    })
    stillClock()
    let answer = () => new Promise<string>(() => {})
    const source = vi.fn(() => answer())
    defineFlexElements()
    const el = document.createElement('flex-projects')
    ;(el as unknown as { fetchSessionCode: () => Promise<string> }).fetchSessionCode = source
    const q = shadow(document.body.appendChild(el))
    expect(await q.findByText('Signing you in…')).toBeInTheDocument()
    // The limit's timer is set as the function is called.
    await waitFor(() => expect(source).toHaveBeenCalledTimes(1))
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1)
    expect(store.getState().hostSignIn).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(store.getState().hostSignIn).toBe('failed')
    answer = async () => 'fxc_code'
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(await q.findByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(store.getState()).toMatchObject({ hostSignIn: 'done', accessData: ACCESS }))
    expect(source).toHaveBeenCalledTimes(2)
  })

  it('replaces a session kept from before with the host’s, and shows nothing of the old one meanwhile', async () => {
    const { renderHook, waitFor } = await import('@testing-library/react')
    const { useHostSignIn } = await import('../../src/hooks/useHostSignIn')
    // Someone else's session, left in storage on a shared browser.
    signInAs({ accessToken: 'acc-someone-else', name: 'Someone else' })
    mockApi({ 'POST /api/device': { status: 201, body: { accessToken: 'dev-1' } }, 'POST /api/auth/exchange': { body: ACCESS } })
    const source = vi.fn(async () => 'fxc_code')
    const host = document.createElement('div')
    const { result } = renderHook(() => useHostSignIn(host, '/api', source, true))
    expect(result.current, 'waits while the host says who is signed in').toBe(true)
    await waitFor(() => expect(result.current).toBe(false))
    expect(source).toHaveBeenCalledTimes(1)
    expect(store.getState().accessData?.accessToken).toBe('acc-host')
  })
})
