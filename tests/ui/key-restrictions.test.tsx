/**
 * Keys a developer can restrict (servers with a scope catalog): the create and
 * edit dialog (mode, access, scopes, allowlist, the sentence), what a role is
 * offered, the table's badge, summaries and filter, and the German texts.
 */
import { fireEvent, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ScopeEntry } from '../../contract/keys'
import type { KeyInfo } from '../../src/api/types'
import { store } from '../../src/store'
import { mountElement, resetStore, shadow, signInAs } from './helpers'
import { json, mockApi } from './helpers/api-mock'
import { detail, keyEntry, renderDetail } from './helpers/dashboard'

const BASE = '/api/manage/dapp/prj_7'
const SCOPES: ScopeEntry[] = [
  { name: 'invoices:read', description: 'Read invoices', group: 'Invoices', access: 'read' },
  { name: 'invoices:write', description: 'Create and change invoices', group: 'Invoices', access: 'write' },
  { name: 'customers:read', description: 'Read customers', group: 'Customers', access: 'read' },
]

type Role = 'owner' | 'admin' | 'developer' | 'viewer'

/** A server with key restrictions, its catalog, and a project with `keys` (as a member of `role`, when given). */
function server(
  keys: KeyInfo[],
  { role, features = ['key-restrictions'], extra = {} }: { role?: Role; features?: string[]; extra?: Parameters<typeof mockApi>[0] } = {},
) {
  return mockApi({
    'GET /api/capabilities': { body: { features } },
    [`GET ${BASE}`]: { body: detail(7, Object.fromEntries(keys.map((k) => [k.id, k.maskedKey])), { keys, keyLimit: 20, ...(role && { role }) }) },
    [`GET ${BASE}/scopes`]: { body: { scopes: SCOPES } },
    ...extra,
  })
}

const main = keyEntry('apid_main', 'Main', 'fxk_…main', { scopes: null, allowedIps: [], mode: 'live' })

beforeEach(() => {
  resetStore()
  signInAs()
})
afterEach(() => vi.unstubAllGlobals())

type Q = ReturnType<typeof renderDetail>['q']
const openCreate = async (q: Q) => {
  const user = userEvent.setup()
  // The button is there before the catalog: wait for the catalog's Access column, then Create opens the dialog.
  await q.findByRole('columnheader', { name: 'Access' })
  await user.click(q.getByRole('button', { name: 'Create' }))
  return { user, dialog: await q.findByRole('dialog', { name: 'Create API key' }) }
}
/** A field's whole text at once (user-event cannot focus into a shadow root to clear one). */
const setText = (field: HTMLElement, text: string) => fireEvent.change(field, { target: { value: text } })
const sentence = (dialog: HTMLElement) => within(dialog).getByRole('status').textContent
/** A row's Edit, from its "⋯" menu. */
const edit = async (q: Q, user: ReturnType<typeof userEvent.setup>, key: string) => {
  await user.click(await q.findByRole('button', { name: `Actions for key ${key}` }))
  await user.click(within(q.getByRole('menu', { name: `Actions for key ${key}` })).getByRole('menuitem', { name: 'Edit' }))
}

