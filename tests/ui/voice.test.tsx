/**
 * The designer's pass (issue 39), as a user meets it: where the user menu's
 * "Settings" leads on each kind of server, what the log-in screen says after a
 * session ended, the one voice of the dialogs that show something once, and
 * navigation that says where the reader is.
 */
import { waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LoginScreen } from '../../src/components/auth/LoginScreen'
import { AppFrame } from '../../src/components/frame/AppFrame'
import { SignedOutNotice } from '../../src/components/SignedOutNotice'
import { NewKeyDialog } from '../../src/elements/project-detail/NewKeyDialog'
import { ProfileScreen } from '../../src/elements/profile/ProfileScreen'
import { ApiInformationDialog } from '../../src/elements/projects/ApiInformationDialog'
import { store } from '../../src/store'
import { signOut } from '../../src/store/session'
import { mountElement, recordEvents, renderScreen, resetStore, shadow, signInAs } from './helpers'
import { mockApi } from './helpers/api-mock'
import { projects, renderDashboard } from './helpers/dashboard'
import { PROFILE } from './helpers/fixtures'

const ACCOUNTS = { 'GET /api/capabilities': { body: { features: ['accounts', 'mail'] } } }

beforeEach(resetStore)
afterEach(() => {
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

async function openPortalMenu() {
  const portal = mountElement('flex-portal', { router: 'memory' })
  const q = shadow(portal)
  const user = userEvent.setup()
  await user.click(await q.findByRole('button', { name: 'User menu' }))
  return { portal, q, user }
}

describe('where "Settings" in the user menu leads', () => {
  it('to settings-url when the host gives one', async () => {
    signInAs()
    mockApi({ ...ACCOUNTS, 'GET /api/manage/dapp/owner': { body: projects(1) } })
    const { q } = renderDashboard({ urls: { settings: 'https://example.com/settings' } })
    await userEvent.setup().click(q.getByRole('button', { name: 'User menu' }))
    expect(q.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', 'https://example.com/settings')
  })

  it("on a server with accounts, to the account's security settings, while Your Profile keeps name and e-mail", async () => {
    signInAs({ accessToken: 'acc-s', user: { id: 'usr_1', name: 'Ada Lovelace' } })
    mockApi({ ...ACCOUNTS, 'GET /api/manage/dapp/owner': { body: projects(1) }, 'GET /api/me': { body: PROFILE } })
    const { q, user } = await openPortalMenu()
    await waitFor(() => expect(q.getByRole('menuitem', { name: 'Settings' })).not.toHaveAttribute('aria-disabled'))
    await user.click(q.getByRole('menuitem', { name: 'Settings' }))
    expect(await q.findByRole('heading', { level: 2, name: 'Settings' })).toBeInTheDocument()
    expect(q.getByRole('button', { name: 'Change password' })).toBeInTheDocument()
    expect(q.getByRole('button', { name: 'Sign out everywhere' })).toBeInTheDocument()
    expect(q.getByRole('button', { name: 'Delete account' })).toBeInTheDocument()
    expect(q.queryByLabelText('Name')).not.toBeInTheDocument()

    await user.click(q.getByRole('button', { name: 'User menu' }))
    await user.click(q.getByRole('menuitem', { name: 'Your Profile' }))
    expect(await q.findByRole('heading', { level: 2, name: 'Your Profile' })).toBeInTheDocument()
    expect(q.getByLabelText('Name')).toHaveValue('Ada Lovelace')
    expect(q.getByText('ada@example.com')).toBeInTheDocument()
    expect(q.queryByRole('button', { name: 'Change password' })).not.toBeInTheDocument()
  })

  it('nowhere against a spec-only server: inert, as the spec has it', async () => {
    signInAs()
    const api = mockApi({ 'GET /api/manage/dapp/owner': { body: projects(1) } })
    const { q, user } = await openPortalMenu()
    await waitFor(() => expect(api.callsTo('GET /api/capabilities')).toHaveLength(1))
    const settings = q.getByRole('menuitem', { name: 'Settings' })
    expect(settings).toHaveAttribute('aria-disabled', 'true')
    await user.click(settings)
    expect(q.getByRole('menu')).toBeInTheDocument()
    expect(q.queryByRole('heading', { name: 'Settings' })).not.toBeInTheDocument()
  })
})

describe('the log-in screen says why the session ended', () => {
  const host = () => document.body.appendChild(document.createElement('div'))
  const cases = [
    ['expired', 'Your session has expired. Please log in again.'],
    ['everywhere', 'You are signed out on every device.'],
    ['deleted', 'Your account has been deleted.'],
  ] as const

  for (const [reason, sentence] of cases) {
    it(`after a sign-out for "${reason}": "${sentence}"`, () => {
      signInAs({ accessToken: 'secret-token-1' })
      signOut(host(), '/api', reason)
      const q = renderScreen(<LoginScreen inPortal />, { route: '/login' })
      expect(q.getByRole('status')).toHaveTextContent(sentence)
      // Only a reason code is kept: no token anywhere it could outlive the session.
      expect(JSON.stringify(store.getState())).not.toContain('secret-token-1')
      expect(JSON.stringify({ ...localStorage })).not.toContain('secret-token-1')
    })
  }

  it('says nothing after a plain "Sign out"', () => {
    signInAs()
    signOut(host(), '/api', 'user')
    const q = renderScreen(<LoginScreen inPortal />, { route: '/login' })
    expect(q.queryByRole('status')).not.toBeInTheDocument()
  })

  it('an element that waits for a log-in elsewhere says it too', () => {
    signInAs()
    signOut(host(), '/api', 'everywhere')
    const q = renderScreen(<SignedOutNotice />)
    expect(q.getByRole('status')).toHaveTextContent('You are signed out on every device.')
  })

  it('"Sign out everywhere" asks first, then leads to the log-in screen that says so, and tells the host page it was the user', async () => {
    signInAs({ accessToken: 'acc-e' })
    const api = mockApi({ 'GET /api/me': { body: PROFILE }, 'POST /api/auth/logout-all': { status: 204 } })
    const recorded = recordEvents(['flex-signed-out'])
    const r = renderScreen(<ProfileScreen view="settings" />, { route: '/settings' })
    const user = userEvent.setup()
    await user.click(await r.findByRole('button', { name: 'Sign out everywhere' }))
    // Nothing happens until the reader confirms in a dialog that says what it does; Cancel changes nothing.
    const inRoot = within(r.root as unknown as HTMLElement)
    let ask = await inRoot.findByRole('dialog', { name: 'Sign out everywhere?' })
    expect(ask).toHaveTextContent('You will need to log in again everywhere, here too.')
    expect(api.callsTo('POST /api/auth/logout-all')).toHaveLength(0)
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }))
    expect(inRoot.queryByRole('dialog')).not.toBeInTheDocument()
    expect(api.callsTo('POST /api/auth/logout-all')).toHaveLength(0)
    await user.click(r.getByRole('button', { name: 'Sign out everywhere' }))
    ask = await inRoot.findByRole('dialog', { name: 'Sign out everywhere?' })
    await user.click(within(ask).getByRole('button', { name: 'Sign out everywhere' }))
    await waitFor(() => expect(r.nav().route.path).toBe('/'))
    expect(recorded.events.map((e) => e.detail)).toEqual([{ reason: 'user' }])
    const q = renderScreen(<LoginScreen inPortal />, { route: '/login' })
    expect(q.getByRole('status')).toHaveTextContent('You are signed out on every device.')
  })

  it('the next sign-in forgets the reason', () => {
    signInAs()
    signOut(host(), '/api', 'deleted')
    signInAs()
    expect(store.getState().signOutReason).toBeNull()
  })
})

