/**
 * What the log-in and sign-up forms do alike, once for each: both are the
 * one AuthForm (components/auth/AuthForm.tsx), so each behaviour is one test
 * run against both screens. What only one of them does is in
 * login.test.tsx and signup.test.tsx.
 */
import { fireEvent, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LoginScreen } from '../../src/components/auth/LoginScreen'
import { SignupScreen } from '../../src/components/auth/SignupScreen'
import { store } from '../../src/store'
import { recordEvents, renderScreen, resetStore } from './helpers'
import { deferred, json, mockApi } from './helpers/api-mock'

const DEVICE = { 'POST /api/device': { body: { accessToken: 'device-tok' } } }

interface AuthForm {
  name: string
  screen: ReactElement
  route: string
  call: string
  /** The fields in order, with what the user types. */
  input: [label: string, value: string][]
  submit: string
  pendingLabel: string
  refusal: { status: number; message: string }
}

const FORMS: AuthForm[] = [
  {
    name: 'log-in',
    screen: <LoginScreen />,
    route: '/login',
    call: 'POST /api/auth/authenticate',
    input: [
      ['Email address', 'ada@example.com'],
      ['Password', 'wrong horse'],
    ],
    submit: 'Log in',
    pendingLabel: 'Logging in…',
    refusal: { status: 401, message: 'Invalid email or password.' },
  },
  {
    name: 'sign-up',
    screen: <SignupScreen />,
    route: '/signup',
    call: 'POST /api/register',
    input: [
      ['Name', 'Grace Hopper'],
      ['Email address', 'grace@example.com'],
      ['Password', 'cobol-1959'],
    ],
    submit: 'Sign up',
    pendingLabel: 'Signing up…',
    refusal: { status: 409, message: 'An account with this email already exists.' },
  },
]

beforeEach(resetStore)
afterEach(() => vi.unstubAllGlobals())

async function fillAndSubmit(q: ReturnType<typeof renderScreen>, form: AuthForm) {
  const user = userEvent.setup()
  for (const [label, value] of form.input) await user.type(q.getByLabelText(label), value)
  await user.click(q.getByRole('button', { name: form.submit }))
}

describe.each(FORMS)('the $name form', (form) => {
  it('pending: the button reads as disabled and busy, keeps focus, and a second submit sends nothing', async () => {
    const reply = deferred<Response>()
    const api = mockApi({ ...DEVICE, [form.call]: () => reply.promise })
    const q = renderScreen(form.screen, { route: form.route })
    await fillAndSubmit(q, form)
    const button = await q.findByRole('button', { name: form.pendingLabel })
    expect(button).toHaveAttribute('aria-disabled', 'true')
    expect(button).toHaveAttribute('aria-busy', 'true')
    // Not `disabled`: a browser takes focus from a disabled control (happy-dom does not), and a failed call
    // then left the reader on the page's body.
    expect(button).toBeEnabled()
    expect(q.root.activeElement).toBe(button)
    // Pressed again by mouse and by keyboard, Enter in a field, and a submit from elsewhere.
    const user = userEvent.setup()
    await user.click(button)
    await user.keyboard('{Enter}')
    await user.type(q.getByLabelText('Password'), '{Enter}')
    fireEvent.submit(button.closest('form')!)
    reply.resolve(json({ accessToken: 'acc-1' }))
    await waitFor(() => expect(q.nav().route.path).toBe('/dashboard'))
    expect(api.callsTo(form.call)).toHaveLength(1)
  })

  it("failure: the red banner shows the server's message; nothing stored or announced, input kept, the button usable again", async () => {
    mockApi({ ...DEVICE, [form.call]: { status: form.refusal.status, body: { message: form.refusal.message } } })
    const q = renderScreen(form.screen, { route: form.route })
    const signedIn = recordEvents(['flex-signed-in'])
    await fillAndSubmit(q, form)
    const alert = await q.findByRole('alert')
    expect(alert).toHaveTextContent(form.refusal.message)
    expect(alert.querySelector('svg')).toBeInTheDocument()
    expect(localStorage.getItem('accessData')).toBeNull()
    expect(store.getState().accessData).toBeNull()
    expect(signedIn.events).toHaveLength(0)
    expect(q.nav().route.path).toBe(form.route)
    expect(form.input.map(([label]) => (q.getByLabelText(label) as HTMLInputElement).value)).toEqual(form.input.map(([, value]) => value))
    expect(q.getByRole('button', { name: form.submit })).toBeEnabled()
    // The button pressed keeps focus through its call: a keyboard user is where they were, not on the page's body.
    expect(q.root.activeElement).toBe(q.getByRole('button', { name: form.submit }))
  })
})
