/**
 * How a session the host gave ends, and stays ended: the user's own "Sign out"
 * stands against a renewal on its way and a late 401; a sign-out in another tab
 * (or the host removing `accessData` there) asks the host for no new code, in
 * any tab; a key the host page removed in this tab hands the next element to
 * the host's next user, never to the session kept in memory; a renewal that
 * brings another user asks the previous user's call no more; an element with no
 * code source of its own shows nothing of a session kept from before while the
 * host's replaces it; a snippet, with a code source or without, reads no
 * session kept from before while the host's replaces it; and a stored value the
 * sign-in could not have answered reads as signed out.
 */
import { act, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defineFlexElements } from '../../src/define'
import { store } from '../../src/store'
import { readAccessData } from '../../src/store/access-data-storage'
import { renewHostSession } from '../../src/store/host-session'
import { signOut } from '../../src/store/session'
import { mountElement, resetStore, shadow, signInAs } from './helpers'
import { detail } from './helpers/dashboard'
import { deferred, json, mockApi, offContract } from './helpers/api-mock'

const ACCESS = { accessToken: 'acc-host', tokenType: 'Bearer', expiresAt: '2030-01-01T00:00:00Z', user: { id: 'usr_1', name: 'Grace', email: '' } }
const DEVICE = { 'POST /api/device': { status: 201, body: { accessToken: 'dev-1' } } }

beforeEach(() => resetStore())
afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

/** An element the host signs in, given its code source before it is on the page. */
function hostElement<T extends 'flex-projects' | 'flex-snippet'>(tag: T, source: () => Promise<unknown>): HTMLElement {
  defineFlexElements()
  const el = document.createElement(tag)
  ;(el as unknown as { fetchSessionCode: () => Promise<unknown> }).fetchSessionCode = source
  return document.body.appendChild(el)
}

/**
 * Someone else's session, kept from before on a shared browser, and a page whose element with a
 * `session-url` is signing in: its code is exchanged when the test resolves `exchanged`.
 */
function hostSigningIn() {
  signInAs({ ...ACCESS, accessToken: 'acc-kept', user: { id: 'usr_0', name: 'Ada', email: '' } })
  const exchanged = deferred<Response>()
  const api = mockApi({
    ...DEVICE,
    'POST /portal-session': offContract({ body: { code: 'fxc_code' } }),
    'POST /api/auth/exchange': () => exchanged.promise,
    'GET /api/manage/dapp/owner': { body: [] },
  })
  mountElement('flex-projects', { 'session-url': '/portal-session' })
  return { api, exchanged }
}

/** A <flex-snippet> with no code source of its own, around a sample that needs the key. */
function snippetElement(): HTMLElement {
  const snippet = mountElement('flex-snippet')
  snippet.innerHTML = '<pre>curl -H "X-Api-Key: {{apiKey}}"</pre>'
  return snippet
}

describe("the user's own sign-out, on a page the host signs in", () => {
  it('stands when a renewal was on its way: the code it brings is not used', async () => {
    const api = mockApi({ ...DEVICE, 'POST /api/auth/exchange': { body: ACCESS }, 'POST /api/auth/logout': { status: 204 } })
    signInAs({ accessToken: 'acc-old' })
    store.setState({ hostSignIn: 'done' })
    let give: (code: string) => void = () => {}
    const source = vi.fn(() => new Promise<string>((resolve) => (give = resolve)))
    const renewal = renewHostSession('/api', source, 'acc-old')
    await waitFor(() => expect(source).toHaveBeenCalledTimes(1))
    signOut(document.body, '/api', 'user')
    give('fxc_code')
    expect(await renewal).toBeNull()
    expect(store.getState()).toMatchObject({ accessData: null, hostSignIn: 'signed-out' })
    expect(localStorage.getItem('accessData')).toBeNull()
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1)
  })

  it('stands when a call answers 401 after it: the host is asked for no code', async () => {
    store.setState({ hostSignIn: 'signed-out' })
    const source = vi.fn(async () => 'fxc_code')
    expect(await renewHostSession('/api', source, 'acc-old')).toBeNull()
    expect(source).not.toHaveBeenCalled()
    expect(store.getState().hostSignIn).toBe('signed-out')
  })
})

