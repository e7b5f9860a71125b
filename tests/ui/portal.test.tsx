import { act, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useNavigation } from '../../src/router/navigation'
import { store } from '../../src/store'
import { mountElement, recordEvents, resetStore, shadow, signInAs } from './helpers'
import { mockApi } from './helpers/api-mock'

// The dashboard and project screens belong to their own issue: stand-ins here
// keep these tests about routing, whatever those screens grow into.
vi.mock('../../src/elements/projects/ProjectsScreen', () => ({
  ProjectsScreen: () => <h2>Dashboard stand-in</h2>,
}))
vi.mock('../../src/elements/project-detail/ProjectDetailScreen', () => ({
  ProjectDetailScreen: function ProjectStandIn() {
    const { route } = useNavigation()
    return <h2>Project stand-in {route.query.get('projectid')}</h2>
  },
}))

const DEVICE = { 'POST /api/device': { body: { accessToken: 'device-tok' } } }
const setHash = (hash: string) => window.history.replaceState(null, '', hash ? hash : window.location.pathname)

beforeEach(() => {
  resetStore()
  setHash('')
  mockApi({ ...DEVICE, 'POST /api/auth/authenticate': { body: { accessToken: 'acc-1' } } })
})
afterEach(() => {
  vi.unstubAllGlobals()
  setHash('')
})

function portalAt(hash: string, attributes: Record<string, string> = {}) {
  setHash(hash)
  const el = mountElement('flex-portal', attributes)
  return { el, q: shadow(el) }
}

const heading = (q: ReturnType<typeof shadow>) => q.findByRole('heading')