describe('the key dialog', () => {
  it('creates a read-only test key for chosen scopes and addresses, saying first what it will be able to do', async () => {
    const api = server([main], {
      extra: { [`POST ${BASE}/api-key`]: () => json({ apid_new: 'fxk_test_whole_1234' }, 201) },
    })
    const { q } = renderDetail('prj_7')
    const { user, dialog } = await openCreate(q)
    const d = within(dialog)
    // The defaults of an owner: live, every scope, anywhere.
    expect(d.getByRole('radio', { name: /^Live/ })).toBeChecked()
    expect(d.getByRole('radio', { name: /^Full access/ })).toBeChecked()
    expect(sentence(dialog)).toBe('A live key that can do everything, from anywhere.')

    await user.click(d.getByRole('radio', { name: /^Test/ }))
    await user.click(d.getByRole('radio', { name: /^Read only/ }))
    expect(sentence(dialog)).toBe('A test key that can read everything, from anywhere.')

    await user.click(d.getByRole('radio', { name: /^Custom/ }))
    // The catalog by resource, each scope with its description.
    const invoices = d.getByRole('group', { name: 'Invoices' })
    expect(within(invoices).getByRole('checkbox', { name: /invoices:write\s*Create and change invoices/ })).not.toBeChecked()
    await user.click(within(invoices).getByRole('checkbox', { name: /invoices:read/ }))
    await user.click(within(d.getByRole('group', { name: 'Customers' })).getByRole('checkbox', { name: /customers:read/ }))
    await user.type(d.getByRole('textbox', { name: 'Allowed IP addresses' }), '203.0.113.0/24{enter}2001:db8::/32')
    expect(sentence(dialog)).toBe('A test key that can read Invoices and Customers, from 2 IP ranges.')

    await user.type(d.getByRole('textbox', { name: 'Key name (optional)' }), 'CI')
    await user.click(d.getByRole('button', { name: 'Create key' }))
    await q.findByRole('dialog', { name: 'New API Information' })
    expect(api.callsTo(`POST ${BASE}/api-key`).map((c) => c.body)).toEqual([
      { name: 'CI', mode: 'test', scopes: ['invoices:read', 'customers:read'], allowedIps: ['203.0.113.0/24', '2001:db8::/32'] },
    ])
  })

  it('says at once which entry is not in the form of an address, and sends nothing until the list is right', async () => {
    const api = server([main])
    const { q } = renderDetail('prj_7')
    const { user, dialog } = await openCreate(q)
    const d = within(dialog)
    const field = d.getByRole('textbox', { name: 'Allowed IP addresses' })
    await user.type(field, '127.0.0.1{enter}10.0.0.0/8/8')
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field).toHaveAccessibleDescription(expect.stringContaining('“10.0.0.0/8/8” is not an IP address or CIDR range.'))
    await user.click(d.getByRole('button', { name: 'Create key' }))
    expect(api.callsTo(`POST ${BASE}/api-key`)).toHaveLength(0)

    setText(field, Array.from({ length: 21 }, (_, i) => `10.0.0.${i}`).join(','))
    expect(d.getByText('At most 20 addresses or ranges.')).toBeInTheDocument()
    setText(field, '::1')
    expect(field).not.toHaveAttribute('aria-invalid')
    expect(sentence(dialog)).toBe('A live key that can do everything, from 1 IP range.')
  })

  it('asks for at least one scope when Custom has none', async () => {
    const api = server([main])
    const { q } = renderDetail('prj_7')
    const { user, dialog } = await openCreate(q)
    await user.click(within(dialog).getByRole('radio', { name: /^Custom/ }))
    expect(sentence(dialog)).toBe('A live key that can do nothing, from anywhere.')
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }))
    expect(await within(dialog).findByText('Choose at least one scope.')).toBeInTheDocument()
    expect(api.callsTo(`POST ${BASE}/api-key`)).toHaveLength(0)
  })

  it('edits a key’s scopes and allowlist, its mode shown as fixed, sending only what changed', async () => {
    const ci = keyEntry('apid_ci', 'CI', 'fxk_test_…ci00', { scopes: ['invoices:read', 'customers:read'], allowedIps: ['127.0.0.1'], mode: 'test' })
    const api = server([main, ci], { extra: { [`PATCH ${BASE}/api-key/apid_ci`]: { body: { ...ci, name: 'CI bot' } } } })
    const { q } = renderDetail('prj_7')
    const user = userEvent.setup()
    await q.findByRole('columnheader', { name: 'Access' })
    await edit(q, user, 'CI')
    const dialog = await q.findByRole('dialog', { name: 'Edit API key' })
    const d = within(dialog)
    expect(d.queryByRole('radio', { name: /^Live/ })).not.toBeInTheDocument()
    expect(d.getByText('A key’s mode is set when it is created.')).toBeInTheDocument()
    expect(d.getByRole('radio', { name: /^Read only/ })).toBeChecked()
    expect(sentence(dialog)).toBe('A test key that can read everything, from 1 IP range.')
    setText(d.getByRole('textbox', { name: 'Key name' }), 'CI bot')
    await user.click(d.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.callsTo(`PATCH ${BASE}/api-key/apid_ci`)).toHaveLength(1))
    expect(api.callsTo(`PATCH ${BASE}/api-key/apid_ci`)[0]!.body).toEqual({ name: 'CI bot' })

    // Again: one scope fewer and no allowlist are sent, the name as it is.
    await edit(q, user, 'CI')
    const againDialog = await q.findByRole('dialog', { name: 'Edit API key' })
    const again = within(againDialog)
    await user.click(again.getByRole('radio', { name: /^Custom/ }))
    await user.click(again.getByRole('checkbox', { name: /customers:read/ }))
    setText(again.getByRole('textbox', { name: 'Allowed IP addresses' }), '')
    expect(sentence(againDialog)).toBe('A test key that can read Invoices, from anywhere.')
    await user.click(again.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.callsTo(`PATCH ${BASE}/api-key/apid_ci`)).toHaveLength(2))
    expect(api.callsTo(`PATCH ${BASE}/api-key/apid_ci`)[1]!.body).toEqual({ name: 'CI', scopes: ['invoices:read'], allowedIps: [] })
  })

  it('keeps a scope the catalog no longer names: shown as a write scope of its own, and an edit of the name alone leaves it', async () => {
    const old = keyEntry('apid_old', 'Exporter', 'fxk_…old0', { scopes: ['invoices:read', 'reports:export'], allowedIps: [], mode: 'live' })
    const api = server([main, old], { extra: { [`PATCH ${BASE}/api-key/apid_old`]: { body: { ...old, name: 'Renamed' } } } })
    const { q } = renderDetail('prj_7')
    const user = userEvent.setup()
    await q.findByRole('columnheader', { name: 'Access' })
    await edit(q, user, 'Exporter')
    const dialog = await q.findByRole('dialog', { name: 'Edit API key' })
    const d = within(dialog)
    expect(d.getByRole('radio', { name: /^Custom/ })).toBeChecked()
    expect(d.getByRole('checkbox', { name: /reports:export/ })).toBeChecked()
    // Said beside it, so a developer knows why it stands apart (and that unchecking it cannot be undone here).
    expect(d.getByRole('checkbox', { name: /reports:export/ }).closest('label')).toHaveTextContent(
      'reports:exportNo longer offered by this API. The key keeps it until you uncheck it.',
    )
    expect(sentence(dialog)).toBe('A live key that can read Invoices and write reports:export, from anywhere.')
    setText(d.getByRole('textbox', { name: 'Key name' }), 'Renamed')
    await user.click(d.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.callsTo(`PATCH ${BASE}/api-key/apid_old`)).toHaveLength(1))
    expect(api.callsTo(`PATCH ${BASE}/api-key/apid_old`)[0]!.body).toEqual({ name: 'Renamed' })
  })

  it('renames a key that holds no scope at all (the API allows it): "at least one scope" is asked only of a change', async () => {
    const none = keyEntry('apid_none', 'Nothing', 'fxk_…none', { scopes: [], allowedIps: [], mode: 'live' })
    const api = server([main, none], { extra: { [`PATCH ${BASE}/api-key/apid_none`]: { body: { ...none, name: 'Still nothing' } } } })
    const { q } = renderDetail('prj_7')
    const user = userEvent.setup()
    await q.findByRole('columnheader', { name: 'Access' })
    await edit(q, user, 'Nothing')
    const d = within(await q.findByRole('dialog', { name: 'Edit API key' }))
    setText(d.getByRole('textbox', { name: 'Key name' }), 'Still nothing')
    await user.click(d.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.callsTo(`PATCH ${BASE}/api-key/apid_none`)).toHaveLength(1))
    expect(api.callsTo(`PATCH ${BASE}/api-key/apid_none`)[0]!.body).toEqual({ name: 'Still nothing' })
  })

  it('a server’s refusal by code is said in the reader’s words', async () => {
    server([main], {
      extra: {
        [`POST ${BASE}/api-key`]: {
          status: 403,
          body: { message: 'Creating a live key with write scopes requires the admin role.', code: 'BROAD_KEY_ROLE_NEEDED' },
        },
      },
    })
    const { q } = renderDetail('prj_7')
    const { user, dialog } = await openCreate(q)
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }))
    expect(await within(dialog).findByText('Only an admin or the owner can create a live key that can write.')).toBeInTheDocument()
  })

  it('a server’s refusal of the allowlist’s length is said in the reader’s words, under the allowlist', async () => {
    // The dialog's own check comes first; should the server refuse anyway, its code, not its English, chooses the text.
    server([main], {
      extra: {
        [`POST ${BASE}/api-key`]: {
          status: 400,
          body: { message: 'allowedIps may hold at most 20 addresses or ranges, not 21.', code: 'ALLOWED_IPS_TOO_MANY' },
        },
      },
    })
    const { q } = renderDetail('prj_7')
    const { user, dialog } = await openCreate(q)
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }))
    expect(await within(dialog).findByText('At most 20 addresses or ranges.')).toBeInTheDocument()
    expect(within(dialog).queryByText(/allowedIps may hold/)).toBeNull()
  })

  it('an address the server refuses is named under the allowlist in the reader’s words, by its code', async () => {
    // The dialog checks only an entry's form: the server checks the numbers, and its refusal names the entry.
    server([main], {
      extra: {
        [`POST ${BASE}/api-key`]: {
          status: 400,
          body: {
            message: 'allowedIps holds "10.0.0.0/33", which is not an IPv4 or IPv6 address or CIDR range (such as 203.0.113.0/24 or 2001:db8::/32).',
            code: 'ALLOWED_IP_INVALID',
          },
        },
      },
    })
    const { q } = renderDetail('prj_7')
    const { user, dialog } = await openCreate(q)
    const d = within(dialog)
    const field = d.getByRole('textbox', { name: 'Allowed IP addresses' })
    setText(field, '10.0.0.0/3\n10.0.0.0/33')
    expect(field).not.toHaveAttribute('aria-invalid')
    await user.click(d.getByRole('button', { name: 'Create key' }))
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining('“10.0.0.0/33” is not an IP address or CIDR range.')))
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(d.queryByText(/allowedIps holds/)).toBeNull()
  })

  it.each<[string, { features?: string[]; extra?: Parameters<typeof mockApi>[0] }]>([
    ['a server without a catalog', { features: [] }],
    ['a catalog the server cannot send', { extra: { [`GET ${BASE}/scopes`]: { status: 500, body: { message: 'Internal server error' } } } }],
    ['a catalog still on its way', { extra: { [`GET ${BASE}/scopes`]: () => new Promise<Response>(() => {}) } }],
  ])('with %s, an edit of a key’s name leaves the scopes it holds as they are', async (_, options) => {
    // Keys made before the catalog went (or while it loads) still hold a list: the server keeps it when none is sent.
    const ci = keyEntry('apid_ci', 'CI', 'fxk_test_…ci00', { scopes: ['invoices:read'], allowedIps: ['127.0.0.1'], mode: 'test' })
    const patch = { [`PATCH ${BASE}/api-key/apid_ci`]: { body: { ...ci, name: 'CI bot' } } }
    const api = server([main, ci], { ...options, extra: { ...options.extra, ...patch } })
    const { q } = renderDetail('prj_7')
    const user = userEvent.setup()
    await edit(q, user, 'CI')
    const d = within(await q.findByRole('dialog', { name: 'Edit API key' }))
    setText(d.getByRole('textbox', { name: 'Key name' }), 'CI bot')
    await user.click(d.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.callsTo(`PATCH ${BASE}/api-key/apid_ci`)).toHaveLength(1))
    expect(api.callsTo(`PATCH ${BASE}/api-key/apid_ci`)[0]!.body).toEqual({ name: 'CI bot' })
    expect(d.queryByText('Choose at least one scope.')).toBeNull()
  })

  it('without a catalog, Create makes a key at once and the table is as before', async () => {
    const api = server([main], { features: [], extra: { [`POST ${BASE}/api-key`]: () => json({ apid_new: 'fxk_whole' }, 201) } })
    const { q } = renderDetail('prj_7')
    await q.findByRole('table', { name: 'API keys' })
    await userEvent.setup().click(q.getByRole('button', { name: 'Create' }))
    await q.findByRole('dialog', { name: 'New API Information' })
    expect(api.callsTo(`POST ${BASE}/api-key`)[0]!.body).toBeUndefined()
    expect(api.callsTo(`GET ${BASE}/scopes`)).toHaveLength(0)
    expect(q.queryByRole('columnheader', { name: 'Access' })).not.toBeInTheDocument()
  })
})