describe('a session ended outside this element', () => {
  it('in another tab: no new code is asked for, in this tab or any, and the element says the user is signed out', async () => {
    mockApi({ ...DEVICE, 'POST /api/auth/exchange': { body: ACCESS }, 'GET /api/manage/dapp/owner': { body: [] } })
    const source = vi.fn(async () => 'fxc_code')
    const el = hostElement('flex-projects', source)
    await waitFor(() => expect(store.getState().accessData?.accessToken).toBe('acc-host'))
    const stored = localStorage.getItem('accessData')
    localStorage.removeItem('accessData')
    window.dispatchEvent(new StorageEvent('storage', { key: 'accessData', oldValue: stored, newValue: null }))
    expect(await shadow(el).findByText('You are signed out.')).toBeInTheDocument()
    expect(source).toHaveBeenCalledTimes(1)
    expect(localStorage.getItem('accessData')).toBeNull()
  })

  it("by the host page in this tab: the next element signs in with the host's next code, never into the session in memory", async () => {
    const api = mockApi({ ...DEVICE, 'POST /api/auth/exchange': { body: ACCESS }, 'GET /api/manage/dapp/owner': { body: [] } })
    signInAs({ accessToken: 'acc-previous-user' })
    store.setState({ hostSignIn: 'done' })
    // The host's own sign-out, as its docs say: the key removed, with no event in this tab.
    localStorage.removeItem('accessData')
    const source = vi.fn(async () => 'fxc_next-user')
    hostElement('flex-projects', source)
    await waitFor(() => expect(api.callsTo('GET /api/manage/dapp/owner').length).toBeGreaterThan(0))
    expect(source).toHaveBeenCalledTimes(1)
    expect(api.calls.map((c) => c.headers.authorization)).not.toContain('Bearer acc-previous-user')
    expect(store.getState().accessData?.accessToken).toBe('acc-host')
  })
})

describe('a session of the same user taking its place while a call is on its way (a renewal, in this tab or another)', () => {
  /** Adds a project and holds its answer while `meanwhile` runs; what the screen then shows. */
  async function addWhile(meanwhile: (source: () => Promise<unknown>) => Promise<void>) {
    const held = deferred<Response>()
    let codes = 0
    const api = mockApi({
      ...DEVICE,
      'POST /api/auth/exchange': () => json({ ...ACCESS, accessToken: `acc-host-${++codes}` }),
      'GET /api/manage/dapp/owner': { body: [] },
      'POST /api/manage/dapp': () => held.promise,
    })
    const source = vi.fn(async () => 'fxc_code')
    const q = shadow(hostElement('flex-projects', source))
    const user = userEvent.setup()
    await user.click(await q.findByRole('button', { name: '+ Add New Project' }))
    await user.type(q.getByLabelText('Project Name'), 'Fresh')
    await user.click(q.getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(api.callsTo('POST /api/manage/dapp')).toHaveLength(1))
    await meanwhile(source)
    held.resolve(json({ ...detail(9, { api_9: 'fxk_whole_9' }), webhookSecret: 'whsec_9' }, 201))
    return q
  }
  const fromOtherTab = (value: object) => {
    localStorage.setItem('accessData', JSON.stringify(value))
    window.dispatchEvent(new StorageEvent('storage', { key: 'accessData', storageArea: localStorage }))
  }

  it("hands the answer on after another call's 401 renewed the session: a new project's key, shown once, is not dropped as cancelled", async () => {
    // Then the project is made, with the token it was asked with.
    const q = await addWhile(async (source) => expect(await renewHostSession('/api', source, 'acc-host-1')).toBe('acc-host-2'))
    expect(await q.findByRole('dialog', { name: 'API Information' })).toBeInTheDocument()
    expect(store.getState().revealedKeys).toEqual({ prj_9: { api_9: 'fxk_whole_9' } })
  })

  it("keeps the answer when another tab renewed the session, or this one renewed it twice: a new key's text is shown once", async () => {
    const q = await addWhile(async () => fromOtherTab({ ...ACCESS, accessToken: 'acc-tab-b' }))
    expect(await q.findByRole('dialog', { name: 'API Information' })).toBeInTheDocument()
    document.body.replaceChildren()
    resetStore()
    const twice = await addWhile(async () => {
      for (const [stale, fresh] of [
        ['acc-host-1', 'acc-host-2'],
        ['acc-host-2', 'acc-host-3'],
      ])
        expect(await renewHostSession('/api', async () => 'fxc_code', stale)).toBe(fresh)
    })
    expect(await twice.findByRole('dialog', { name: 'API Information' })).toBeInTheDocument()
  })

  it("drops it when another user's session took its place, and closes the previous user's dialog for the next", async () => {
    const q = await addWhile(async () => fromOtherTab({ ...ACCESS, accessToken: 'acc-other', user: { id: 'usr_2', name: 'Ada', email: '' } }))
    await waitFor(() => expect(q.queryByRole('dialog', { name: 'Add new project' })).not.toBeInTheDocument())
    // The held answer, handed on: dropped as cancelled, it opens nothing and keeps no key.
    await act(async () => {})
    expect(q.queryByRole('dialog', { name: 'API Information' })).not.toBeInTheDocument()
    expect(store.getState().revealedKeys).toEqual({})
  })
})

