import { act, fireEvent, render, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { NavigationContext, useNavigationState, type Navigation, type RouterMode } from '../../src/router/navigation'
import { RouteLink } from '../../src/router/RouteLink'
import { matchScreen, parseRoute, projectHref, resolveRoute } from '../../src/router/routes'
import { recordEvents } from './helpers'

const clearHash = () => window.history.replaceState(null, '', window.location.pathname)

beforeEach(() => {
  clearHash()
  sessionStorage.clear()
})
afterEach(clearHash)

describe('route table and guards', () => {
  it.each([
    // path, signed out, signed in
    ['/', { screen: 'login' }, { redirect: '/dashboard' }],
    ['', { screen: 'login' }, { redirect: '/dashboard' }],
    ['/login', { screen: 'login' }, { redirect: '/dashboard' }],
    ['/signup', { screen: 'signup' }, { redirect: '/dashboard' }],
    ['/dashboard', { redirect: '/login' }, { screen: 'dashboard' }],
    ['/dashboard/settings/x', { redirect: '/login' }, { screen: 'dashboard' }],
    ['/projects?projectid=42', { redirect: '/login' }, { screen: 'project' }],
    ['/projects/anything?projectid=42', { redirect: '/login' }, { screen: 'project' }],
    ['/dashboardx', { redirect: '/' }, { redirect: '/' }],
    ['/signup/more', { redirect: '/' }, { redirect: '/' }],
    ['/nope', { redirect: '/' }, { redirect: '/' }],
    ['/login/', { redirect: '/' }, { redirect: '/' }],
  ])('%s → signed out %o, signed in %o', (path, signedOut, signedIn) => {
    expect(resolveRoute(parseRoute(path), false)).toEqual(signedOut)
    expect(resolveRoute(parseRoute(path), true)).toEqual(signedIn)
  })

  it('parses a hash with its query', () => {
    const route = parseRoute('#/projects?projectid=a%20b')
    expect([route.path, route.query.get('projectid'), route.href]).toEqual(['/projects', 'a b', '/projects?projectid=a%20b'])
    expect(parseRoute(projectHref('a b')).query.get('projectid')).toBe('a b')
  })

  it('marks exactly the dashboard and project routes as guarded', () => {
    expect(['/', '/login', '/signup', '/dashboard', '/projects'].map((p) => matchScreen(p)?.guarded)).toEqual([false, false, false, true, true])
  })
})

/** Renders useNavigationState on a host and hands back the latest Navigation. */
function mountRouter(mode: RouterMode, initial = '/') {
  const host = document.createElement('div')
  document.body.append(host)
  let nav!: Navigation
  function Probe() {
    nav = useNavigationState(host, mode, initial)
    return (
      <NavigationContext.Provider value={nav}>
        <p data-testid="route">{nav.route.href}</p>
        <RouteLink to="/signup">Sign up</RouteLink>
      </NavigationContext.Provider>
    )
  }
  const utils = render(<Probe />, { container: host })
  return { host, nav: () => nav, shown: () => utils.getByTestId('route').textContent, ...utils }
}

describe('navigation', () => {
  it('fires a bubbling, composed, cancelable flex-navigate with the target route', () => {
    const r = mountRouter('memory')
    const events = recordEvents(['flex-navigate'])
    act(() => r.nav().navigate('/dashboard?tab=1'))
    expect(events.events).toHaveLength(1)
    expect(events.events[0]).toMatchObject({ bubbles: true, composed: true, cancelable: true, detail: { to: '/dashboard?tab=1' } })
    expect(events.events[0].target).toBe(r.host)
    expect(r.shown()).toBe('/dashboard?tab=1')
  })

  it('a cancelled flex-navigate stops the navigation', () => {
    window.history.replaceState(null, '', '#/login')
    const r = mountRouter('hash')
    const cancel = (e: Event) => e.preventDefault()
    document.addEventListener('flex-navigate', cancel)
    try {
      act(() => r.nav().navigate('/signup'))
    } finally {
      document.removeEventListener('flex-navigate', cancel)
    }
    expect(r.shown()).toBe('/login')
    expect(window.location.hash).toBe('#/login')
  })

  it('memory mode never touches location.hash or history', () => {
    window.history.replaceState(null, '', '#host-owned')
    const before = window.history.length
    const r = mountRouter('memory', '/login')
    expect(r.shown()).toBe('/login')
    act(() => r.nav().navigate('/signup'))
    act(() => r.nav().navigate('/dashboard', { replace: true }))
    fireEvent.click(r.getByRole('link', { name: 'Sign up' }))
    expect(r.shown()).toBe('/signup')
    expect(window.location.hash).toBe('#host-owned')
    expect(window.history.length).toBe(before)
    expect(r.nav().hrefFor('/signup')).toBe('/signup')
  })

  it('memory mode remembers its route for the tab: a new router (a reload) starts there', () => {
    const first = mountRouter('memory')
    act(() => first.nav().navigate('/projects?projectid=42'))
    expect(sessionStorage.getItem('flex-route')).toBe('/projects?projectid=42')
    first.unmount()
    expect(mountRouter('memory').shown()).toBe('/projects?projectid=42')
  })

  it('memory mode ignores hash changes made by the host', async () => {
    const r = mountRouter('memory', '/login')
    window.location.hash = '#/signup'
    await new Promise((resolve) => window.addEventListener('hashchange', resolve, { once: true }))
    expect(r.shown()).toBe('/login')
  })

  it('hash mode starts from the hash and writes navigations to it', () => {
    window.history.replaceState(null, '', '#/signup')
    const r = mountRouter('hash')
    expect(r.shown()).toBe('/signup')
    act(() => r.nav().navigate('/login'))
    expect(window.location.hash).toBe('#/login')
    expect(r.nav().hrefFor('/signup')).toBe('#/signup')
    expect(r.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '#/signup')
  })

  it('hash mode follows a hash changed from outside (a link, the address bar)', async () => {
    const r = mountRouter('hash')
    window.location.hash = '#/dashboard'
    await waitFor(() => expect(r.shown()).toBe('/dashboard'))
  })

  it('hash mode: replace does not add a history entry', () => {
    const r = mountRouter('hash')
    const before = window.history.length
    act(() => r.nav().navigate('/login', { replace: true }))
    expect(window.location.hash).toBe('#/login')
    expect(window.history.length).toBe(before)
  })

  it('hash mode: Back and Forward move between routes', async () => {
    window.history.replaceState(null, '', '#/login')
    const r = mountRouter('hash')
    act(() => r.nav().navigate('/signup'))
    await waitFor(() => expect(window.location.hash).toBe('#/signup'))
    window.history.back()
    await waitFor(() => expect(r.shown()).toBe('/login'))
    window.history.forward()
    await waitFor(() => expect(r.shown()).toBe('/signup'))
  })

  it('RouteLink leaves a modified click to the browser in hash mode', () => {
    const r = mountRouter('hash')
    const events = recordEvents(['flex-navigate'])
    const link = r.getByRole('link', { name: 'Sign up' })
    // After React has seen it: keep happy-dom from following the modified click.
    const stop = (e: Event) => e.preventDefault()
    document.addEventListener('click', stop)
    fireEvent.click(link, { ctrlKey: true })
    document.removeEventListener('click', stop)
    expect(events.events).toHaveLength(0)
    fireEvent.click(link)
    expect(events.events.map((e) => e.detail)).toEqual([{ to: '/signup' }])
    expect(r.shown()).toBe('/signup')
  })
})
