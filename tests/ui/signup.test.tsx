import { waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SignupScreen } from '../../src/components/auth/SignupScreen'
import { mountElement, recordEvents, renderScreen, resetStore, shadow, signInAs } from './helpers'
import { json, mockApi, offContract } from './helpers/api-mock'

const DEVICE = { 'POST /api/device': { body: { accessToken: 'device-tok' } } }
const body = { accessToken: 'acc-new', name: 'Grace' }

beforeEach(resetStore)
afterEach(() => vi.unstubAllGlobals())

async function fillAndSubmit(q: ReturnType<typeof renderScreen>) {
  const user = userEvent.setup()
  await user.type(q.getByLabelText('Name'), 'Grace Hopper')
  await user.type(q.getByLabelText('Email address'), 'grace@example.com')
  await user.type(q.getByLabelText('Password'), 'cobol-1959')
  await user.click(q.getByRole('button', { name: 'Sign up' }))
}

describe('the sign-up screen', () => {
  it('has its heading, labelled fields and a logo', () => {
    mockApi(DEVICE)
    const q = renderScreen(<SignupScreen />, { route: '/signup' })
    expect(q.getByRole('heading', { name: 'Sign up for your account' })).toBeInTheDocument()
    expect(q.getByRole('img', { name: 'Flex logo' })).toBeInTheDocument()
    const fields = ['Name', 'Email address', 'Password'].map((l) => q.getByLabelText(l) as HTMLInputElement)
    expect(fields.map((f) => [f.type, f.required, f.autocomplete])).toEqual([
      ['text', true, 'name'],
      ['email', true, 'email'],
      ['password', true, 'new-password'],
    ])
    expect(q.getByRole('checkbox', { name: 'Remember me' })).toBeInTheDocument()
    expect(q.getByText('Forgot your password?')).toHaveAttribute('aria-disabled', 'true')
    expect(q.getByRole('button', { name: 'Sign up' })).toHaveProperty('type', 'submit')
    expect(q.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login')
  })

  it('success: registers with the device token, stores the body, fires flex-signed-in, goes to /dashboard', async () => {
    const api = mockApi({ ...DEVICE, 'POST /api/register': { body } })
    const q = renderScreen(<SignupScreen />, { route: '/signup' })
    const signedIn = recordEvents(['flex-signed-in'])
    await fillAndSubmit(q)
    await waitFor(() => expect(q.nav().route.path).toBe('/dashboard'))
    const [call] = api.callsTo('POST /api/register')
    expect(call.headers.authorization).toBe('Bearer device-tok')
    expect(call.body).toEqual({ name: 'Grace Hopper', email: 'grace@example.com', password: 'cobol-1959' })
    expect(localStorage.getItem('accessData')).toBe(JSON.stringify(body))
    expect(signedIn.events).toHaveLength(1)
    expect(api.callsTo('POST /api/device')).toHaveLength(1)
  })

  it('a body without an access token is a failure, not a sign-in', async () => {
    mockApi({ ...DEVICE, 'POST /api/register': offContract({ body: { ok: true } }) })
    const q = renderScreen(<SignupScreen />)
    await fillAndSubmit(q)
    expect((await q.findByRole('alert')).textContent).toMatch(/could not be read/)
    expect(localStorage.getItem('accessData')).toBeNull()
  })

  it('a banner from a failed try goes away on the next try', async () => {
    let n = 0
    mockApi({ ...DEVICE, 'POST /api/register': () => (++n === 1 ? json({ message: 'Sign-ups are paused.' }, 400) : json(body)) })
    const q = renderScreen(<SignupScreen />)
    await fillAndSubmit(q)
    await q.findByRole('alert')
    await userEvent.setup().click(q.getByRole('button', { name: 'Sign up' }))
    await waitFor(() => expect(q.nav().route.path).toBe('/dashboard'))
    expect(q.queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe('one device registration per page', () => {
  it('<flex-login> and <flex-signup> together register the device once', async () => {
    const api = mockApi(DEVICE)
    const login = mountElement('flex-login', { router: 'memory' })
    const signup = mountElement('flex-signup', { router: 'memory' })
    await shadow(login).findByRole('heading', { name: 'Log in to your account' })
    await shadow(signup).findByRole('heading', { name: 'Sign up for your account' })
    await waitFor(() => expect(api.callsTo('POST /api/device')).toHaveLength(1))
  })

  it('two <flex-signup> elements register it once, and sign-up reuses the token', async () => {
    const api = mockApi({ ...DEVICE, 'POST /api/register': { body } })
    const [a] = [mountElement('flex-signup', { router: 'memory' }), mountElement('flex-signup', { router: 'memory' })]
    const q = shadow(a)
    const user = userEvent.setup()
    await user.type(await q.findByLabelText('Name'), 'G')
    await user.type(q.getByLabelText('Email address'), 'g@example.com')
    await user.type(q.getByLabelText('Password'), 'pw')
    await user.click(q.getByRole('button', { name: 'Sign up' }))
    await q.findByText('You are signed in.')
    expect(api.callsTo('POST /api/device')).toHaveLength(1)
  })
})

describe('<flex-signup> on a page without <flex-portal>', () => {
  it('shows the signed-in state when already signed in, and the form after Sign out', async () => {
    mockApi(DEVICE)
    signInAs()
    const el = mountElement('flex-signup')
    const q = shadow(el)
    await userEvent.setup().click(await q.findByRole('button', { name: 'Sign out' }))
    expect(await q.findByRole('heading', { name: 'Sign up for your account' })).toBeInTheDocument()
  })

  it('a sign-in through another element switches it to the signed-in state at once', async () => {
    mockApi(DEVICE)
    const el = mountElement('flex-signup')
    const q = shadow(el)
    await q.findByRole('heading', { name: 'Sign up for your account' })
    signInAs()
    expect(await q.findByText('You are signed in.')).toBeInTheDocument()
  })
})
