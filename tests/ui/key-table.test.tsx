import { act, fireEvent, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { KeyInfo } from '../../src/api/types'
import { keys as enKeys } from '../../src/i18n/en/keys'
import { keyStatus } from '../../src/elements/project-detail/key-status'
import { recordEvents, resetStore, signInAs } from './helpers'
import { json, mockApi, offContract } from './helpers/api-mock'
import { detail, renderDetail, stubClipboard } from './helpers/dashboard'
import { reportWidth } from './helpers/layout'

const NEW_PAIR_TEXT = enKeys['keys.new.text']

const GET = 'GET /api/manage/dapp/prj_7'
const HOUR = 3_600_000

const key = (id: string, name: string, extra: Partial<KeyInfo> = {}): KeyInfo => ({
  id,
  name,
  maskedKey: `fxk_…${id.slice(-4)}`,
  createdAt: '2024-03-05T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
  ...extra,
})

/** A project as a server with key metadata sends it: the apiKey map, keys[] and keyLimit. */
const withKeys = (keys: KeyInfo[], keyLimit = 20) => detail(7, Object.fromEntries(keys.map((k) => [k.id, k.maskedKey])), { keys, keyLimit })

beforeEach(() => {
  resetStore()
  signInAs()
})
afterEach(() => vi.unstubAllGlobals())

type Q = ReturnType<typeof renderDetail>['q']
const table = (q: Q) => q.getByRole('table', { name: 'API keys' })
const rowOf = (q: Q, name: string) =>
  within(table(q))
    .getAllByRole('row')
    .find((r) => within(r).queryAllByRole('cell')[0]?.textContent === name)!
type User = ReturnType<typeof userEvent.setup>
/** A row's "⋯" menu, opened by its button, which names the key. */
async function menuOf(q: Q, user: User, key: string) {
  await user.click(await q.findByRole('button', { name: `Actions for key ${key}` }))
  return within(q.getByRole('menu', { name: `Actions for key ${key}` }))
}
const itemsOf = async (q: Q, user: User, key: string) => (await menuOf(q, user, key)).getAllByRole('menuitem').map((i) => i.textContent)
const pick = async (q: Q, user: User, key: string, item: string) => user.click((await menuOf(q, user, key)).getByRole('menuitem', { name: item }))

describe('keys table', () => {
  it('lists each key with its name, API Project ID to copy, masked key, dates and status', async () => {
    const soon = new Date(Date.now() + 23 * HOUR + 30 * 60_000).toISOString()
    mockApi({
      [GET]: {
        body: withKeys([
          key('apid_prod', 'Production', { lastUsedAt: '2024-04-01T09:00:00.000Z' }),
          key('apid_stag', 'Staging', { expiresAt: soon }),
          key('apid_old1', 'Old', { expiresAt: '2024-01-01T00:00:00.000Z' }),
        ]),
      },
    })
    const { q } = renderDetail('prj_7')
    await q.findByRole('table', { name: 'API keys' })
    expect(
      within(table(q))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'API Project ID', 'Key', 'Created', 'Last used', 'Status', 'Actions'])
    const cells = (name: string) =>
      within(rowOf(q, name))
        .getAllByRole('cell')
        .map((c) => c.textContent)
    expect(cells('Production').slice(2, 6)).toEqual(['fxk_…prod', 'Mar 5, 2024', 'Apr 1, 2024', 'Active'])
    expect(cells('Staging').slice(4, 6)).toEqual(['Never', 'Expires in 23 h'])
    expect(cells('Old')[5]).toBe('Expired')
    expect(within(rowOf(q, 'Production')).getByRole('button', { name: /API Project ID\s*apid_prod/ })).toBeInTheDocument()
    // An expired key can be edited or deleted, not rolled.
    expect(await itemsOf(q, userEvent.setup(), 'Old')).toEqual(['Edit', 'Delete'])
  })

  it('counts the keys that have not expired against the limit, and shows the options of Pick Key To Delete as id and name', async () => {
    mockApi({ [GET]: { body: withKeys([key('apid_a', 'A'), key('apid_b', 'B'), key('apid_c', 'C', { expiresAt: '2024-01-01T00:00:00.000Z' })], 20) } })
    const { q } = renderDetail('prj_7')
    expect(await q.findByText('2 of 20 keys')).toBeInTheDocument()
    expect((q.getByRole('button', { name: 'Create' }) as HTMLButtonElement).disabled).toBe(false)
    await userEvent.setup().click(q.getByRole('button', { name: 'Delete' }))
    const select = within(q.getByRole('dialog', { name: 'Pick Key To Delete' })).getByRole('combobox', { name: 'API Project ID' }) as HTMLSelectElement
    expect(Array.from(select.options).map((o) => [o.value, o.textContent])).toEqual([
      ['apid_a', 'apid_a (A)'],
      ['apid_b', 'apid_b (B)'],
      ['apid_c', 'apid_c (C)'],
    ])
    expect(select.value).toBe('apid_a')
  })

  it('leads each choice of Pick Key To Delete with its id, and ends one too long with an ellipsis clear of the arrow', async () => {
    mockApi({ [GET]: { body: withKeys([key('apid_a', 'Production key for the invoicing service in the EU region 01')]) } })
    const { q } = renderDetail('prj_7')
    await userEvent.setup().click(await q.findByRole('button', { name: 'Delete' }))
    const select = within(q.getByRole('dialog', { name: 'Pick Key To Delete' })).getByRole('combobox', { name: 'API Project ID' }) as HTMLSelectElement
    // A phone's field shows the start: the id, which tells the key apart, not a name cut before it.
    expect(select.options[0].textContent).toBe('apid_a (Production key for the invoicing service in the EU region 01)')
    // The native arrow is drawn inside the end padding, 4 to 14 px from the edge: 24 px clears it (Chromium, at 375 px),
    // at the right, or at the left right to left; the start keeps the text fields' 12 px (tests/e2e/key-birth.test.ts).
    expect(select).toHaveClass('truncate', 'pr-6', 'rtl:pl-6')
    expect(select).not.toHaveClass('px-3')
  })

  it('disables Create at the limit and says why next to it', async () => {
    mockApi({ [GET]: { body: withKeys([key('apid_a', 'A'), key('apid_b', 'B')], 2) } })
    const { q } = renderDetail('prj_7')
    const create = (await q.findByRole('button', { name: 'Create' })) as HTMLButtonElement
    expect(create.disabled).toBe(true)
    expect(q.getByText('2 of 2 keys')).toBeInTheDocument()
    const reason = q.getByText(/Key limit reached/)
    expect(create).toHaveAttribute('aria-describedby', reason.id)
  })

  it.each(['1e999', '-1', '2.5'])(
    'takes a served key limit of %s, no positive whole number, as none: Create stays enabled and no count shows',
    async (limit) => {
      const body = JSON.stringify(withKeys([key('apid_a', 'A'), key('apid_b', 'B')])).replace('"keyLimit":20', `"keyLimit":${limit}`)
      mockApi({ [GET]: offContract(new Response(body, { headers: { 'Content-Type': 'application/json' } })) })
      const { q } = renderDetail('prj_7')
      await q.findByRole('table', { name: 'API keys' })
      expect((q.getByRole('button', { name: 'Create' }) as HTMLButtonElement).disabled).toBe(false)
      expect(q.queryByText(/^\d+ of .+ keys$/)).toBeNull()
    },
  )

  it('a row’s copy button says what happened: copied, or, when the clipboard refuses, to copy the id by hand', async () => {
    mockApi({ [GET]: { body: withKeys([key('apid_a', 'Production')]) } })
    const { q } = renderDetail('prj_7')
    await q.findByRole('table', { name: 'API keys' })
    const button = q.getByRole('button', { name: 'Copy API Project ID apid_a' })
    const writeText = stubClipboard()
    fireEvent.click(button)
    await waitFor(() => expect(within(table(q)).getByRole('status')).toHaveTextContent('Successfully copied'))
    expect(writeText).toHaveBeenCalledWith('apid_a')
    expect(button).not.toHaveAttribute('title')

    stubClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')))
    fireEvent.click(button)
    const failed = "Couldn't copy. Select the text and copy it manually."
    await waitFor(() => expect(within(table(q)).getByRole('status')).toHaveTextContent(failed))
    expect(button).toHaveAttribute('title', failed)
  })

  it('names every per-key control after its key, none equal to the project’s own Create and Delete, and tells two keys of one name apart', async () => {
    mockApi({ [GET]: { body: withKeys([key('apid_a', 'Production'), key('apid_b', 'Production'), key('apid_c', 'CI')]) } })
    const { q } = renderDetail('prj_7')
    await q.findByRole('table', { name: 'API keys' })
    const names = within(table(q))
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'))
      .filter(Boolean)
    expect(names).toEqual([
      'Copy API Project ID apid_a',
      'Actions for key Production (apid_a)',
      'Copy API Project ID apid_b',
      'Actions for key Production (apid_b)',
      'Copy API Project ID apid_c',
      'Actions for key CI',
    ])
    // The project's own Create and Delete are still found by their exact names, once each.
    expect(q.getAllByRole('button', { name: 'Create' })).toHaveLength(1)
    expect(q.getAllByRole('button', { name: 'Delete' })).toHaveLength(1)
  })

  it('drops the less important columns first as its box narrows (Created, Key, then Last used), before it stacks', async () => {
    reportWidth(600)
    mockApi({ [GET]: { body: withKeys([key('apid_a', 'Production')]) } })
    const { q } = renderDetail('prj_7')
    await waitFor(() =>
      expect(
        within(table(q))
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['Name', 'API Project ID', 'Status', 'Actions']),
    )
  })

  it("a name that a reader's text spacing widens after drawing can then take focus and shows whole in its tooltip", async () => {
    // happy-dom does no layout: the table's box is 1280 px wide, and each observer can be told that what it watches changed size.
    const resized: Array<() => void> = []
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(cb: () => void) {
          resized.push(cb)
        }
        observe(el: HTMLElement) {
          if (!el.closest('[data-name]')) Object.defineProperty(el, 'clientWidth', { value: 1280 })
          resized.at(-1)!()
        }
        disconnect() {}
      },
    )
    mockApi({ [GET]: { body: withKeys([key('apid_prod', 'Production')]) } })
    const { q } = renderDetail('prj_7')
    const name = await within(await q.findByRole('table', { name: 'API keys' })).findByTitle('Production')
    expect(name).not.toHaveAttribute('tabindex')
    // The spacing lands: the name needs 91 px of the 57 its column has, and its text's box grows.
    Object.defineProperty(name, 'scrollWidth', { configurable: true, value: 91 })
    Object.defineProperty(name, 'clientWidth', { configurable: true, value: 57 })
    act(() => resized.forEach((cb) => cb()))
    await waitFor(() => expect(name).toHaveAttribute('tabindex', '0'))
    fireEvent.focus(name)
    expect(q.getByRole('tooltip')).toHaveTextContent('Production')
  })

  it('when even Name, Status and Actions do not fit, stacks each key as a card with its actions at the foot', async () => {
    reportWidth(400)
    mockApi({ [GET]: { body: withKeys([key('apid_a', 'Production')]) } })
    const { q } = renderDetail('prj_7')
    const list = await q.findByRole('list', { name: 'API keys' })
    const card = within(list).getByRole('listitem')
    expect(card).toHaveTextContent('Production')
    expect(card).toHaveTextContent('Last used Never')
    expect(
      within(card)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['', 'Edit', 'Roll', 'Delete'])
    expect(q.queryByRole('table')).not.toBeInTheDocument()
  })

  it("a viewer's card has no actions and no empty foot where they would be", async () => {
    reportWidth(400)
    mockApi({
      [GET]: { body: detail(7, { apid_a: 'fxk_…id_a' }, { keys: [key('apid_a', 'Production')], keyLimit: 20, role: 'viewer' }) },
      'GET /api/capabilities': { body: { features: ['teams'] } },
    })
    const { q } = renderDetail('prj_7')
    const card = within(await q.findByRole('list', { name: 'API keys' })).getByRole('listitem')
    await waitFor(() => expect(card).toHaveTextContent('Last used Never'))
    expect(within(card).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument()
    // Every part of the card says something: the ruled-off foot goes with the buttons.
    expect([...card.children].filter((part) => part.textContent === '')).toEqual([])
  })

  it('a rolled-away key says "Replaced — stops in 23 h" and offers no Roll; its successor says which key it replaces', async () => {
    const later = new Date(Date.now() + 23 * HOUR + 30 * 60_000).toISOString()
    mockApi({
      [GET]: {
        body: withKeys([
          key('apid_old', 'Production', { expiresAt: later, rolledAt: new Date().toISOString(), replacedBy: 'apid_new' }),
          key('apid_new', 'Production'),
          key('apid_gone', 'Gone', { expiresAt: '2024-01-01T00:00:00.000Z', rolledAt: '2023-12-31T00:00:00.000Z', replacedBy: 'apid_x' }),
        ]),
      },
    })
    const { q } = renderDetail('prj_7')
    await q.findByRole('table', { name: 'API keys' })
    const row = (id: string) =>
      within(table(q))
        .getAllByRole('row')
        .find((r) => r.textContent!.includes(id))!
    expect(within(row('apid_old')).getAllByRole('cell')[5].textContent).toBe('Replaced — stops in 23 h')
    const user = userEvent.setup()
    expect(await itemsOf(q, user, 'Production (apid_old)')).toEqual(['Edit', 'Delete'])
    await user.keyboard('{Escape}')
    expect(within(row('apid_new')).getAllByRole('cell')[5].textContent).toBe('ActiveReplaces fxk_…_old')
    expect(await itemsOf(q, user, 'Production (apid_new)')).toEqual(['Edit', 'Roll', 'Delete'])
    await user.keyboard('{Escape}')
    expect(within(row('apid_gone')).getAllByRole('cell')[5].textContent).toBe('Expired')
    expect(await itemsOf(q, user, 'Gone')).toEqual(['Edit', 'Delete'])
  })

  it('"Last used" reads "2 min ago" with the exact time on hover, and "Never" when unused', async () => {
    const used = new Date(Date.now() - 2 * 60_000 - 5_000).toISOString()
    mockApi({ [GET]: { body: withKeys([key('apid_a', 'A', { lastUsedAt: used }), key('apid_b', 'B')]) } })
    const { q } = renderDetail('prj_7')
    await q.findByRole('table', { name: 'API keys' })
    const when = within(rowOf(q, 'A')).getByText('2 min ago')
    expect(when.tagName).toBe('TIME')
    expect(when).toHaveAttribute('dateTime', used)
    expect(when.getAttribute('title')).toMatch(/\d/)
    expect(within(rowOf(q, 'B')).getAllByRole('cell')[4].textContent).toBe('Never')
  })

  it('status reads in minutes, hours and days', () => {
    const now = Date.parse('2030-01-01T00:00:00Z')
    const at = (ms: number) => keyStatus(key('apid_x', 'x', { expiresAt: new Date(now + ms).toISOString() }), now)
    expect([at(10 * 60_000), at(23.9 * HOUR), at(72 * HOUR), at(0), at(-1)]).toEqual([
      'Expires in 10 min',
      'Expires in 23 h',
      'Expires in 3 days',
      'Expired',
      'Expired',
    ])
  })
})

