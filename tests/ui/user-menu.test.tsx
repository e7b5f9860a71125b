import { waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { store } from '../../src/store'
import { recordEvents, resetStore, signInAs } from './helpers'
import { mockApi } from './helpers/api-mock'
import { projects, renderDashboard } from './helpers/dashboard'

beforeEach(() => {
  resetStore()
  mockApi({ 'GET /api/manage/dapp/owner': { body: projects(1) } })
})
afterEach(() => vi.unstubAllGlobals())

async function openMenu(options: Parameters<typeof renderDashboard>[0] = {}) {
  const r = renderDashboard(options)
  const user = userEvent.setup()
  const trigger = r.q.getByRole('button', { name: 'User menu' })
  await user.click(trigger)
  const menu = await r.q.findByRole('menu')
  return { ...r, user, trigger, menu, active: () => r.root.activeElement }
}

describe('the user menu', () => {
  it('opens from the top-right button, portalled into the shadow root, with the three items', async () => {
    signInAs()
    const { q, trigger, menu, root } = await openMenu()
    expect(trigger).toHaveAttribute('aria-expanded', 'true')
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu')
    expect(menu.getRootNode()).toBe(root)
    expect(q.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Your Profile', 'Settings', 'Sign out'])
  })

  it('Your Profile and Settings are inert (aria-disabled) without profile-url / settings-url', async () => {
    signInAs()
    const { q, user, menu } = await openMenu()
    const profile = q.getByRole('menuitem', { name: 'Your Profile' })
    const settings = q.getByRole('menuitem', { name: 'Settings' })
    expect(profile).toHaveAttribute('aria-disabled', 'true')
    expect(settings).toHaveAttribute('aria-disabled', 'true')
    expect(profile.tagName).toBe('BUTTON')
    await user.click(profile)
    expect(menu.isConnected).toBe(true)
    expect(store.getState().accessData).not.toBeNull()
  })

  it('they become links with profile-url / settings-url', async () => {
    signInAs()
    const { q } = await openMenu({ urls: { profile: 'https://example.com/me', settings: 'https://example.com/settings' } })
    expect(q.getByRole('menuitem', { name: 'Your Profile' })).toHaveAttribute('href', 'https://example.com/me')
    expect(q.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', 'https://example.com/settings')
  })

  it('shows the signed-in user’s name and e-mail when the access data has them as text', async () => {
    signInAs({ accessToken: 't', user: { name: 'Ada Lovelace', email: 'ada@example.com' } })
    const { menu } = await openMenu()
    expect(menu.textContent).toContain('Ada Lovelace')
    expect(menu.textContent).toContain('ada@example.com')
  })

  it('shows the whole address, wrapped, where a touch screen never shows a hover title', async () => {
    signInAs({ accessToken: 't', user: { name: 'Ada Lovelace', email: 'new-148bcc57@example.com' } })
    const { q } = await openMenu()
    // Chromium, at 375 px: the 224 px menu cut it to "new-148bcc57@exampl…".
    const address = q.getByText('new-148bcc57@example.com')
    expect(address).not.toHaveClass('truncate')
    expect(address).toHaveClass('break-words')
  })

  it('ignores a user name that is not text', async () => {
    signInAs({ accessToken: 't', user: { name: { html: '<b>x</b>' }, email: 42 } })
    const { menu } = await openMenu()
    expect(menu.textContent).not.toContain('Signed in as')
    expect(menu.textContent).not.toContain('[object Object]')
  })

  it('is keyboard operable: arrows move between items, Escape closes and returns focus', async () => {
    signInAs()
    const r = renderDashboard()
    const user = userEvent.setup()
    const trigger = r.q.getByRole('button', { name: 'User menu' })
    trigger.focus()
    await user.keyboard('{Enter}')
    await r.q.findByRole('menu')
    const items = r.q.getAllByRole('menuitem')
    await waitFor(() => expect(r.root.activeElement).toBe(items[0]))
    await user.keyboard('{ArrowDown}')
    expect(r.root.activeElement).toBe(items[1])
    await user.keyboard('{ArrowDown}')
    expect(r.root.activeElement).toBe(items[2])
    await user.keyboard('{ArrowDown}')
    expect(r.root.activeElement).toBe(items[0])
    await user.keyboard('{ArrowUp}')
    expect(r.root.activeElement).toBe(items[2])
    await user.keyboard('{Escape}')
    expect(r.q.queryByRole('menu')).not.toBeInTheDocument()
    await waitFor(() => expect(r.root.activeElement).toBe(trigger))
  })

  it('opens with ArrowDown on its button, as the ARIA menu button pattern has it, and an inert item still takes focus', async () => {
    signInAs()
    const r = renderDashboard()
    const user = userEvent.setup()
    const trigger = r.q.getByRole('button', { name: 'User menu' })
    trigger.focus()
    await user.keyboard('{ArrowDown}')
    const menu = await r.q.findByRole('menu', { name: 'User menu' })
    expect(trigger).toHaveAttribute('aria-expanded', 'true')
    expect(trigger).toHaveAttribute('aria-controls', menu.id)
    const profile = r.q.getByRole('menuitem', { name: 'Your Profile' })
    expect(profile).toHaveAttribute('aria-disabled', 'true')
    await waitFor(() => expect(r.root.activeElement).toBe(profile))
    await user.keyboard('{End}')
    expect(r.root.activeElement).toBe(r.q.getByRole('menuitem', { name: 'Sign out' }))
  })

  it('Sign out removes accessData, fires flex-signed-out {reason: user} and goes to /', async () => {
    signInAs()
    const { q, user, host, nav } = await openMenu()
    const events = recordEvents(['flex-signed-out'], host)
    await user.click(q.getByRole('menuitem', { name: 'Sign out' }))
    expect(localStorage.getItem('accessData')).toBeNull()
    expect(store.getState().accessData).toBeNull()
    expect(store.getState().signOutReason).toBeNull()
    expect(events.events.map((e) => e.detail)).toEqual([{ reason: 'user' }])
    expect(nav().route.href).toBe('/')
  })

  it('Sign out in hash mode sets the hash to #/', async () => {
    signInAs()
    window.history.replaceState(null, '', '#/dashboard')
    const { q, user } = await openMenu({ mode: 'hash' })
    await user.click(q.getByRole('menuitem', { name: 'Sign out' }))
    expect(window.location.hash).toBe('#/')
    window.history.replaceState(null, '', window.location.pathname)
  })
})