describe('the dialogs that show something once speak alike', () => {
  it('API Information warns about the key and the webhook secret, and closes by Exit only', () => {
    const q = renderScreen(
      <ApiInformationDialog
        project={{ id: 'prj_1', name: 'P', description: '', createDate: '', status: 'active', apiKey: { api_1: 'key_1' }, webhookSecret: 'whsec_1' }}
        onClose={() => undefined}
      />,
    )
    const dialog = within(q.root as unknown as HTMLElement).getByRole('dialog', { name: 'API Information' })
    expect(dialog).toHaveTextContent('Copy the API key. This is the only time you will be able to see it! The same goes for the webhook secret.')
    expect(within(dialog).getAllByRole('button', { name: 'Exit' })).toHaveLength(1)
  })

  it('New API Information shows the Project ID its sentence asks to copy', () => {
    const q = renderScreen(<NewKeyDialog projectId="prj_42" keys={{ api_9: 'key_9' }} onClose={() => undefined} />)
    const dialog = within(q.root as unknown as HTMLElement).getByRole('dialog', { name: 'New API Information' })
    expect(dialog).toHaveTextContent('Copy the Project ID and API key. This is your new API pairing!')
    expect(within(dialog).getByRole('button', { name: /Project ID.*prj_42/ })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Exit' })).toBeInTheDocument()
  })
})

describe('navigation says where the reader is', () => {
  const sidebar = (q: ReturnType<typeof shadow>) => q.getAllByRole('navigation', { name: 'Sidebar' })[0]

  it('Projects is not marked current on the profile', () => {
    signInAs()
    mockApi(ACCOUNTS)
    const r = renderScreen(<AppFrame>profile</AppFrame>, { route: '/profile' })
    const projectsLink = within(sidebar(shadow(r.host))).getByRole('link', { name: 'Flex Projects' })
    expect(projectsLink).not.toHaveAttribute('aria-current')
  })

  it('the documentation links open a new tab with rel="noopener", marked by an external-link icon', () => {
    signInAs()
    mockApi({ 'GET /api/manage/dapp/owner': { body: projects(1) } })
    const { q } = renderDashboard({ urls: { docs: 'https://docs.example.com/', quickstart: 'https://docs.example.com/start' } })
    for (const name of [/Quickstart Guide/, /API Documentation/]) {
      const link = within(sidebar(q)).getByRole('link', { name })
      expect(link).toHaveAttribute('target', '_blank')
      expect(link.getAttribute('rel')).toMatch(/\bnoopener\b/)
      expect(link.querySelector('svg path')?.getAttribute('d')).toMatch(/^M14 4h6v6/)
    }
  })

  it('the header names the screen beside the avatar', () => {
    signInAs()
    mockApi(ACCOUNTS)
    const settings = renderScreen(<AppFrame>x</AppFrame>, { route: '/settings' })
    expect(within(settings.container.querySelector('header')!).getByText('Settings')).toBeInTheDocument()
    const dashboard = renderScreen(<AppFrame>x</AppFrame>, { route: '/dashboard', productName: 'Acme' })
    expect(within(dashboard.container.querySelector('header')!).getByText('Acme Projects')).toBeInTheDocument()
  })
})