describe('a renewal after a 401 that brings another user (who signed in to the host in another tab)', () => {
  it("does not ask the previous user's call again as the next user: it ends, its dialog closed, and the next user is signed in afresh", async () => {
    const next = { ...ACCESS, accessToken: 'acc-next', user: { id: 'usr_2', name: 'Ada', email: '' } }
    let exchanges = 0
    const api = mockApi({
      ...DEVICE,
      'POST /api/auth/exchange': () => json(++exchanges === 1 ? ACCESS : next),
      'GET /api/manage/dapp/owner': { body: [] },
      // The previous user's session has expired; the next user's would make the project.
      'POST /api/manage/dapp': (call) =>
        call.headers.authorization === 'Bearer acc-host'
          ? json({ message: 'Your session has expired. Please log in again.', code: 'SESSION_EXPIRED' }, 401)
          : json({ ...detail(9, { api_9: 'fxk_whole_9' }), webhookSecret: 'whsec_9' }, 201),
    })
    const signedIn = vi.fn()
    document.addEventListener('flex-signed-in', signedIn)
    const q = shadow(hostElement('flex-projects', async () => 'fxc_code'))
    const user = userEvent.setup()
    await user.click(await q.findByRole('button', { name: '+ Add New Project' }))
    await user.type(q.getByLabelText('Project Name'), 'Private')
    await user.click(q.getByRole('button', { name: 'Add' }))
    // The next user is signed in, and the previous user's dialog, with the name they typed, is closed for them.
    await waitFor(() => expect(store.getState().accessData).toEqual(next))
    await waitFor(() => expect(q.queryByRole('dialog', { name: 'Add new project' })).not.toBeInTheDocument())
    document.removeEventListener('flex-signed-in', signedIn)
    expect(api.callsTo('POST /api/manage/dapp').map((c) => c.headers.authorization)).toEqual(['Bearer acc-host'])
    expect(store.getState()).toMatchObject({ accessData: next, revealedKeys: {} })
    // The first sign-in, then the next user's: a renewal of the same user sends none.
    expect(signedIn).toHaveBeenCalledTimes(2)
  })
})

