/**
 * The keys table's "Show" filter (live or test keys, on a server with key restrictions) over the life of the
 * project's keys: it never hides keys while it says "All keys".
 */
import { waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { KeyInfo } from '../../src/api/types'
import { resetStore, signInAs } from './helpers'
import { json, mockApi } from './helpers/api-mock'
import { detail, keyEntry, renderDetail } from './helpers/dashboard'
import { chooseInRow } from './helpers/row-menu'

const BASE = '/api/manage/dapp/prj_7'

beforeEach(() => {
  resetStore()
  signInAs()
})
afterEach(() => vi.unstubAllGlobals())

describe('the keys filter by mode', () => {
  it('is left with the last test key: a test key made later shows beside the live ones, under "All keys"', async () => {
    const testKey = (id: string, name: string) => keyEntry(id, name, 'fxk_test_…tttt', { scopes: null, allowedIps: [], mode: 'test' })
    let keys: KeyInfo[] = [keyEntry('apid_main', 'Main', 'fxk_…main', { scopes: null, allowedIps: [], mode: 'live' }), testKey('apid_ci', 'CI')]
    mockApi({
      'GET /api/capabilities': { body: { features: ['key-restrictions'] } },
      [`GET ${BASE}`]: () => json(detail(7, Object.fromEntries(keys.map((k) => [k.id, k.maskedKey])), { keys, keyLimit: 20 })),
      [`GET ${BASE}/scopes`]: { body: { scopes: [{ name: 'invoices:read', description: 'Read invoices', group: 'Invoices', access: 'read' }] } },
      [`DELETE ${BASE}/api-key/apid_ci`]: () => {
        keys = keys.filter((k) => k.id !== 'apid_ci')
        return json({ deleted: 'apid_ci' })
      },
      [`POST ${BASE}/api-key`]: () => {
        keys = [...keys, testKey('apid_new', 'Sandbox')]
        return json({ apid_new: 'fxk_test_whole_1234' }, 201)
      },
    })
    const { q } = renderDetail('prj_7')
    const user = userEvent.setup()
    const names = () =>
      within(q.getByRole('table', { name: 'API keys' }))
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0]!.textContent)
    await user.selectOptions(await q.findByRole('combobox', { name: 'Show' }), 'Test keys')
    await chooseInRow(user, q.getByRole('region', { name: 'API keys' }), 'Actions for key CI', 'Delete')
    await user.click(within(q.getByRole('dialog', { name: 'Delete API key' })).getByRole('button', { name: 'Delete key' }))
    await waitFor(() => expect(q.queryByRole('combobox', { name: 'Show' })).toBeNull())
    await user.click(q.getByRole('button', { name: 'Create' }))
    const dialog = within(await q.findByRole('dialog', { name: 'Create API key' }))
    await user.click(dialog.getByRole('radio', { name: /^Test/ }))
    await user.click(dialog.getByRole('button', { name: 'Create key' }))
    expect(await q.findByRole('combobox', { name: 'Show' })).toHaveDisplayValue('All keys')
    await waitFor(() => expect(names()).toEqual(['Main', 'SandboxTest']))
  })
})
