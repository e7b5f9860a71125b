import { waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetStore, signInAs } from './helpers'
import { mockApi } from './helpers/api-mock'
import { detail, keyEntry, renderDetail } from './helpers/dashboard'
import { reportWidth } from './helpers/layout'

const GET = 'GET /api/manage/dapp/prj_7'
const keys = [keyEntry('apid_a', 'Production', 'fxk_…aaaa'), keyEntry('apid_b', 'CI', 'fxk_…bbbb')]

beforeEach(() => {
  resetStore()
  signInAs()
  mockApi({ [GET]: { body: detail(7, { apid_a: 'fxk_…aaaa', apid_b: 'fxk_…bbbb' }, { keys, keyLimit: 20 }) } })
})
afterEach(() => vi.unstubAllGlobals())

describe('a key row’s "⋯" menu', () => {
  it('leaves room for Last used in a 700 px box: the actions take one narrow column', async () => {
    reportWidth(700)
    const { q } = renderDetail('prj_7')
    await waitFor(() =>
      expect(
        within(q.getByRole('table', { name: 'API keys' }))
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['Name', 'API Project ID', 'Last used', 'Status', 'Actions']),
    )
  })

  it('opens from the keyboard, moves with the arrow keys, closes on Escape and gives focus back', async () => {
    const { q, root } = renderDetail('prj_7')
    const user = userEvent.setup()
    const trigger = await q.findByRole('button', { name: 'Actions for key CI' })
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
    trigger.focus()
    await user.keyboard('{Enter}')
    const menu = q.getByRole('menu', { name: 'Actions for key CI' })
    expect(trigger).toHaveAttribute('aria-expanded', 'true')
    const items = within(menu).getAllByRole('menuitem')
    expect(items.map((i) => i.textContent)).toEqual(['Edit', 'Roll', 'Delete'])
    await waitFor(() => expect(root.activeElement).toBe(items[0]))
    await user.keyboard('{ArrowDown}')
    expect(root.activeElement).toBe(items[1])
    await user.keyboard('{ArrowUp}{ArrowUp}')
    expect(root.activeElement).toBe(items[2])
    await user.keyboard('{Home}')
    expect(root.activeElement).toBe(items[0])
    await user.keyboard('{Escape}')
    expect(q.queryByRole('menu')).not.toBeInTheDocument()
    await waitFor(() => expect(root.activeElement).toBe(trigger))
  })

  it('opens with ArrowUp on its button at its last item, with ArrowDown or a press at its first, and closes when focus leaves the menu', async () => {
    const { q, root } = renderDetail('prj_7')
    const user = userEvent.setup()
    const trigger = await q.findByRole('button', { name: 'Actions for key CI' })
    const items = () => within(q.getByRole('menu', { name: 'Actions for key CI' })).getAllByRole('menuitem')
    trigger.focus()
    await user.keyboard('{ArrowDown}')
    await waitFor(() => expect(root.activeElement).toBe(items()[0]))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(root.activeElement).toBe(trigger))
    await user.keyboard('{ArrowUp}')
    await waitFor(() => expect(root.activeElement).toBe(items()[2]))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(root.activeElement).toBe(trigger))
    await user.keyboard('{Enter}')
    await waitFor(() => expect(root.activeElement).toBe(items()[0]))
    q.getByRole('button', { name: 'Actions for key Production' }).focus()
    await waitFor(() => expect(q.queryByRole('menu')).not.toBeInTheDocument())
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
  })

  it('an item opens its dialog for that key; Delete reads as a danger', async () => {
    const { q } = renderDetail('prj_7')
    const user = userEvent.setup()
    await user.click(await q.findByRole('button', { name: 'Actions for key Production' }))
    const del = within(q.getByRole('menu')).getByRole('menuitem', { name: 'Delete' })
    expect(del.className).toContain('text-danger')
    await user.click(del)
    expect(q.queryByRole('menu')).not.toBeInTheDocument()
    expect(q.getByRole('dialog', { name: 'Delete API key' }).textContent).toContain('apid_a')
  })

  it('a dialog an item opened gives focus back to the row’s button on closing, from the keyboard as from a press', async () => {
    const { q, root } = renderDetail('prj_7')
    const user = userEvent.setup()
    const trigger = await q.findByRole('button', { name: 'Actions for key CI' })
    for (const i of [0, 1, 2]) {
      trigger.focus()
      await user.keyboard('{Enter}')
      await waitFor(() => expect(root.activeElement).toHaveTextContent('Edit'))
      await user.keyboard('{ArrowDown}'.repeat(i) + '{Enter}')
      await q.findByRole('dialog')
      await user.keyboard('{Escape}')
      await waitFor(() => expect(q.queryByRole('dialog')).not.toBeInTheDocument())
      expect(root.activeElement).toBe(trigger)
    }
    await user.click(trigger)
    await user.click(within(q.getByRole('menu')).getByRole('menuitem', { name: 'Delete' }))
    await user.click(within(q.getByRole('dialog', { name: 'Delete API key' })).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(q.queryByRole('dialog')).not.toBeInTheDocument())
    expect(root.activeElement).toBe(trigger)
  })
})
