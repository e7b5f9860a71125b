import { waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LoginScreen } from '../../src/components/auth/LoginScreen'
import { store } from '../../src/store'
import { mountElement, recordEvents, renderScreen, resetStore, shadow, signInAs } from './helpers'
import { json, mockApi } from './helpers/api-mock'

const DEVICE = { 'POST /api/device': { body: { accessToken: 'device-tok' } } }
const body = { accessToken: 'acc-1', user: { id: 3, email: 'ada@example.com' } }

beforeEach(resetStore)
afterEach(() => vi.unstubAllGlobals())

async function fillAndSubmit(q: ReturnType<typeof renderScreen>, email = 'ada@example.com', password = 'correct horse') {
  const user = userEvent.setup()
  await user.type(q.getByLabelText('Email address'), email)
  await user.type(q.getByLabelText('Password'), password)
  await user.click(q.getByRole('button', { name: 'Log in' }))
  return user
}

describe('the log-in screen', () => {
  it('has its heading, labelled fields and a logo', () => {
    mockApi(DEVICE)
    const q = renderScreen(<LoginScreen />)
    expect(q.getByRole('heading', { name: 'Log in to your account' })).toBeInTheDocument()
    expect(q.getByRole('img', { name: 'Flex logo' })).toBeInTheDocument()
    const email = q.getByLabelText('Email address') as HTMLInputElement
    const password = q.getByLabelText('Password') as HTMLInputElement
    expect([email.type, email.required, email.autocomplete]).toEqual(['email', true, 'username'])
    expect([password.type, password.required, password.autocomplete]).toEqual(['password', true, 'current-password'])
    expect(q.queryByLabelText('Name')).not.toBeInTheDocument()
    expect((q.getByRole('checkbox', { name: 'Remember me' }) as HTMLInputElement).checked).toBe(false)
    expect(q.getByRole('button', { name: 'Log in' })).toHaveProperty('type', 'submit')
    expect(q.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup')
    expect(q.queryByRole('alert')).not.toBeInTheDocument()
  })

  it("'Forgot your password?' is inert without forgot-password-url", () => {
    mockApi(DEVICE)
    const q = renderScreen(<LoginScreen />)
    const forgot = q.getByText('Forgot your password?')
    expect(forgot).toHaveAttribute('aria-disabled', 'true')
    expect(forgot).not.toHaveAttribute('href')
  })

  it("'Forgot your password?' opens forgot-password-url in a new tab", () => {
    mockApi(DEVICE)
    const q = renderScreen(<LoginScreen />, { urls: { forgotPassword: 'https://example.com/reset' } })
    const forgot = q.getByRole('link', { name: 'Forgot your password?' })
    expect(forgot).toHaveAttribute('href', 'https://example.com/reset')
    expect(forgot).toHaveAttribute('target', '_blank')
    expect(forgot).toHaveAttribute('rel', 'noopener noreferrer')
  })

  it('registers the anonymous device on opening', async () => {
    const api = mockApi(DEVICE)
    renderScreen(<LoginScreen />, { apiBase: '/base' })
    // Beside it, the capabilities ('Forgot your password?' opens a reset where the server has one).
    await waitFor(() => expect(api.calls.map((c) => `${c.method} ${c.url}`).sort()).toEqual(['GET /base/capabilities', 'POST /base/device']))
  })

  it('success: stores the body, fires flex-signed-in, goes to /dashboard', async () => {
    const api = mockApi({ ...DEVICE, 'POST /api/auth/authenticate': { body } })
    const q = renderScreen(<LoginScreen />, { route: '/login' })
    const signedIn = recordEvents(['flex-signed-in'])
    await fillAndSubmit(q)
    await waitFor(() => expect(q.nav().route.path).toBe('/dashboard'))
    const [call] = api.callsTo('POST /api/auth/authenticate')
    expect(call.headers.authorization).toBe('Bearer device-tok')
    expect(call.body).toEqual({ email: 'ada@example.com', password: 'correct horse' })
    expect(localStorage.getItem('accessData')).toBe(JSON.stringify(body))
    expect(store.getState().accessData).toEqual(body)
    expect(signedIn.events).toHaveLength(1)
    expect(signedIn.events[0]).toMatchObject({ bubbles: true, composed: true, detail: {} })
    expect(signedIn.events[0].target).toBe(q.host)
  })

  it('a network failure shows a readable banner', async () => {
    mockApi({ ...DEVICE, 'POST /api/auth/authenticate': () => Promise.reject(new TypeError('Failed to fetch')) })
    const q = renderScreen(<LoginScreen />)
    await fillAndSubmit(q)
    expect((await q.findByRole('alert')).textContent).toMatch(/can't reach the server/i)
  })

  it('retries a failed device registration on submit', async () => {
    let n = 0
    const api = mockApi({
      'POST /api/device': () => (++n === 1 ? json({ message: 'Try later' }, 503) : json({ accessToken: 'device-2' })),
      'POST /api/auth/authenticate': { body },
    })
    const q = renderScreen(<LoginScreen />)
    await waitFor(() => expect(api.callsTo('POST /api/device')).toHaveLength(1))
    await fillAndSubmit(q)
    await waitFor(() => expect(q.nav().route.path).toBe('/dashboard'))
    expect(api.callsTo('POST /api/device')).toHaveLength(2)
    expect(api.callsTo('POST /api/auth/authenticate')[0].headers.authorization).toBe('Bearer device-2')
  })

  it('a device registration that keeps failing shows its message', async () => {
    const api = mockApi({ 'POST /api/device': { status: 503, body: { message: 'Device service unavailable' } } })
    const q = renderScreen(<LoginScreen />)
    await fillAndSubmit(q)
    expect((await q.findByRole('alert')).textContent).toBe('Device service unavailable')
    expect(api.callsTo('POST /api/auth/authenticate')).toHaveLength(0)
  })

  it('a device token no request can carry (a line break in it) is asked for again on submit, and the log-in goes through', async () => {
    let n = 0
    const api = mockApi({
      'POST /api/device': () => json({ accessToken: ++n === 1 ? 'dev\nice' : 'device-2' }),
      'POST /api/auth/authenticate': { body },
    })
    const q = renderScreen(<LoginScreen />)
    await waitFor(() => expect(api.callsTo('POST /api/device')).toHaveLength(1))
    await fillAndSubmit(q)
    await waitFor(() => expect(q.nav().route.path).toBe('/dashboard'))
    expect(api.callsTo('POST /api/auth/authenticate')[0].headers.authorization).toBe('Bearer device-2')
  })

  it('a device token no request can carry, each time, says the answer could not be read', async () => {
    const api = mockApi({ 'POST /api/device': { body: { accessToken: 'device-€' } } })
    const q = renderScreen(<LoginScreen />)
    await fillAndSubmit(q)
    expect((await q.findByRole('alert')).textContent).toBe('The server sent a device token that could not be read.')
    expect(api.callsTo('POST /api/auth/authenticate')).toHaveLength(0)
  })

  it('says the session has expired after a 401 signed the user out', () => {
    mockApi(DEVICE)
    signInAs()
    store.getState().signOut('expired')
    const q = renderScreen(<LoginScreen />)
    expect(q.getByRole('status').textContent).toBe('Your session has expired. Please log in again.')
  })

  it("'Sign up' goes to /signup through a cancelable flex-navigate", async () => {
    mockApi(DEVICE)
    const q = renderScreen(<LoginScreen />, { route: '/login' })
    const nav = recordEvents(['flex-navigate'])
    await userEvent.setup().click(q.getByRole('link', { name: 'Sign up' }))
    expect(nav.events.map((e) => e.detail)).toEqual([{ to: '/signup' }])
    expect(nav.events[0].cancelable).toBe(true)
    expect(q.nav().route.path).toBe('/signup')
  })
})

describe('<flex-login> on a page without <flex-portal>', () => {
  it('logs in on its own', async () => {
    mockApi({ ...DEVICE, 'POST /api/auth/authenticate': { body } })
    const el = mountElement('flex-login', { router: 'memory' })
    const q = shadow(el)
    const signedIn = recordEvents(['flex-signed-in'])
    const user = userEvent.setup()
    await user.type(await q.findByLabelText('Email address'), 'ada@example.com')
    await user.type(q.getByLabelText('Password'), 'pw')
    await user.click(q.getByRole('button', { name: 'Log in' }))
    await q.findByText('You are signed in.')
    expect(localStorage.getItem('accessData')).toBe(JSON.stringify(body))
    expect(signedIn.events[0].target).toBe(el)
  })

  it("removed while logging in, it neither changes the page's hash nor dispatches to a page that cannot hear it; the session stands", async () => {
    let answer = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    mockApi({ ...DEVICE, 'POST /api/auth/authenticate': async () => (await answered, json(body)) })
    window.location.hash = '#host-section'
    const el = mountElement('flex-login')
    const q = shadow(el)
    const heard = recordEvents(['flex-signed-in', 'flex-navigate'])
    const user = userEvent.setup()
    await user.type(await q.findByLabelText('Email address'), 'ada@example.com')
    await user.type(q.getByLabelText('Password'), 'pw')
    await user.click(q.getByRole('button', { name: 'Log in' }))
    el.remove()
    answer()
    await waitFor(() => expect(store.getState().accessData).toEqual(body))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(window.location.hash).toBe('#host-section')
    expect(heard.events).toEqual([])
  })

  it('shows a compact signed-in state with Sign out when already signed in', async () => {
    const api = mockApi(DEVICE)
    signInAs()
    const el = mountElement('flex-login')
    const q = shadow(el)
    const signedOut = recordEvents(['flex-signed-out'])
    expect(await q.findByText('You are signed in.')).toBeInTheDocument()
    expect(q.queryByRole('heading', { name: 'Log in to your account' })).not.toBeInTheDocument()
    await userEvent.setup().click(q.getByRole('button', { name: 'Sign out' }))
    expect(localStorage.getItem('accessData')).toBeNull()
    expect(signedOut.events.map((e) => e.detail)).toEqual([{ reason: 'user' }])
    expect(await q.findByRole('heading', { name: 'Log in to your account' })).toBeInTheDocument()
    await waitFor(() => expect(api.callsTo('POST /api/device')).toHaveLength(1))
  })

  it("'Sign up' switches to the sign-up form inside the element, and 'Log in' back, without touching the hash", async () => {
    mockApi(DEVICE)
    const hash = window.location.hash
    const el = mountElement('flex-login')
    const q = shadow(el)
    const user = userEvent.setup()
    await user.click(await q.findByRole('button', { name: 'Sign up' }))
    const heading = await q.findByRole('heading', { name: 'Sign up for your account' })
    expect(q.getByLabelText('Name')).toBeInTheDocument()
    await waitFor(() => expect(el.shadowRoot!.activeElement).toBe(heading))
    expect(window.location.hash).toBe(hash)
    await user.click(q.getByRole('button', { name: 'Log in' }))
    expect(await q.findByRole('heading', { name: 'Log in to your account' })).toBeInTheDocument()
  })

  it('with signup-url, Sign up is a link to that address instead', async () => {
    mockApi(DEVICE)
    const q = shadow(mountElement('flex-login', { 'signup-url': 'https://example.com/join' }))
    expect(await q.findByRole('link', { name: 'Sign up' })).toHaveAttribute('href', 'https://example.com/join')
    expect(q.queryByRole('button', { name: 'Sign up' })).not.toBeInTheDocument()
  })

  it('a standalone <flex-signup> switches to log-in in place, or follows login-url', async () => {
    mockApi(DEVICE)
    const q = shadow(mountElement('flex-signup'))
    await userEvent.setup().click(await q.findByRole('button', { name: 'Log in' }))
    expect(await q.findByRole('heading', { name: 'Log in to your account' })).toBeInTheDocument()
    const linked = shadow(mountElement('flex-signup', { 'login-url': '/sign-in' }))
    expect(await linked.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', new URL('/sign-in', document.baseURI).href)
  })

  it('takes api-base and forgot-password-url as attributes', async () => {
    const api = mockApi({ 'POST /svc/device': { body: { accessToken: 'd' } } })
    const el = mountElement('flex-login', { 'api-base': '/svc', 'forgot-password-url': 'https://example.com/forgot' })
    const q = shadow(el)
    expect(await q.findByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', 'https://example.com/forgot')
    await waitFor(() => expect(api.calls.map((c) => c.url)).toEqual(['/svc/device']))
  })

  it('ignores a javascript: forgot-password-url', async () => {
    mockApi(DEVICE)
    const el = mountElement('flex-login', { 'forgot-password-url': 'javascript:alert(1)' })
    const forgot = await shadow(el).findByText('Forgot your password?')
    expect(forgot).not.toHaveAttribute('href')
  })
})