describe('<flex-portal> in hash mode', () => {
  it.each([
    ['', 'Log in to your account', ''],
    ['#/', 'Log in to your account', '#/'],
    ['#/login', 'Log in to your account', '#/login'],
    ['#/signup', 'Sign up for your account', '#/signup'],
    ['#/dashboard', 'Log in to your account', '#/login'],
    ['#/dashboard/anything', 'Log in to your account', '#/login'],
    ['#/projects?projectid=7', 'Log in to your account', '#/login'],
    ['#/unknown', 'Log in to your account', '#/'],
  ])('signed out, %s shows %s at %s', async (hash, title, finalHash) => {
    const { q } = portalAt(hash)
    expect((await heading(q)).textContent).toBe(title)
    await waitFor(() => expect(window.location.hash).toBe(finalHash))
  })

  it.each([
    ['#/dashboard', 'Dashboard stand-in'],
    ['#/dashboard/sub/path', 'Dashboard stand-in'],
    ['#/projects?projectid=7', 'Project stand-in 7'],
    ['#/projects/x?projectid=8', 'Project stand-in 8'],
  ])('signed in, %s shows %s', async (hash, title) => {
    signInAs()
    const { q } = portalAt(hash)
    expect((await heading(q)).textContent).toBe(title)
    expect(window.location.hash).toBe(hash)
  })

  it('a guard redirect replaces the history entry, so Back does not bounce', async () => {
    const before = window.history.length
    const { q } = portalAt('#/dashboard')
    await q.findByRole('heading', { name: 'Log in to your account' })
    await waitFor(() => expect(window.location.hash).toBe('#/login'))
    expect(window.history.length).toBe(before)
  })

  it('the guard fires flex-navigate for its redirect', async () => {
    const nav = recordEvents(['flex-navigate'])
    portalAt('#/dashboard')
    await waitFor(() => expect(nav.events.map((e) => e.detail)).toEqual([{ to: '/login' }]))
  })

  it('logging in goes to the dashboard', async () => {
    const { el, q } = portalAt('#/login')
    const signedIn = recordEvents(['flex-signed-in'])
    const user = userEvent.setup()
    await user.type(await q.findByLabelText('Email address'), 'ada@example.com')
    await user.type(q.getByLabelText('Password'), 'pw')
    await user.click(q.getByRole('button', { name: 'Log in' }))
    expect(await q.findByRole('heading', { name: 'Dashboard stand-in' })).toBeInTheDocument()
    expect(window.location.hash).toBe('#/dashboard')
    expect(signedIn.events[0].target).toBe(el)
  })

  it('signing out elsewhere while on a guarded route sends the user to /login', async () => {
    signInAs()
    const { q } = portalAt('#/projects?projectid=7')
    await q.findByRole('heading', { name: 'Project stand-in 7' })
    act(() => store.getState().signOut('expired'))
    expect(await q.findByRole('heading', { name: 'Log in to your account' })).toBeInTheDocument()
    await waitFor(() => expect(window.location.hash).toBe('#/login'))
    expect(q.getByRole('status').textContent).toBe('Your session has expired. Please log in again.')
  })

  it('a sign-out in another tab does the same', async () => {
    signInAs()
    const { q } = portalAt('#/dashboard')
    await q.findByRole('heading', { name: 'Dashboard stand-in' })
    act(() => {
      localStorage.removeItem('accessData')
      window.dispatchEvent(new StorageEvent('storage', { key: 'accessData', newValue: null }))
    })
    expect(await q.findByRole('heading', { name: 'Log in to your account' })).toBeInTheDocument()
  })

  // The browser refuses a line break or a non-Latin-1 character in a header, and the server a 20,000-character one
  // (431): such a token would fail every call with "Can't reach the server" or a status, and never end the session.
  it.each([
    ['a line break', 'abc\ndef'],
    ['an emoji', 'abc😀'],
    ['20,000 characters', 'a'.repeat(20_000)],
  ])('a stored token with %s, which no request can carry, brings back the log-in screen', async (_, accessToken) => {
    signInAs()
    const { q } = portalAt('#/dashboard')
    await q.findByRole('heading', { name: 'Dashboard stand-in' })
    act(() => {
      localStorage.setItem('accessData', JSON.stringify({ accessToken }))
      window.dispatchEvent(new StorageEvent('storage', { key: 'accessData', newValue: JSON.stringify({ accessToken }) }))
    })
    expect(await q.findByRole('heading', { name: 'Log in to your account' })).toBeInTheDocument()
  })

  it('the guard reads a key the host page changed itself, at the next hash change', async () => {
    signInAs()
    const { q } = portalAt('#/dashboard')
    await q.findByRole('heading', { name: 'Dashboard stand-in' })
    localStorage.removeItem('accessData')
    window.location.hash = '#/projects?projectid=1'
    expect(await q.findByRole('heading', { name: 'Log in to your account' })).toBeInTheDocument()
    await waitFor(() => expect(window.location.hash).toBe('#/login'))
    localStorage.setItem('accessData', JSON.stringify({ accessToken: 'written-by-host' }))
    window.location.hash = '#/dashboard'
    expect(await q.findByRole('heading', { name: 'Dashboard stand-in' })).toBeInTheDocument()
  })

  it.each(['', '#/', '#/login', '#/signup'])('a signed-in user opening %s goes to the dashboard, replacing the entry', async (hash) => {
    signInAs()
    const length = window.history.length
    const { q } = portalAt(hash)
    expect((await heading(q)).textContent).toBe('Dashboard stand-in')
    await waitFor(() => expect(window.location.hash).toBe('#/dashboard'))
    expect(q.queryByLabelText('Email address')).not.toBeInTheDocument()
    expect(window.history.length).toBe(length)
  })

  it('the links between the two screens, then Back and Forward', async () => {
    const { q } = portalAt('#/login')
    const user = userEvent.setup()
    await user.click(await q.findByRole('link', { name: 'Sign up' }))
    expect(await q.findByRole('heading', { name: 'Sign up for your account' })).toBeInTheDocument()
    expect(window.location.hash).toBe('#/signup')
    window.history.back()
    expect(await q.findByRole('heading', { name: 'Log in to your account' })).toBeInTheDocument()
    window.history.forward()
    expect(await q.findByRole('heading', { name: 'Sign up for your account' })).toBeInTheDocument()
  })

  it('after a screen change focus lands on the new heading, unless the host page holds it', async () => {
    const { el, q } = portalAt('#/login')
    await userEvent.setup().click(await q.findByRole('link', { name: 'Sign up' }))
    const signupHeading = await q.findByRole('heading', { name: 'Sign up for your account' })
    await waitFor(() => expect(el.shadowRoot!.activeElement).toBe(signupHeading))

    const hostInput = document.body.appendChild(document.createElement('input'))
    hostInput.focus()
    window.location.hash = '#/login'
    await q.findByRole('heading', { name: 'Log in to your account' })
    expect(document.activeElement).toBe(hostInput)
  })

  it('follows a hash the host page sets', async () => {
    const { q } = portalAt('#/login')
    await q.findByRole('heading', { name: 'Log in to your account' })
    window.location.hash = '#/signup'
    expect(await q.findByRole('heading', { name: 'Sign up for your account' })).toBeInTheDocument()
  })

  it.each(['#/dashboard', '#/my-own-anchor'])(
    'a host cancelling the redirect of %s (a guard, an unknown route) still gets the log-in, its address untouched',
    async (hash) => {
      const listener = (e: Event) => e.preventDefault()
      document.addEventListener('flex-navigate', listener)
      try {
        const { q } = portalAt(hash)
        expect(await q.findByRole('heading', { name: 'Log in to your account' })).toBeInTheDocument()
        expect(window.location.hash).toBe(hash)
      } finally {
        document.removeEventListener('flex-navigate', listener)
      }
    },
  )

  it('a host cancelling flex-navigate keeps the screen', async () => {
    const { el, q } = portalAt('#/login')
    el.addEventListener('flex-navigate', (e) => e.preventDefault())
    await userEvent.setup().click(await q.findByRole('link', { name: 'Sign up' }))
    expect(q.getByRole('heading').textContent).toBe('Log in to your account')
    expect(window.location.hash).toBe('#/login')
  })
})

describe('<flex-portal router="memory">', () => {
  it('starts at the log-in screen, routes and guards without touching the hash', async () => {
    setHash('#/host-section')
    const el = mountElement('flex-portal', { router: 'memory' })
    const q = shadow(el)
    const user = userEvent.setup()
    await user.click(await q.findByRole('link', { name: 'Sign up' }))
    expect(await q.findByRole('heading', { name: 'Sign up for your account' })).toBeInTheDocument()
    await user.click(q.getByRole('link', { name: 'Log in' }))
    await user.type(await q.findByLabelText('Email address'), 'ada@example.com')
    await user.type(q.getByLabelText('Password'), 'pw')
    await user.click(q.getByRole('button', { name: 'Log in' }))
    expect(await q.findByRole('heading', { name: 'Dashboard stand-in' })).toBeInTheDocument()
    act(() => store.getState().signOut())
    expect(await q.findByRole('heading', { name: 'Log in to your account' })).toBeInTheDocument()
    expect(window.location.hash).toBe('#/host-section')
  })

  it('a signed-in user starts on the dashboard', async () => {
    signInAs()
    const q = shadow(mountElement('flex-portal', { router: 'memory' }))
    expect((await heading(q)).textContent).toBe('Dashboard stand-in')
  })
})
