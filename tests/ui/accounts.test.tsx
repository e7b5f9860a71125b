/**
 * The account screens as components: 'Forgot your password?' against servers
 * with and without the accounts feature, the reset flow's steps, the profile
 * and the unverified-address reminder.
 */
import { fireEvent, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LoginScreen } from '../../src/components/auth/LoginScreen'
import { AppFrame } from '../../src/components/frame/AppFrame'
import { whatGoes } from '../../src/elements/profile/DeleteAccountSection'
import { ProfileScreen } from '../../src/elements/profile/ProfileScreen'
import { store } from '../../src/store'
import { mountElement, recordEvents, renderScreen, resetStore, shadow, signInAs } from './helpers'
import { json, mockApi, offContract, type Reply } from './helpers/api-mock'
import { PROFILE as VERIFIED_PROFILE } from './helpers/fixtures'

const DEVICE = { 'POST /api/device': { body: { accessToken: 'device-tok' } } }
const ACCOUNTS = { 'GET /api/capabilities': { body: { features: ['accounts', 'mail'] } } }
const PROFILE = { ...VERIFIED_PROFILE, emailVerified: false }

beforeEach(resetStore)
afterEach(() => vi.unstubAllGlobals())

describe("'Forgot your password?'", () => {
  it('stays inert against a server without the accounts feature', async () => {
    const api = mockApi(DEVICE)
    const q = renderScreen(<LoginScreen />)
    await waitFor(() => expect(api.callsTo('GET /api/capabilities')).toHaveLength(1))
    const forgot = q.getByText('Forgot your password?')
    expect(forgot).toHaveAttribute('aria-disabled', 'true')
    expect(q.queryByRole('button', { name: 'Forgot your password?' })).not.toBeInTheDocument()
  })

  it('follows forgot-password-url even when the server has accounts', async () => {
    const api = mockApi({ ...DEVICE, ...ACCOUNTS })
    const q = renderScreen(<LoginScreen />, { urls: { forgotPassword: 'https://example.com/reset' } })
    await waitFor(() => expect(api.callsTo('POST /api/device')).toHaveLength(1))
    expect(api.callsTo('GET /api/capabilities')).toHaveLength(0)
    expect(q.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', 'https://example.com/reset')
    // The host's address needs no question to the server.
  })

  /** The reset flow at its code step, the forgot call answered by `forgot`. */
  async function atCodeStep(forgot: Reply, lang?: string) {
    mockApi({ ...DEVICE, ...ACCOUNTS, 'POST /api/auth/password/forgot': forgot })
    const el = mountElement('flex-login', lang ? { lang } : {})
    const q = shadow(el)
    const user = userEvent.setup()
    await user.click(await q.findByRole('button', { name: lang ? 'Passwort vergessen?' : 'Forgot your password?' }))
    await user.type(await q.findByLabelText(lang ? 'E-Mail-Adresse' : 'Email address'), 'ada@example.com')
    await user.click(q.getByRole('button', { name: lang ? 'Code senden' : 'Send code' }))
    await q.findByRole('heading', { name: lang ? 'Prüfen Sie Ihre E-Mails' : 'Check your e-mail' })
    return { q, user }
  }

  it('says how long the code works as the server answered, in the reader’s language, again after a new code', async () => {
    const minutes = [2, 1]
    const { q, user } = await atCodeStep(() => json({ message: 'ok', codeMinutes: minutes.shift() }, 202))
    expect(q.getByText(/we sent it a 10-digit code/)).toHaveTextContent('ada@example.com, we sent it a 10-digit code. It works for 2 minutes. Check')
    await user.click(q.getByRole('button', { name: 'Send a new code' }))
    await waitFor(() => expect(q.getByText(/we sent it a 10-digit code/)).toHaveTextContent('It works for 1 minute. Check'))
  })

  it('keeps the address whole at the code step: the next line takes it, a break inside only when it is longer than one', async () => {
    const { q } = await atCodeStep(() => json({ message: 'ok', codeMinutes: 15 }, 202))
    // Chromium, at 375 px: "ada-416d781c@example.com" went "ada-416d781c@e / xample.com" with break-all alone.
    expect(q.getByText('ada@example.com')).toHaveClass('inline-block', 'break-all')
  })

  it('in German too, and promises no lifetime when the answer does not say one', async () => {
    const { q } = await atCodeStep({ status: 202, body: { message: 'ok', codeMinutes: 1440 } }, 'de')
    expect(q.getByText(/10-stelligen Code/)).toHaveTextContent('Er ist 1.440 Minuten lang gültig.')
    document.body.replaceChildren()
    resetStore()
    const { q: old } = await atCodeStep(offContract({ status: 202, body: { message: 'ok' } }))
    expect(old.getByText(/we sent it a 10-digit code/)).toHaveTextContent('ada@example.com, we sent it a 10-digit code. Check your spam folder')
  })

  it('walks e-mail, code and new password inside the element, then signs in', async () => {
    const api = mockApi({
      ...DEVICE,
      ...ACCOUNTS,
      'POST /api/auth/password/forgot': { status: 202, body: { message: 'ok', codeMinutes: 15 } },
      'POST /api/auth/password/reset': (call) =>
        (call.body as { code: string }).code === '1234567890'
          ? json({
              accessToken: 'acc-new',
              tokenType: 'Bearer',
              expiresAt: '2030-01-01T00:00:00.000Z',
              user: { id: 'usr_1', name: 'Ada', email: 'ada@example.com' },
            })
          : // Known by its code: a server may word it otherwise (or in another language).
            json({ message: 'Wrong or no longer valid.', code: 'CODE_REFUSED' }, 400),
    })
    const recorded = recordEvents(['flex-password-reset', 'flex-signed-in'])
    const q = renderScreen(<LoginScreen inPortal />, { route: '/login' })
    const user = userEvent.setup()
    await user.type(q.getByLabelText('Email address'), 'ada@example.com')
    await user.click(await q.findByRole('button', { name: 'Forgot your password?' }))

    // The address typed on the log-in form comes along.
    expect(await q.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument()
    expect(q.getByLabelText('Email address')).toHaveValue('ada@example.com')
    expect(api.callsTo('GET /api/capabilities')).toHaveLength(1)
    await user.click(q.getByRole('button', { name: 'Send code' }))
    expect(await q.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument()
    expect(api.callsTo('POST /api/auth/password/forgot')[0].body).toEqual({ email: 'ada@example.com' })

    await user.click(q.getByRole('button', { name: 'Send a new code' }))
    expect(await q.findByText('We sent a new code. Only the newest code works.')).toBeInTheDocument()
    expect(api.callsTo('POST /api/auth/password/forgot')).toHaveLength(2)

    await user.type(q.getByLabelText('Code'), '12')
    await user.click(q.getByRole('button', { name: 'Continue' }))
    expect(q.getByLabelText('Code')).toHaveAccessibleDescription('Enter the 10-digit code from the e-mail.')
    await user.type(q.getByLabelText('Code'), '{Backspace}{Backspace}00000 00000')
    await user.click(q.getByRole('button', { name: 'Continue' }))

    expect(await q.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument()
    expect(q.getByLabelText('New password')).toHaveAccessibleDescription(/At least 8 characters/)
    await user.type(q.getByLabelText('New password'), 'a brand new phrase')
    await user.type(q.getByLabelText('Repeat the new password'), 'a different phrase')
    await user.click(q.getByRole('button', { name: 'Save password and log in' }))
    expect(q.getByLabelText('Repeat the new password')).toHaveAccessibleDescription('The two passwords do not match.')
    await user.type(q.getByLabelText('Repeat the new password'), 'a brand new phrase', { initialSelectionStart: 0, initialSelectionEnd: 100 })
    await user.click(q.getByRole('button', { name: 'Save password and log in' }))

    // The server refused the code: back to the code step with its message.
    expect(await q.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument()
    expect(q.getByLabelText('Code')).toHaveAccessibleDescription('Wrong or no longer valid.')
    await user.type(q.getByLabelText('Code'), '1234567890')
    await user.click(q.getByRole('button', { name: 'Continue' }))
    await user.type(q.getByLabelText('New password'), 'a brand new phrase')
    await user.type(q.getByLabelText('Repeat the new password'), 'a brand new phrase')
    await user.click(q.getByRole('button', { name: 'Save password and log in' }))

    await waitFor(() => expect(store.getState().accessData?.accessToken).toBe('acc-new'))
    expect(q.nav().route.path).toBe('/dashboard')
    expect(recorded.events.map((e) => [e.type, e.detail])).toEqual([
      ['flex-password-reset', { userId: 'usr_1' }],
      ['flex-signed-in', {}],
    ])
    expect(api.callsTo('POST /api/auth/password/reset').at(-1)!.body).toEqual({ email: 'ada@example.com', code: '1234567890', password: 'a brand new phrase' })
  })

  it('puts focus on each step’s heading, whatever heading-level makes it', async () => {
    mockApi({ ...DEVICE, ...ACCOUNTS, 'POST /api/auth/password/forgot': { status: 202, body: { message: 'ok', codeMinutes: 15 } } })
    const q = renderScreen(<LoginScreen inPortal />, { route: '/login', headingLevel: 1 })
    const user = userEvent.setup()
    const focusedHeading = async (name: string) => {
      const heading = await q.findByRole('heading', { name, level: 1 })
      await waitFor(() => expect(q.root.activeElement).toBe(heading))
    }
    await user.click(await q.findByRole('button', { name: 'Forgot your password?' }))
    await focusedHeading('Reset your password')
    await user.type(q.getByLabelText('Email address'), 'ada@example.com')
    await user.click(q.getByRole('button', { name: 'Send code' }))
    await focusedHeading('Check your e-mail')
    await user.type(q.getByLabelText('Code'), '1234567890')
    await user.click(q.getByRole('button', { name: 'Continue' }))
    await focusedHeading('Choose a new password')
  })

  it("'Back to log in' returns to the form, with the address as the reset form had it", async () => {
    mockApi({ ...DEVICE, ...ACCOUNTS })
    const q = renderScreen(<LoginScreen />)
    const user = userEvent.setup()
    await user.type(q.getByLabelText('Email address'), 'ada@example.co')
    await user.click(await q.findByRole('button', { name: 'Forgot your password?' }))
    // The reader corrects it there, then remembers the password after all.
    await user.type(await q.findByLabelText('Email address'), 'm')
    await user.click(await q.findByRole('button', { name: 'Back to log in' }))
    expect(q.getByRole('heading', { name: 'Log in to your account' })).toBeInTheDocument()
    expect(q.getByLabelText('Email address')).toHaveValue('ada@example.com')
  })

  it("'Back to log in' puts focus on the log-in form's heading, as the links between the screens do", async () => {
    mockApi({ ...DEVICE, ...ACCOUNTS })
    const q = renderScreen(<LoginScreen inPortal />, { route: '/login' })
    const user = userEvent.setup()
    await user.click(await q.findByRole('button', { name: 'Forgot your password?' }))
    await user.click(await q.findByRole('button', { name: 'Back to log in' }))
    expect(q.root.activeElement).toBe(q.getByRole('heading', { name: 'Log in to your account' }))
    // Back in the reset flow, its own heading has it again.
    await user.click(q.getByRole('button', { name: 'Forgot your password?' }))
    await waitFor(() => expect(q.root.activeElement).toBe(q.getByRole('heading', { name: 'Reset your password' })))
  })
})

describe('the profile screen', () => {
  it('shows the account and verifies the address with the code already mailed, a new one being the second action', async () => {
    signInAs({ accessToken: 'acc-1', user: { id: 'usr_1', name: 'Ada Lovelace' } })
    const api = mockApi({
      ...ACCOUNTS,
      'GET /api/me': { body: PROFILE },
      'POST /api/auth/email/verify/send': { status: 202, body: { message: 'A new code is on its way to ada@example.com.', codeMinutes: 15 } },
      'POST /api/auth/email/verify': (call) =>
        (call.body as { code: string }).code === '1234567890'
          ? json({ emailVerified: true })
          : json({ message: 'This code is wrong or no longer valid. Check the latest e-mail, or ask for a new code.', code: 'CODE_REFUSED' }, 400),
      'PATCH /api/me': (call) => json({ ...PROFILE, name: (call.body as { name: string }).name }),
    })
    const recorded = recordEvents(['flex-email-verified'])
    const q = renderScreen(<ProfileScreen />, { route: '/profile' })
    const user = userEvent.setup()
    expect(q.getByRole('status')).toHaveTextContent('Loading your profile…')
    expect(await q.findByRole('heading', { name: 'Your Profile' })).toBeInTheDocument()
    expect(q.getByText('Not verified')).toBeInTheDocument()
    // Security lives under Settings, not here.
    expect(q.queryByRole('button', { name: 'Change password' })).not.toBeInTheDocument()

    fireEvent.change(q.getByLabelText('Name'), { target: { value: '' } })
    await user.type(q.getByLabelText('Name'), 'Ada King')
    await user.click(q.getByRole('button', { name: 'Save name' }))
    expect(await q.findByText('Saved.')).toBeInTheDocument()
    expect((store.getState().accessData!.user as { name: string }).name).toBe('Ada King')

    // The code mailed at sign-up is typed at once: no new code is asked for first.
    expect(q.queryByRole('button', { name: 'Send code' })).not.toBeInTheDocument()
    const field = q.getByLabelText('Code from the e-mail')
    await user.type(field, '0000000000')
    await user.click(q.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(field).toHaveAccessibleDescription(/This code is wrong/))
    await user.click(q.getByRole('button', { name: 'Send a new code' }))
    expect(await q.findByText('A new code is on its way to ada@example.com.')).toBeInTheDocument()
    await user.type(field, '12345 67890', { initialSelectionStart: 0, initialSelectionEnd: 100 })
    await user.click(q.getByRole('button', { name: 'Verify' }))
    await waitFor(() => expect(api.callsTo('POST /api/auth/email/verify').at(-1)!.body).toEqual({ code: '1234567890' }))
    expect(await q.findByText('Verified')).toBeInTheDocument()
    // The field and its button went with the form: focus goes to what says the address is verified, not to the page.
    await waitFor(() => expect(q.root.activeElement).toContainElement(q.getByText('Verified')))
    expect(api.callsTo('POST /api/auth/email/verify/send')).toHaveLength(1)
    expect(recorded.events.map((e) => e.detail)).toEqual([{ userId: 'usr_1' }])
  })

  it('follows heading-level: its title at it, each section one below', async () => {
    signInAs()
    mockApi({ 'GET /api/me': { body: PROFILE } })
    const q = renderScreen(<ProfileScreen view="settings" />, { route: '/settings', headingLevel: 4 })
    await q.findByRole('heading', { level: 4, name: 'Settings' })
    const [title, ...sections] = q.getAllByRole('heading')
    expect(title.tagName).toBe('H4')
    expect(sections.length).toBeGreaterThan(1)
    expect(sections.map((h) => h.tagName)).toEqual(sections.map(() => 'H5'))
  })

  it('Settings holds the password, the sessions and what deletion removes', async () => {
    signInAs()
    mockApi({ 'GET /api/me': { body: PROFILE } })
    const q = renderScreen(<ProfileScreen view="settings" />, { route: '/settings' })
    expect(await q.findByRole('heading', { level: 2, name: 'Settings' })).toBeInTheDocument()
    expect(q.getByRole('button', { name: 'Change password' })).toBeInTheDocument()
    expect(q.getByRole('button', { name: 'Sign out everywhere' })).toBeInTheDocument()
    expect(q.getByText('Removes your account, 2 projects and 3 API keys for good. Apps that use those keys stop working at once.')).toBeInTheDocument()
    expect(q.queryByLabelText('Name')).not.toBeInTheDocument()
  })

  it('offers a retry when the profile cannot be loaded', async () => {
    signInAs()
    let fail = true
    mockApi({ 'GET /api/me': () => (fail ? json({ message: 'Internal server error' }, 500) : json(PROFILE)) })
    const q = renderScreen(<ProfileScreen />)
    const user = userEvent.setup()
    expect(await q.findByText('Your profile could not be loaded.')).toBeInTheDocument()
    fail = false
    await user.click(q.getByRole('button', { name: 'Try again' }))
    expect(await q.findByRole('heading', { name: 'Your Profile' })).toBeInTheDocument()
  })

  it('a host sign-in account has no password to change, verify or delete here', async () => {
    signInAs()
    mockApi({ 'GET /api/me': { body: { ...PROFILE, signIn: 'host', emailVerified: false } } })
    const q = renderScreen(<ProfileScreen view="settings" />)
    expect(await q.findByText(/no password to change/)).toBeInTheDocument()
    expect(q.queryByText('Not verified')).not.toBeInTheDocument()
    expect(q.queryByRole('button', { name: 'Delete account' })).not.toBeInTheDocument()
  })

  it('words what deletion removes', () => {
    expect(whatGoes({ projects: 1, keys: 1 })).toBe('your account, 1 project and 1 API key')
    expect(whatGoes({ projects: 2, keys: 0 })).toBe('your account, 2 projects and 0 API keys')
  })

  it('warns of no keys when the account has no project to lose, in the section and its confirmation', async () => {
    signInAs()
    mockApi({ 'GET /api/me': { body: { ...PROFILE, projects: 0, keys: 0 } } })
    const q = renderScreen(<ProfileScreen view="settings" />, { route: '/settings' })
    const plain = 'This deletes your account for good. It cannot be undone.'
    expect(await q.findByText(plain)).toBeInTheDocument()
    expect(q.queryByText(/keys/)).not.toBeInTheDocument()
    await userEvent.setup().click(q.getByRole('button', { name: 'Delete account' }))
    const dialog = await within(q.root as unknown as HTMLElement).findByRole('dialog', { name: 'Delete your account?' })
    expect(within(dialog).getByText(plain)).toBeInTheDocument()
    expect(dialog.textContent).not.toMatch(/keys/)
  })
})

describe('the unverified-address reminder', () => {
  it('Verify now opens the field for the code already mailed, right there, focused, and says so once verified', async () => {
    signInAs({ accessToken: 'acc-r', user: { id: 'usr_1' } })
    const api = mockApi({
      ...ACCOUNTS,
      'GET /api/me': { body: PROFILE },
      'POST /api/auth/email/verify/send': { status: 202, body: { message: 'A new code is on its way.', codeMinutes: 15 } },
      'POST /api/auth/email/verify': { body: { emailVerified: true } },
    })
    const recorded = recordEvents(['flex-email-verified'])
    const r = renderScreen(<AppFrame>content</AppFrame>, { route: '/dashboard' })
    const user = userEvent.setup()
    const reminder = await r.findByText(/not verified yet/)
    await user.click(r.getByRole('button', { name: 'Verify now' }))
    expect(r.getByRole('button', { name: 'Send a new code' })).toBeInTheDocument()
    // The button is gone: focus goes to the field, not to the page.
    await waitFor(() => expect(r.root.activeElement).toBe(r.getByLabelText('Code from the e-mail')))
    await user.keyboard('1234567890{Enter}')
    await waitFor(() => expect(reminder).not.toBeInTheDocument())
    // The field went with the reminder: focus goes to the notice that takes its place, so a screen reader says it.
    await waitFor(() => expect(r.root.activeElement).toContainElement(r.getByText('Your e-mail address is verified.')))
    expect(api.callsTo('POST /api/auth/email/verify')[0].body).toEqual({ code: '1234567890' })
    expect(api.callsTo('POST /api/auth/email/verify/send')).toHaveLength(0)
    expect(recorded.events.map((e) => e.detail)).toEqual([{ userId: 'usr_1' }])
  })

  it('"Send a new code" is the second action there, and says the new code is on its way', async () => {
    signInAs({ accessToken: 'acc-n', user: { id: 'usr_1' } })
    const api = mockApi({
      ...ACCOUNTS,
      'GET /api/me': { body: PROFILE },
      'POST /api/auth/email/verify/send': { status: 202, body: { message: 'A new code is on its way.', codeMinutes: 15 } },
    })
    const r = renderScreen(<AppFrame>content</AppFrame>, { route: '/dashboard', urls: { profile: 'https://example.com/me' } })
    const user = userEvent.setup()
    await user.click(await r.findByRole('button', { name: 'Verify now' }))
    await user.click(r.getByRole('button', { name: 'Send a new code' }))
    expect(await r.findByText('A new code is on its way.')).toBeInTheDocument()
    expect(api.callsTo('POST /api/auth/email/verify/send')).toHaveLength(1)
  })

  it('comes after the screen, so its late arrival moves nothing above it', async () => {
    signInAs({ accessToken: 'acc-p', user: { id: 'usr_1' } })
    mockApi({ ...ACCOUNTS, 'GET /api/me': { body: PROFILE } })
    const r = renderScreen(
      <AppFrame>
        <p>the screen</p>
      </AppFrame>,
      { route: '/dashboard' },
    )
    const reminder = await r.findByText(/not verified yet/)
    const screen = r.getByText('the screen')
    expect(screen.compareDocumentPosition(reminder) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it("is not shown to a host sign-in's account, which has no code to ask for", async () => {
    signInAs({ accessToken: 'acc-h', user: { id: 'usr_1' } })
    const api = mockApi({ ...ACCOUNTS, 'GET /api/me': { body: { ...PROFILE, signIn: 'host' } } })
    const r = renderScreen(
      <AppFrame>
        <p>the screen</p>
      </AppFrame>,
      { route: '/dashboard' },
    )
    await waitFor(() => expect(api.callsTo('GET /api/me')).toHaveLength(1))
    await r.findByText('the screen')
    expect(r.queryByText(/not verified yet/)).not.toBeInTheDocument()
    expect(r.queryByRole('button', { name: 'Verify now' })).not.toBeInTheDocument()
  })

  it("is not shown, nor the reset or the profile's code field, against a server that runs without mail", async () => {
    signInAs({ accessToken: 'acc-s' })
    const api = mockApi({ ...DEVICE, 'GET /api/capabilities': { body: { features: ['accounts'] } }, 'GET /api/me': { body: PROFILE } })
    const r = renderScreen(<AppFrame>content</AppFrame>, { route: '/dashboard', urls: { profile: 'https://example.com/me' } })
    await waitFor(() => expect(api.callsTo('GET /api/capabilities')).toHaveLength(1))
    expect(r.queryByText(/not verified yet/)).not.toBeInTheDocument()
    r.unmount()
    const login = renderScreen(<LoginScreen inPortal />, { route: '/login' })
    expect(await login.findByText('Forgot your password?')).toHaveAttribute('aria-disabled', 'true')
    login.unmount()
    const profile = renderScreen(<ProfileScreen />, { route: '/profile' })
    expect(await profile.findByText(PROFILE.email)).toBeInTheDocument()
    expect(profile.getByText('Not verified')).toBeInTheDocument()
    expect(profile.queryByRole('textbox', { name: /code/i })).not.toBeInTheDocument()
  })

  it('is not shown against a server without accounts', async () => {
    signInAs({ accessToken: 'acc-s' })
    const api = mockApi({ 'GET /api/me': { body: PROFILE } })
    const r = renderScreen(<AppFrame>content</AppFrame>, { route: '/dashboard', urls: { profile: 'https://example.com/me' } })
    await waitFor(() => expect(api.callsTo('GET /api/capabilities')).toHaveLength(1))
    expect(r.queryByText(/not verified yet/)).not.toBeInTheDocument()
    expect(api.callsTo('GET /api/me')).toHaveLength(0)
  })
})
