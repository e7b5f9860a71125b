/**
 * Where the snippets' data comes from: the project detail and the dashboard
 * hand every whole key they receive to the one store (memory only), a deleted
 * key leaves it, and the project opened last is the one snippets show.
 */
import { waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { store } from '../../src/store'
import { recordEvents, resetStore, signInAs } from './helpers'
import { deferred, json, mockApi } from './helpers/api-mock'
import { detail, renderDashboard, renderDetail } from './helpers/dashboard'

const GET = 'GET /api/manage/dapp/prj_7'

beforeEach(() => {
  resetStore()
  signInAs()
})
afterEach(() => vi.unstubAllGlobals())

describe('revealed keys', () => {
  it('opening a project makes it the snippets’ project; a created key is kept in memory, never in storage or an event; a deleted one is forgotten', async () => {
    let apiKey: Record<string, string> = { api_a: 'fxk_…1111' }
    mockApi({
      [GET]: () => json(detail(7, apiKey)),
      'POST /api/manage/dapp/prj_7/api-key': () => {
        apiKey = { ...apiKey, api_new: 'fxk_…9999' }
        return json({ api_new: 'fxk_whole_secret_9999' }, 201)
      },
      'DELETE /api/manage/dapp/prj_7/api-key/api_new': () => {
        delete apiKey.api_new
        return new Response(null, { status: 204 })
      },
    })
    const { q, host } = renderDetail('prj_7')
    const events = recordEvents(['flex-key-created', 'flex-key-deleted'], host)
    const user = userEvent.setup()
    const create = await q.findByRole('button', { name: 'Create' })
    await waitFor(() => expect(store.getState().snippetPick?.projectId).toBe('prj_7'))
    await user.click(create)
    expect(store.getState().snippetPick).toEqual({ projectId: 'prj_7', keyId: 'api_new' })
    expect(store.getState().revealedKeys).toEqual({ prj_7: { api_new: 'fxk_whole_secret_9999' } })
    expect(JSON.stringify(events.events.map((e) => e.detail))).not.toContain('fxk_whole')
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain('fxk_whole')

    await user.click(within(await q.findByRole('dialog', { name: 'New API Information' })).getByRole('button', { name: 'Exit' }))
    await waitFor(() => expect(q.getByRole('button', { name: 'Delete' })).toBeEnabled())
    await user.click(q.getByRole('button', { name: 'Delete' }))
    const pick = await q.findByRole('dialog', { name: 'Pick Key To Delete' })
    await user.selectOptions(within(pick).getByRole('combobox'), 'api_new')
    await user.click(within(pick).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(store.getState().revealedKeys).toEqual({ prj_7: {} }))
  })

  it('a project created on the dashboard is kept with its whole key and becomes the snippets’ project', async () => {
    mockApi({
      'GET /api/manage/dapp/owner': { body: [] },
      'POST /api/manage/dapp': { status: 201, body: { ...detail(9, { api_9: 'fxk_whole_9' }), webhookSecret: 'whsec_9' } },
    })
    const { q } = renderDashboard()
    const user = userEvent.setup()
    await user.click(await q.findByRole('button', { name: '+ Add New Project' }))
    await user.type(q.getByLabelText('Project Name'), 'Nine')
    await user.click(q.getByRole('button', { name: 'Add' }))
    await q.findByRole('dialog', { name: 'API Information' })
    expect(store.getState().revealedKeys).toEqual({ prj_9: { api_9: 'fxk_whole_9' } })
    expect(store.getState().snippetPick).toEqual({ projectId: 'prj_9', keyId: 'api_9' })
  })

  it('an answer that arrives after another user signed in on the page reaches nothing of theirs', async () => {
    const created = deferred<Response>()
    mockApi({
      [GET]: () => json(detail(7, { api_a: 'fxk_…1111' })),
      'POST /api/manage/dapp/prj_7/api-key': () => created.promise,
    })
    const { q, host } = renderDetail('prj_7')
    const user = userEvent.setup()
    await waitFor(() => expect(store.getState().snippetPick?.projectId).toBe('prj_7'))
    await user.click(await q.findByRole('button', { name: 'Create' }))
    // The first user's create is on its way when the host page signs the next one in.
    store.getState().signIn({ accessToken: 'access-token-of-the-next-user', name: 'Grace' })
    created.resolve(json({ api_new: 'fxk_whole_secret_of_ada' }, 201))
    await waitFor(() => expect(q.queryByRole('button', { name: 'Create' })).toBeEnabled())
    expect(JSON.stringify(store.getState())).not.toContain('fxk_whole_secret_of_ada')
    expect(host.shadowRoot!.textContent).not.toContain('fxk_whole_secret_of_ada')
    expect(q.queryByRole('dialog', { name: 'New API Information' })).toBeNull()
  })
})