describe('what a role is offered', () => {
  it('a developer makes test keys or read-only live keys: no Full access and no write scope for a live key', async () => {
    server([main], { role: 'developer', features: ['key-restrictions', 'teams'] })
    const { q } = renderDetail('prj_7')
    const { user, dialog } = await openCreate(q)
    const d = within(dialog)
    // A developer starts on a test key, where everything is offered.
    expect(d.getByRole('radio', { name: /^Test/ })).toBeChecked()
    expect(d.getByRole('radio', { name: /^Full access/ })).toBeInTheDocument()
    await user.click(d.getByRole('radio', { name: /^Live/ }))
    expect(d.queryByRole('radio', { name: /^Full access/ })).not.toBeInTheDocument()
    expect(d.getByRole('radio', { name: /^Read only/ })).toBeChecked()
    expect(d.getByText(/Live keys that can write need an admin or the owner/)).toBeInTheDocument()
    await user.click(d.getByRole('radio', { name: /^Custom/ }))
    expect(d.queryByRole('checkbox', { name: /invoices:write/ })).not.toBeInTheDocument()
    expect(d.getByRole('checkbox', { name: /invoices:read/ })).toBeInTheDocument()
  })

  it('an admin is offered everything, a viewer no Create at all', async () => {
    server([main], { role: 'admin', features: ['key-restrictions', 'teams'] })
    const admin = renderDetail('prj_7')
    const { dialog } = await openCreate(admin.q)
    expect(within(dialog).getByRole('radio', { name: /^Full access/ })).toBeChecked()
    expect(within(dialog).queryByText(/need an admin or the owner/)).not.toBeInTheDocument()
    admin.unmount()

    server([main], { role: 'viewer', features: ['key-restrictions', 'teams'] })
    const viewer = renderDetail('prj_7')
    await viewer.q.findByRole('columnheader', { name: 'Access' })
    expect(viewer.q.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument()
  })
})

describe('the keys table', () => {
  const keys = [
    main,
    keyEntry('apid_ro', 'Reader', 'fxk_…read', { scopes: ['invoices:read', 'customers:read'], allowedIps: [], mode: 'live' }),
    keyEntry('apid_ci', 'CI', 'fxk_test_…ci00', { scopes: SCOPES.map((s) => s.name), allowedIps: ['127.0.0.1', '10.0.0.0/8'], mode: 'test' }),
  ]
  const nameCell = (q: Q, name: string) => q.getAllByRole('cell').find((c) => c.textContent?.startsWith(name))!
  const row = (q: Q, name: string) => nameCell(q, name).closest('tr')!

  it('shows a test key’s badge and each key’s access in a few words', async () => {
    server(keys)
    const { q } = renderDetail('prj_7')
    await q.findByRole('columnheader', { name: 'Access' })
    expect(within(row(q, 'CI')).getByText('Test')).toBeInTheDocument()
    expect(within(row(q, 'Main')).queryByText('Test')).not.toBeInTheDocument()
    const access = (name: string) => within(row(q, name)).getByText(/access|Read only|scopes/).textContent
    expect(access('Main')).toBe('Full access')
    expect(access('Reader')).toBe('Read only')
    expect(access('CI')).toBe('3 scopes · 2 IP ranges')
  })

  it('shows test or live keys only', async () => {
    server(keys)
    const { q } = renderDetail('prj_7')
    const user = userEvent.setup()
    const filter = await q.findByRole('combobox', { name: 'Show' })
    await user.selectOptions(filter, 'Test keys')
    expect(
      q
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0]!.textContent),
    ).toEqual(['CITest'])
    await user.selectOptions(filter, 'Live keys')
    expect(
      q
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0]!.textContent),
    ).toEqual(['Main', 'Reader'])
    await user.selectOptions(filter, 'All keys')
    expect(q.getAllByRole('row')).toHaveLength(4)
    // The header's Delete asks which key: a test key says it is one there too.
    await user.click(q.getByRole('button', { name: 'Delete' }))
    const pick = await q.findByRole('dialog', { name: 'Pick Key To Delete' })
    expect(within(pick).getByRole('option', { name: 'apid_ci (CI · Test)' })).toBeInTheDocument()
  })
})