describe('per-key actions', () => {
  it('Edit renames a key and sets its expiry, reloads, and fires flex-key-updated with ids only', async () => {
    let keys = [key('apid_a', 'Default key')]
    const api = mockApi({
      [GET]: () => json(withKeys(keys)),
      'PATCH /api/manage/dapp/prj_7/api-key/apid_a': (call) => {
        keys = [{ ...keys[0], ...(call.body as object) }]
        return json(keys[0])
      },
    })
    const { q, host } = renderDetail('prj_7')
    const events = recordEvents(['flex-key-updated'], host)
    const user = userEvent.setup()
    await pick(q, user, 'Default key', 'Edit')
    const dialog = q.getByRole('dialog', { name: 'Edit API key' })
    const name = within(dialog).getByRole('textbox', { name: 'Key name' })
    fireEvent.change(name, { target: { value: '  Production ' } })
    const expiry = within(dialog).getByRole('combobox', { name: 'Expires' }) as HTMLSelectElement
    expect(Array.from(expiry.options).map((o) => o.textContent)).toEqual([
      'Unchanged',
      'Never',
      'In 1 hour',
      'In 24 hours',
      'In 7 days',
      'In 30 days',
      'In 90 days',
    ])
    await user.selectOptions(expiry, 'In 24 hours')
    const before = Date.now()
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(q.queryByRole('dialog')).not.toBeInTheDocument())
    const sent = api.callsTo('PATCH /api/manage/dapp/prj_7/api-key/apid_a')[0].body as { name: string; expiresAt: string }
    expect(sent.name).toBe('Production')
    expect(Date.parse(sent.expiresAt) - before).toBeGreaterThanOrEqual(24 * HOUR - 1000)
    expect(Date.parse(sent.expiresAt) - Date.now()).toBeLessThanOrEqual(24 * HOUR)
    expect(await q.findByRole('button', { name: 'Actions for key Production' })).toBeInTheDocument()
    expect(events.events.map((e) => e.detail)).toEqual([{ projectId: 'prj_7', keyId: 'apid_a' }])
  })

  it('Edit leaves an unchanged expiry out, sends Never as null, and shows a refusal about the name under the name', async () => {
    const api = mockApi({
      [GET]: { body: withKeys([key('apid_a', 'A', { expiresAt: '2031-01-01T00:00:00.000Z' })]) },
      'PATCH /api/manage/dapp/prj_7/api-key/apid_a': { status: 400, body: { message: 'Key name must be at most 60 characters.', code: 'KEY_NAME_TOO_LONG' } },
    })
    const { q } = renderDetail('prj_7')
    const user = userEvent.setup()
    await pick(q, user, 'A', 'Edit')
    const dialog = q.getByRole('dialog', { name: 'Edit API key' })
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    const name = within(dialog).getByRole('textbox', { name: 'Key name' })
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'))
    expect(name).toHaveAccessibleDescription('Key name must be at most 60 characters.')
    // Focused, so a screen reader reads the message with it (the button pressed says nothing of it).
    expect(name.getRootNode()).toHaveProperty('activeElement', name)
    // Beside the field, not in a banner at the top of the form.
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
    expect(api.callsTo('PATCH /api/manage/dapp/prj_7/api-key/apid_a')[0].body).toEqual({ name: 'A' })
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Expires' }), 'Never')
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(api.callsTo('PATCH /api/manage/dapp/prj_7/api-key/apid_a')).toHaveLength(2))
    expect(api.callsTo('PATCH /api/manage/dapp/prj_7/api-key/apid_a')[1].body).toEqual({ name: 'A', expiresAt: null })
  })

  it.each([
    ['KEY_NAME_BLANK', 'Key name must contain a visible character, not only spaces or invisible characters.'],
    ['KEY_NAME_CONTROL_CHARACTERS', 'Key name must not contain line breaks, tabs or other control characters.'],
  ])('Edit shows a refused name (%s) under the name, in the widget’s words (so in the reader’s language)', async (code, text) => {
    mockApi({
      [GET]: { body: withKeys([key('apid_a', 'A')]) },
      'PATCH /api/manage/dapp/prj_7/api-key/apid_a': { status: 400, body: { message: 'Refused by a newer server.', code } },
    })
    const { q } = renderDetail('prj_7')
    const user = userEvent.setup()
    await pick(q, user, 'A', 'Edit')
    const dialog = q.getByRole('dialog', { name: 'Edit API key' })
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    const name = within(dialog).getByRole('textbox', { name: 'Key name' })
    await waitFor(() => expect(name).toHaveAccessibleDescription(text))
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
  })

  it("Roll asks when the old key should stop, then shows the new pair in 'New API Information' and fires flex-key-rolled", async () => {
    let keys = [key('apid_a', 'Production')]
    const api = mockApi({
      [GET]: () => json(withKeys(keys)),
      'POST /api/manage/dapp/prj_7/api-key/apid_a/roll': () => {
        keys = [{ ...keys[0], expiresAt: new Date(Date.now() + HOUR).toISOString() }, key('apid_n', 'Production')]
        return json({ apid_n: 'fxk_the_whole_new_secret' }, 201)
      },
    })
    const { q, host } = renderDetail('prj_7')
    const events = recordEvents(['flex-key-rolled', 'flex-key-created'], host)
    const user = userEvent.setup()
    await pick(q, user, 'Production', 'Roll')
    const dialog = q.getByRole('dialog', { name: 'Roll API key' })
    const when = within(dialog).getByRole('combobox', { name: 'The old key stops working' }) as HTMLSelectElement
    expect(Array.from(when.options).map((o) => o.textContent)).toEqual(['Now', 'In 1 hour', 'In 24 hours', 'In 7 days'])
    await user.selectOptions(when, 'In 1 hour')
    await user.click(within(dialog).getByRole('button', { name: 'Roll key' }))

    const info = await q.findByRole('dialog', { name: 'New API Information' })
    expect(info.textContent).toContain(NEW_PAIR_TEXT)
    expect(within(info).getByRole('button', { name: /^API Project ID\s*apid_n/ })).toBeInTheDocument()
    expect(within(info).getByRole('button', { name: /API Key\s*fxk_the_whole_new_secret/ })).toBeInTheDocument()
    expect(api.callsTo('POST /api/manage/dapp/prj_7/api-key/apid_a/roll')[0].body).toEqual({ graceSeconds: 3600 })
    expect(events.events.map((e) => [e.type, e.detail])).toEqual([['flex-key-rolled', { projectId: 'prj_7', keyId: 'apid_a', newKeyId: 'apid_n' }]])
    expect(JSON.stringify(events.events[0].detail)).not.toContain('fxk_')
    await user.click(within(info).getByRole('button', { name: 'Exit' }))
    await waitFor(() => expect(q.getAllByRole('row')).toHaveLength(3))
    // Two keys named Production: each also shows its masked key under the name.
    const old = within(table(q))
      .getAllByRole('row')
      .find((r) => r.textContent!.includes('apid_a'))!
    expect(within(old).getAllByRole('cell')[0].textContent).toBe('Productionfxk_…id_a')
    expect(within(old).getAllByRole('cell')[5].textContent).toMatch(/^Expires in (59 min|1 h)$/)
  })

  it('isolates a key’s name in the sentences of its Delete and Roll dialogs: a right-to-left name ending in a number keeps “(id)” and the words after it in place', async () => {
    const name = '\u05de\u05e4\u05ea\u05d7 2'
    mockApi({ [GET]: { body: withKeys([key('apid_a', name)]) } })
    const { q } = renderDetail('prj_7')
    const user = userEvent.setup()
    await pick(q, user, name, 'Delete')
    expect(q.getByRole('dialog', { name: 'Delete API key' }).querySelector('p')!.textContent).toBe(
      `\u2068${name}\u2069 (apid_a): anything using it stops working at once.`,
    )
    await user.click(q.getByRole('button', { name: 'Cancel' }))
    await pick(q, user, name, 'Roll')
    expect(q.getByRole('dialog', { name: 'Roll API key' }).querySelector('p')!.textContent).toBe(`\u2068${name}\u2069: a new key with this name replaces it.`)
  })

  it('a row’s Delete confirms that one key, then toasts and fires flex-key-deleted', async () => {
    let keys = [key('apid_a', 'A'), key('apid_b', 'Production')]
    const api = mockApi({
      [GET]: () => json(withKeys(keys)),
      'DELETE /api/manage/dapp/prj_7/api-key/apid_b': () => {
        keys = keys.filter((k) => k.id !== 'apid_b')
        return json({ deleted: 'apid_b' })
      },
    })
    const { q, host } = renderDetail('prj_7')
    const events = recordEvents(['flex-key-deleted'], host)
    const user = userEvent.setup()
    await pick(q, user, 'Production', 'Delete')
    const dialog = q.getByRole('dialog', { name: 'Delete API key' })
    expect(dialog.textContent).toContain('Production')
    expect(dialog.textContent).toContain('apid_b')
    await user.click(within(dialog).getByRole('button', { name: 'Delete key' }))
    expect(await q.findByText('Successfully deleted!')).toBeInTheDocument()
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/manage/dapp/prj_7/api-key/apid_b'])
    await waitFor(() => expect(q.queryByRole('button', { name: 'Actions for key Production' })).not.toBeInTheDocument())
    expect(events.events.map((e) => e.detail)).toEqual([{ projectId: 'prj_7', keyId: 'apid_b' }])
    // The row's menu button that had focus went with the row: the keys' section takes it, not the page.
    expect(host.shadowRoot!.activeElement).toBe(table(q).closest('section'))
  })

  it('Cancel on a row’s Delete deletes nothing', async () => {
    const api = mockApi({ [GET]: { body: withKeys([key('apid_a', 'A')]) } })
    const { q } = renderDetail('prj_7')
    const user = userEvent.setup()
    await pick(q, user, 'A', 'Delete')
    await user.click(within(q.getByRole('dialog', { name: 'Delete API key' })).getByRole('button', { name: 'Cancel' }))
    expect(q.queryByRole('dialog')).not.toBeInTheDocument()
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0)
  })
})

describe('against a server without key metadata', () => {
  it('shows no table, counter or per-key actions; Create, Delete and Project Information work as before', async () => {
    mockApi({
      [GET]: { body: detail(7, { api_a: 'sk…1', api_b: 'sk…2' }) },
      'POST /api/manage/dapp/prj_7/api-key': { status: 201, body: { api_new: 'sk_full' } },
    })
    const { q } = renderDetail('prj_7')
    const create = (await q.findByRole('button', { name: 'Create' })) as HTMLButtonElement
    expect(q.queryByRole('table')).not.toBeInTheDocument()
    expect(q.queryByText(/ of \d+ keys/)).not.toBeInTheDocument()
    expect(q.queryByRole('button', { name: /^(Edit|Roll|Delete) key/ })).not.toBeInTheDocument()
    await userEvent.setup().click(q.getByRole('button', { name: 'Delete' }))
    const select = q.getByRole('combobox', { name: 'API Project ID' }) as HTMLSelectElement
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual(['api_a', 'api_b'])
    await userEvent.setup().click(q.getByRole('button', { name: 'Cancel' }))
    expect(create.disabled).toBe(false)
  })
})
