import { within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetStore, signInAs } from './helpers'
import { mockApi } from './helpers/api-mock'
import { projects, renderDashboard } from './helpers/dashboard'

beforeEach(() => {
  resetStore()
  signInAs()
  mockApi({ 'GET /api/manage/dapp/owner': { body: projects(2) } })
})
afterEach(() => vi.unstubAllGlobals())

const sidebarLinks = (q: ReturnType<typeof renderDashboard>['q']) => {
  const nav = q.getAllByRole('navigation', { name: 'Sidebar' })[0]
  return Array.from(nav.querySelectorAll('a'))
}

describe('the dashboard sidebar', () => {
  it('has Flex Projects, Flex Quickstart Guide and API Documentation, with icons', async () => {
    const { q } = renderDashboard()
    const links = sidebarLinks(q)
    expect(links.map((a) => a.textContent)).toEqual(['Flex Projects', 'Flex Quickstart Guide (opens in a new tab)', 'API Documentation (opens in a new tab)'])
    for (const a of links) expect(a.querySelector('svg[aria-hidden="true"]')).toBeInTheDocument()
  })

  it("carries the host's product-name in its texts, and the dashboard's heading too", () => {
    const { q } = renderDashboard({ productName: 'Acme' })
    expect(sidebarLinks(q).map((a) => a.textContent)).toEqual([
      'Acme Projects',
      'Acme Quickstart Guide (opens in a new tab)',
      'API Documentation (opens in a new tab)',
    ])
    expect(q.getByRole('heading', { level: 2, name: 'Your Acme Projects' })).toBeInTheDocument()
  })

  it('Flex Projects links to #/dashboard in hash mode and is marked current', () => {
    const { q } = renderDashboard({ mode: 'hash' })
    const home = sidebarLinks(q)[0]
    expect(home).toHaveAttribute('href', '#/dashboard')
    expect(home).toHaveAttribute('aria-current', 'page')
  })

  it('Flex Projects navigates through the router in memory mode', async () => {
    const { q, nav } = renderDashboard({ route: '/dashboard/x' })
    await userEvent.setup().click(sidebarLinks(q)[0])
    expect(nav().route.href).toBe('/dashboard')
  })

  it('the external links default to the absolute address of the API reference at api-base/docs, and open in a new tab safely', () => {
    const { q } = renderDashboard()
    const [, quickstart, docs] = sidebarLinks(q)
    expect(quickstart).toHaveAttribute('href', new URL('/api/docs#quickstart', document.baseURI).href)
    expect(docs).toHaveAttribute('href', new URL('/api/docs', document.baseURI).href)
    for (const a of [quickstart, docs]) {
      expect(a).toHaveAttribute('target', '_blank')
      expect(a).toHaveAttribute('rel', 'noopener noreferrer')
    }
  })

  it('quickstart-url and docs-url replace the defaults', () => {
    const { q } = renderDashboard({ urls: { quickstart: 'https://docs.example.com/start', docs: 'https://docs.example.com/api' } })
    const [, quickstart, docs] = sidebarLinks(q)
    expect(quickstart).toHaveAttribute('href', 'https://docs.example.com/start')
    expect(docs).toHaveAttribute('href', 'https://docs.example.com/api')
  })
})

describe('the small-screen sidebar', () => {
  // Which of the column and the menu button shows at which width is proved
  // in the browser (small-screen); happy-dom lays nothing out.
  it('starts closed: the menu button is collapsed and no sheet is open', () => {
    const { q, root } = renderDashboard()
    expect(q.getByRole('complementary')).toBeInTheDocument()
    const button = q.getByRole('button', { name: 'Open sidebar' })
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(root.querySelector('[role="dialog"]')).not.toBeInTheDocument()
  })

  it('opens as an overlay with the same links and a close button, and closes with it', async () => {
    const { q, root } = renderDashboard()
    const user = userEvent.setup()
    const button = q.getByRole('button', { name: 'Open sidebar' })
    await user.click(button)
    expect(button).toHaveAttribute('aria-expanded', 'true')
    const sheet = q.getByRole('dialog', { name: 'Sidebar' })
    expect(sheet.querySelectorAll('nav a')).toHaveLength(3)
    await user.click(q.getByRole('button', { name: 'Close sidebar' }))
    expect(q.queryByRole('dialog')).not.toBeInTheDocument()
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(root.activeElement).toBe(button)
  })

  it('Escape closes the sheet too', async () => {
    const { q } = renderDashboard()
    const user = userEvent.setup()
    await user.click(q.getByRole('button', { name: 'Open sidebar' }))
    await user.keyboard('{Escape}')
    expect(q.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('choosing Flex Projects in the sheet closes it', async () => {
    const { q } = renderDashboard()
    const user = userEvent.setup()
    await user.click(q.getByRole('button', { name: 'Open sidebar' }))
    const sheet = q.getByRole('dialog', { name: 'Sidebar' })
    await user.click(sheet.querySelector('nav a') as HTMLAnchorElement)
    expect(q.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('sidebar="none"', () => {
  // Which of the header's links and its menu button shows at which width is
  // proved in the browser (small-screen); happy-dom lays nothing out.
  it('drops the sidebar column; the links sit in the header, and its menu button opens them too', async () => {
    const { q } = renderDashboard({ noSidebar: true })
    expect(q.queryByRole('complementary')).not.toBeInTheDocument()
    const header = q.getByRole('banner')
    const nav = within(header).getByRole('navigation', { name: 'Portal' })
    const links = Array.from(nav.querySelectorAll('a'))
    expect(links.map((a) => a.textContent)).toEqual(['Flex Projects', 'Flex Quickstart Guide (opens in a new tab)', 'API Documentation (opens in a new tab)'])
    expect(links[1]).toHaveAttribute('href', new URL('/api/docs#quickstart', document.baseURI).href)
    expect(within(header).getByRole('button', { name: 'User menu' })).toBeInTheDocument()
    const menu = within(header).getByRole('button', { name: 'Open sidebar' })
    await userEvent.setup().click(menu)
    expect(q.getByRole('dialog', { name: 'Sidebar' }).querySelectorAll('nav a')).toHaveLength(3)
  })
})