describe('in German', () => {
  it('the dialog, its sentence and the table speak German', { timeout: 30_000 }, async () => {
    server([main, keyEntry('apid_ci', 'CI', 'fxk_test_…ci00', { scopes: ['invoices:read'], allowedIps: ['127.0.0.1'], mode: 'test' })])
    const el = mountElement('flex-project-detail', { lang: 'de', 'project-id': 'prj_7' })
    const q = shadow(el)
    const user = userEvent.setup()
    expect(await q.findByRole('columnheader', { name: 'Zugriff' }, { timeout: 20_000 })).toBeInTheDocument()
    expect(q.getByText('1 Berechtigung · 1 IP-Bereich')).toBeInTheDocument()
    expect(q.getByRole('combobox', { name: 'Anzeigen' })).toBeInTheDocument()
    await user.click(q.getByRole('button', { name: 'Erstellen' }))
    const dialog = await q.findByRole('dialog', { name: 'API-Schlüssel erstellen' })
    const d = within(dialog)
    await user.click(d.getByRole('radio', { name: /^Test/ }))
    await user.click(d.getByRole('radio', { name: /^Nur lesen/ }))
    await user.type(d.getByRole('textbox', { name: 'Erlaubte IP-Adressen' }), '127.0.0.1')
    expect(sentence(dialog)).toBe('Ein Testschlüssel, der alles lesen darf, von 1 IP-Bereich aus.')
    await user.click(d.getByRole('radio', { name: /^Benutzerdefiniert/ }))
    await user.click(d.getByRole('checkbox', { name: /invoices:read/ }))
    await user.click(d.getByRole('checkbox', { name: /customers:read/ }))
    expect(sentence(dialog)).toBe('Ein Testschlüssel, der Invoices und Customers lesen darf, von 1 IP-Bereich aus.')
    el.remove()
  })
})

