import { waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LoginScreen } from '../../src/components/auth/LoginScreen'
import { SignupScreen } from '../../src/components/auth/SignupScreen'
import { store } from '../../src/store'
import { recordEvents, renderScreen, resetStore, signInAs } from './helpers'
import { json, mockApi, type Reply } from './helpers/api-mock'
import { projects, renderDashboard } from './helpers/dashboard'

beforeEach(resetStore)
afterEach(() => vi.unstubAllGlobals())

async function signOutFromMenu(logout: Reply) {
  const api = mockApi({ 'GET /api/manage/dapp/owner': { body: projects(1) }, 'POST /api/auth/logout': logout })
  signInAs({ accessToken: 'acc-1' })
  const r = renderDashboard()
  const events = recordEvents(['flex-signed-out'], r.host)
  const user = userEvent.setup()
  await user.click(r.q.getByRole('button', { name: 'User menu' }))
  await user.click(await r.q.findByRole('menuitem', { name: 'Sign out' }))
  return { api, events }
}

describe('sign-out revokes the access token, as a best effort', () => {
  it('calls POST /auth/logout with the token, and clears storage and fires the event once', async () => {
    const { api, events } = await signOutFromMenu({ status: 204, body: null })
    await waitFor(() => expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1))
    expect(api.callsTo('POST /api/auth/logout')[0].headers.authorization).toBe('Bearer acc-1')
    expect(localStorage.getItem('accessData')).toBeNull()
    expect(events.events.map((e) => e.detail)).toEqual([{ reason: 'user' }])
  })

  it.each([
    ['a server without the route (404)', { status: 404, body: { message: 'Not found.' } }],
    ['a server error', { status: 500, body: { message: 'Internal server error' } }],
    ['no network', () => Promise.reject(new TypeError('Failed to fetch'))],
  ] as Array<[string, Reply]>)('signs out all the same with %s', async (_, reply) => {
    const { api, events } = await signOutFromMenu(reply)
    await waitFor(() => expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1))
    expect(store.getState().accessData).toBeNull()
    expect(localStorage.getItem('accessData')).toBeNull()
    expect(events.events).toHaveLength(1)
  })
})

describe('a device token the server no longer knows', () => {
  const unknown = () => json({ message: 'This page has been open too long. Reload it and try again.', code: 'DEVICE_UNKNOWN' }, 401)

  it('is replaced once and the log-in retried, without a banner', async () => {
    let device = 0
    let auth = 0
    const api = mockApi({
      'POST /api/device': () => json({ accessToken: `device-${++device}` }),
      'POST /api/auth/authenticate': (call) =>
        ++auth === 1 ? unknown() : call.headers.authorization === 'Bearer device-2' ? json({ accessToken: 'acc-9' }) : unknown(),
    })
    const q = renderScreen(<LoginScreen />, { route: '/login' })
    const user = userEvent.setup()
    await user.type(q.getByLabelText('Email address'), 'ada@example.com')
    await user.type(q.getByLabelText('Password'), 'correct horse')
    await user.click(q.getByRole('button', { name: 'Log in' }))
    await waitFor(() => expect(q.nav().route.path).toBe('/dashboard'))
    expect(api.callsTo('POST /api/device')).toHaveLength(2)
    expect(api.callsTo('POST /api/auth/authenticate').map((c) => c.headers.authorization)).toEqual(['Bearer device-1', 'Bearer device-2'])
    expect(store.getState().accessData).toEqual({ accessToken: 'acc-9' })
    expect(q.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('retries only once: a second refusal shows the server’s message', async () => {
    const api = mockApi({ 'POST /api/device': { body: { accessToken: 'd' } }, 'POST /api/register': () => unknown() })
    const q = renderScreen(<SignupScreen />, { route: '/signup' })
    const user = userEvent.setup()
    await user.type(q.getByLabelText('Name'), 'Ada')
    await user.type(q.getByLabelText('Email address'), 'ada@example.com')
    await user.type(q.getByLabelText('Password'), 'correct horse')
    await user.click(q.getByRole('button', { name: 'Sign up' }))
    expect((await q.findByRole('alert')).textContent).toContain('This page has been open too long.')
    expect(api.callsTo('POST /api/register')).toHaveLength(2)
  })
})

describe('the sign-up form’s password rule', () => {
  it('is stated before submit as the field’s description, and the server’s refusal shows under the field', async () => {
    mockApi({
      'POST /api/device': { body: { accessToken: 'd' } },
      'POST /api/register': {
        status: 400,
        body: { message: 'This password is too common: it appears in lists of breached passwords. Choose another.', code: 'PASSWORD_TOO_COMMON' },
      },
    })
    const q = renderScreen(<SignupScreen />, { route: '/signup' })
    const password = q.getByLabelText('Password')
    const described = (password.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => (password.getRootNode() as Document).getElementById(id)?.textContent)
    expect(described.join(' ')).toMatch(/^At least 8 characters\. Not a common password or your e-mail address\.$/)
    const user = userEvent.setup()
    await user.type(q.getByLabelText('Name'), 'Ada')
    await user.type(q.getByLabelText('Email address'), 'ada@example.com')
    await user.type(password, 'password')
    await user.click(q.getByRole('button', { name: 'Sign up' }))
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'))
    expect(password).toHaveAccessibleDescription(/too common/)
    expect((password.getRootNode() as ShadowRoot).activeElement).toBe(password)
    expect(q.queryByRole('alert')).not.toBeInTheDocument()
    expect(q.nav().route.path).toBe('/signup')
  })
})