describe('elements with no code source of their own, beside one the host signs in', () => {
  it("show nothing of a session kept from before while the host's replaces it, then the host's user", async () => {
    const { api, exchanged } = hostSigningIn()
    const unsourced = [
      mountElement('flex-projects'),
      mountElement('flex-webhooks', { 'project-id': 'prj_7' }),
      mountElement('flex-request-log', { 'project-id': 'prj_7' }),
    ]
    await waitFor(() => expect(api.callsTo('POST /api/auth/exchange')).toHaveLength(1))
    for (const el of unsourced) expect(await shadow(el).findByRole('status')).toHaveTextContent('Loading…')
    exchanged.resolve(json(ACCESS))
    expect(await shadow(unsourced[0]).findByText('No projects yet')).toBeInTheDocument()
    expect(api.calls.map((c) => c.headers.authorization)).not.toContain('Bearer acc-kept')
  })

  it('nor wait for one whose session-url is no web address, which signs nobody in: each says to log in', async () => {
    mockApi({ ...DEVICE })
    const given = mountElement('flex-projects', { 'session-url': 'javascript:alert(1)' })
    const unsourced = mountElement('flex-projects')
    for (const el of [given, unsourced]) expect(await shadow(el).findByText('Log in to see your projects.')).toBeInTheDocument()
    expect(store.getState().hostSignIn, 'no sign-in under way').toBeFalsy()
  })

  it('nor once it failed: they wait with the element that says so', async () => {
    signInAs({ ...ACCESS, accessToken: 'acc-kept', user: { id: 'usr_0', name: 'Ada', email: '' } })
    const api = mockApi({ 'POST /portal-session': offContract({ status: 502, body: { message: 'Portal sign-in unavailable.' } }) })
    const sourced = mountElement('flex-projects', { 'session-url': '/portal-session' })
    const unsourced = mountElement('flex-projects')
    expect(await shadow(sourced).findByText('We could not sign you in.')).toBeInTheDocument()
    expect(shadow(unsourced).getByRole('status')).toHaveTextContent('Loading…')
    expect(api.calls.map((c) => c.url)).toEqual(['/portal-session'])
  })
})

describe('<flex-snippet> on a page the host signs in', () => {
  it("reads nothing with a session kept from before while the host's replaces it", async () => {
    const api = mockApi({ 'GET /api/manage/dapp/owner': { body: [] } })
    signInAs({ accessToken: 'acc-someone-else' })
    // The host has not answered yet.
    const code = deferred<string>()
    const source = vi.fn(() => code.promise)
    hostElement('flex-snippet', source)
    await waitFor(() => expect(source).toHaveBeenCalledTimes(1))
    expect(api.calls).toHaveLength(0)
    // Answered with no code: the page's one sign-in ends here, not in the next test.
    code.resolve('')
    await waitFor(() => expect(store.getState().hostSignIn).toBe('failed'))
  })

  it("with no code source of its own, reads nothing with a session kept from before while another element's host sign-in runs, then reads with the host's", async () => {
    const { api, exchanged } = hostSigningIn()
    const snippet = snippetElement()
    await waitFor(() => expect(api.callsTo('POST /api/auth/exchange')).toHaveLength(1))
    // Its screen is drawn, signed out as far as it knows, and asks nothing.
    expect(await shadow(snippet).findByText('Log in to fill in your keys')).toBeInTheDocument()
    expect(api.callsTo('GET /api/manage/dapp/owner')).toHaveLength(0)
    exchanged.resolve(json(ACCESS))
    await waitFor(() => expect(api.callsTo('GET /api/manage/dapp/owner').map((c) => c.headers.authorization)).toContain('Bearer acc-host'))
    expect(api.calls.map((c) => c.headers.authorization)).not.toContain('Bearer acc-kept')
  })
})

describe('<flex-snippet> on a page with no host sign-in', () => {
  it('reads with the session of a password log-in that follows a sign-out', async () => {
    const api = mockApi({ 'POST /api/auth/logout': { status: 204 }, 'GET /api/manage/dapp/owner': { body: [] } })
    signInAs({ accessToken: 'acc-first' })
    signOut(document.body, '/api', 'user')
    // The next reader logs in with a password, as <flex-login> does.
    store.getState().signIn({ ...ACCESS, accessToken: 'acc-next' })
    snippetElement()
    await waitFor(() => expect(api.callsTo('GET /api/manage/dapp/owner').map((c) => c.headers.authorization)).toContain('Bearer acc-next'))
  })
})

describe('a stored session', () => {
  it('that the sign-in could not have answered (an empty access token, no object) reads as signed out', () => {
    for (const raw of ['{"accessToken":""}', '{"accessToken":5}', '[]', 'null', '"acc"', '{', '']) expect(readAccessData(raw), raw).toBeNull()
    expect(readAccessData('{"accessToken":"acc-1"}')).toEqual({ accessToken: 'acc-1' })
  })
})