describe('<flex-snippet>', () => {
  it('fills the samples with a test key when the developer has one, and says so', { timeout: 30_000 }, async () => {
    mockApi({
      'GET /api/manage/dapp/owner': { body: [detail(7)] },
      [`GET ${BASE}`]: {
        body: detail(
          7,
          { apid_test: 'fxk_test_…5678', apid_live: 'fxk_…1234' },
          {
            keys: [
              keyEntry('apid_test', 'Sandbox', 'fxk_test_…5678', { scopes: null, allowedIps: [], mode: 'test' }),
              keyEntry('apid_live', 'Production', 'fxk_…1234', { scopes: null, allowedIps: [], mode: 'live' }),
            ],
            keyLimit: 20,
          },
        ),
      },
    })
    // Both made on this page, the live one last: the samples still take the test key.
    store.setState({ revealedKeys: { prj_7: { apid_test: 'fxk_test_whole_5678', apid_live: 'fxk_live_whole_1234' } } })
    const el = mountElement('flex-snippet')
    el.innerHTML = '<pre><code>curl -H "Authorization: Bearer {{apiKey}}" -H "X-Api-Project: {{apiProjectId}}"</code></pre>'
    await waitFor(
      () => expect(el.querySelector('pre')!.textContent).toBe('curl -H "Authorization: Bearer fxk_test_whole_5678" -H "X-Api-Project: apid_test"'),
      {
        timeout: 20_000,
      },
    )
    expect(shadow(el).getByText('A test key fills these samples')).toBeInTheDocument()
    el.remove()
  })
})
