import { waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { KeyInfo } from '../../src/api/types'
import { store } from '../../src/store'
import { recordEvents, resetStore, signInAs } from './helpers'
import { deferred, json, mockApi } from './helpers/api-mock'
import { detail, keyEntry, renderDetail } from './helpers/dashboard'

const GET = 'GET /api/manage/dapp/prj_7'
const CREATE = 'POST /api/manage/dapp/prj_7/api-key'
const PATCH = 'PATCH /api/manage/dapp/prj_7/api-key/apid_new'

beforeEach(() => {
  resetStore()
  signInAs()
})
afterEach(() => vi.unstubAllGlobals())

/** A server that lists key metadata: Create adds "Key 2". */
function server(patch: () => Response = () => json(keyEntry('apid_new', 'Checkout server', 'fxk_…9999'))) {
  const keys: KeyInfo[] = [keyEntry('apid_one', 'Key 1', 'fxk_…1111')]
  const project = () => detail(7, Object.fromEntries(keys.map((k) => [k.id, k.maskedKey])), { keys, keyLimit: 20 })
  return mockApi({
    [GET]: () => json(project()),
    [CREATE]: () => {
      keys.push(keyEntry('apid_new', 'Key 2', 'fxk_…9999'))
      return json({ apid_new: 'fxk_full_secret_9999' }, 201)
    },
    [PATCH]: patch,
  })
}

async function openNewKey() {
  const { q, host } = renderDetail('prj_7')
  const user = userEvent.setup()
  await user.click(await q.findByRole('button', { name: 'Create' }))
  const dialog = await q.findByRole('dialog', { name: 'New API Information' })
  return { q, host, user, dialog: within(dialog) }
}

describe('a new key is named at birth', () => {
  it('the one-time dialog takes a name and an expiry, and Exit saves them', async () => {
    const api = server()
    const { q, host, user, dialog } = await openNewKey()
    const events = recordEvents(['flex-key-updated'], host)
    // The server's name is the hint: a field left empty changes nothing.
    await waitFor(() => expect(dialog.getByRole('textbox', { name: 'Key name' })).toHaveAttribute('placeholder', 'Key 2'))
    await user.type(dialog.getByRole('textbox', { name: 'Key name' }), '  Checkout server ')
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Expires' }), 'In 30 days')
    await user.click(dialog.getByRole('button', { name: 'Exit' }))
    await waitFor(() => expect(q.queryByRole('dialog')).not.toBeInTheDocument())
    const [patch] = api.callsTo(PATCH)
    const body = patch.body as { name: string; expiresAt: string }
    expect(body.name).toBe('Checkout server')
    const days = (Date.parse(body.expiresAt) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(29.9)
    expect(days).toBeLessThan(30.1)
    expect(events.events.map((e) => e.detail)).toEqual([{ projectId: 'prj_7', keyId: 'apid_new' }])
  })

  it('Exit with nothing changed sends nothing', async () => {
    const api = server()
    const { q, user, dialog } = await openNewKey()
    await user.click(dialog.getByRole('button', { name: 'Exit' }))
    await waitFor(() => expect(q.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.callsTo(PATCH)).toHaveLength(0)
  })

  it('a refused name keeps the dialog (and its secret) open, with the reason', async () => {
    server(() => json({ message: 'Key name must be at most 60 characters.' }, 400))
    const { q, user, dialog } = await openNewKey()
    await user.type(dialog.getByRole('textbox', { name: 'Key name' }), 'Checkout')
    await user.click(dialog.getByRole('button', { name: 'Exit' }))
    expect((await dialog.findByRole('alert')).textContent).toContain('Key name must be at most 60 characters.')
    expect(q.getByRole('dialog', { name: 'New API Information' })).toBeInTheDocument()
    expect(dialog.getByRole('button', { name: /API Key\s*fxk_full_secret_9999/ })).toBeInTheDocument()
  })

  it('a server without key metadata asks for no name', async () => {
    mockApi({ [GET]: () => json(detail(7, {})), [CREATE]: () => json({ apid_new: 'fxk_s' }, 201) })
    const { dialog } = await openNewKey()
    expect(dialog.queryByRole('textbox', { name: 'Key name' })).not.toBeInTheDocument()
  })
})

describe('a key made while its reader left the page', () => {
  /** Create, then Back to the dashboard while 'Creating…': the page goes before the answer comes. */
  async function leaveWhileCreating() {
    const reply = deferred<Response>()
    mockApi({
      [GET]: () => json(detail(7, { apid_one: 'fxk_…1111' }, { keys: [keyEntry('apid_one', 'Key 1', 'fxk_…1111')], keyLimit: 20 })),
      [CREATE]: () => reply.promise,
    })
    const page = renderDetail('prj_7')
    await userEvent.setup().click(await page.q.findByRole('button', { name: 'Create' }))
    page.unmount()
    page.host.remove()
    reply.resolve(json({ apid_new: 'fxk_full_secret_9999' }, 201))
    await waitFor(() => expect(store.getState().revealedKeys.prj_7).toBeDefined())
  }

  it('is shown, whole, when they come back to the project: its key is never lost', async () => {
    await leaveWhileCreating()
    const again = renderDetail('prj_7')
    const dialog = within(await again.q.findByRole('dialog', { name: 'New API Information' }))
    expect(dialog.getByText('fxk_full_secret_9999')).toBeInTheDocument()
    // Seen once: Exit, and it does not come back.
    await userEvent.setup().click(dialog.getByRole('button', { name: 'Exit' }))
    again.unmount()
    again.host.remove()
    const third = renderDetail('prj_7')
    await third.q.findByRole('button', { name: 'Create' })
    expect(third.q.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('is forgotten at sign-out: the same user signing in again does not see it', async () => {
    await leaveWhileCreating()
    store.getState().signOut()
    signInAs()
    const again = renderDetail('prj_7')
    await again.q.findByRole('button', { name: 'Create' })
    expect(again.q.queryByRole('dialog')).not.toBeInTheDocument()
    expect(again.host.shadowRoot!.textContent).not.toContain('fxk_full_secret_9999')
  })
})
