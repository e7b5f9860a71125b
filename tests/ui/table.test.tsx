/**
 * The one table pattern's column priorities (components/table): which columns
 * show at which widths of the table's own box, the room a name keeps, and the
 * cards below; through the pure fitting and through the keys and projects
 * tables as a reader meets them.
 */
import { act, render, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { KeyInfo } from '../../src/api/types'
import { fitColumns, NAME_ROOM, type FitColumn } from '../../src/components/table'
import { StackTable } from '../../src/components/webhooks/StackTable'
import { resetStore, signInAs } from './helpers'
import { mockApi } from './helpers/api-mock'
import { detail, renderDetail } from './helpers/dashboard'
import { reportWidth } from './helpers/layout'

const COLUMNS: FitColumn[] = [
  { id: 'id', priority: 1, width: 150 },
  { id: 'key', priority: 4, width: 110 },
  { id: 'created', priority: 5, width: 120 },
  { id: 'used', priority: 2, width: 110 },
  { id: 'status', priority: 0, width: 110 },
  { id: 'actions', priority: 0, width: 180 },
]

describe('fitColumns', () => {
  it('shows every column in a box not laid out yet (0 px) and in a box with room for all', () => {
    expect(fitColumns(COLUMNS, 0, NAME_ROOM)).toEqual({ shown: ['id', 'key', 'created', 'used', 'status', 'actions'], cards: false })
    expect(fitColumns(COLUMNS, 1000, NAME_ROOM)).toEqual({ shown: ['id', 'key', 'created', 'used', 'status', 'actions'], cards: false })
  })

  it('drops the least important first as the box narrows, keeping the order of those left', () => {
    const shown = (box: number) => fitColumns(COLUMNS, box, NAME_ROOM).shown
    expect(shown(900)).toEqual(['id', 'key', 'used', 'status', 'actions'])
    expect(shown(800)).toEqual(['id', 'used', 'status', 'actions'])
    expect(shown(700)).toEqual(['id', 'status', 'actions'])
    expect(shown(600)).toEqual(['status', 'actions'])
  })

  it('of equal priority, the later column goes first', () => {
    const twins: FitColumn[] = [
      { id: 'a', priority: 1, width: 100 },
      { id: 'b', priority: 1, width: 100 },
    ]
    expect(fitColumns(twins, 249, 50).shown).toEqual(['a'])
  })

  it('turns the rows into cards only when the columns of priority 0 do not fit beside the name', () => {
    expect(fitColumns(COLUMNS, 498, NAME_ROOM)).toEqual({ shown: ['status', 'actions'], cards: false })
    expect(fitColumns(COLUMNS, 497, NAME_ROOM)).toEqual({ shown: ['status', 'actions'], cards: true })
  })

  it('at any width that shows a table, leaves the name the room of 24 characters', () => {
    for (let box = 300; box <= 1400; box += 10) {
      const fit = fitColumns(COLUMNS, box, NAME_ROOM)
      if (fit.cards) continue
      const taken = COLUMNS.filter((c) => fit.shown.includes(c.id)).reduce((n, c) => n + c.width, 0)
      expect(box - taken, `at ${box} px`).toBeGreaterThanOrEqual(NAME_ROOM)
    }
  })
})

const key = (id: string, name: string): KeyInfo => ({
  id,
  name,
  maskedKey: `fxk_…${id.slice(-4)}`,
  createdAt: '2024-03-05T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
})

describe('the keys table at widths of its box', () => {
  beforeEach(() => {
    resetStore()
    signInAs()
  })
  afterEach(() => vi.unstubAllGlobals())

  /** The table's headers once it has fitted a box `width` px wide. */
  const expectHeaders = async (width: number, expected: string[]) => {
    reportWidth(width)
    const keys = [key('apid_prod', 'Production'), key('apid_stag', 'Staging server'), key('apid_locl', 'Local development')]
    mockApi({ 'GET /api/manage/dapp/prj_7': { body: detail(7, Object.fromEntries(keys.map((k) => [k.id, k.maskedKey])), { keys, keyLimit: 20 }) } })
    const { q, unmount } = renderDetail('prj_7')
    await waitFor(() =>
      expect(
        within(q.getByRole('table', { name: 'API keys' }))
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
        `at ${width} px`,
      ).toEqual(expected),
    )
    unmount()
  }

  // The row's actions sit in one "⋯" menu, so the columns keep more of the width; the API Project ID is never
  // dropped: where it and Name, Status and the menu do not fit, the keys become cards (which show it).
  it('shows every column in a wide box, and drops Created, then Key, then Last used as it narrows, never the API Project ID', async () => {
    await expectHeaders(900, ['Name', 'API Project ID', 'Key', 'Created', 'Last used', 'Status', 'Actions'])
    await expectHeaders(800, ['Name', 'API Project ID', 'Key', 'Last used', 'Status', 'Actions'])
    await expectHeaders(700, ['Name', 'API Project ID', 'Last used', 'Status', 'Actions'])
    await expectHeaders(600, ['Name', 'API Project ID', 'Status', 'Actions'])
  })

  it('keeps the name column first and whole in the markup at every width that shows a table', async () => {
    for (const width of [600, 700, 1100]) {
      reportWidth(width)
      mockApi({
        'GET /api/manage/dapp/prj_7': { body: detail(7, { apid_locl: 'fxk_…locl' }, { keys: [key('apid_locl', 'Local development server')], keyLimit: 20 }) },
      })
      const { q, unmount } = renderDetail('prj_7')
      const table = await q.findByRole('table', { name: 'API keys' })
      expect(within(table).getAllByRole('cell')[0].textContent).toBe('Local development server')
      unmount()
    }
  })

  it('becomes cards when Name, the API Project ID, Status and Actions do not fit', async () => {
    reportWidth(520)
    mockApi({ 'GET /api/manage/dapp/prj_7': { body: detail(7, { apid_prod: 'fxk_…prod' }, { keys: [key('apid_prod', 'Production')], keyLimit: 20 }) } })
    const { q } = renderDetail('prj_7')
    await waitFor(() => expect(q.getByRole('list', { name: 'API keys' })).toBeInTheDocument())
    expect(q.queryByRole('table', { name: 'API keys' })).not.toBeInTheDocument()
  })
})

describe('a table without a name column (the delivery attempts)', () => {
  afterEach(() => vi.unstubAllGlobals())

  const attempts = (width: number) => {
    reportWidth(width)
    return render(
      <StackTable
        caption="Delivery attempts"
        columns={['Status', 'HTTP code', 'Event', 'Time']}
        priorities={[0, 2, 0, 1]}
        rows={[{ key: 'a', cells: ['Succeeded', '200', 'invoice.paid', 'Nov 3'] }]}
      />,
    )
  }

  it('drops by priority with no room kept for a name, and labels each value as a card below that', () => {
    const wide = attempts(480)
    expect(wide.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Status', 'HTTP code', 'Event', 'Time'])
    wide.unmount()
    const middle = attempts(360)
    expect(middle.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Status', 'Event', 'Time'])
    middle.unmount()
    const narrow = attempts(200)
    // As a card each value keeps its label beside it (the header row is for assistive technology only).
    expect(within(narrow.getAllByRole('row')[1]).getAllByRole('cell')[0].textContent).toBe('StatusSucceeded')
  })
})

describe('the fitting reads the layout', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })

  const table = (event: string) => (
    <StackTable
      caption="Delivery attempts"
      columns={['Status', 'HTTP code', 'Event', 'Time']}
      rows={[{ key: 'a', cells: ['Succeeded', '200', event, 'Nov 3'] }]}
    />
  )

  // Each read lays the page out: beside a thousand rows, or a thousand options elsewhere on the page, it froze
  // the page for most of a second on every render.
  it('again when the rows change, and not on a render that changed nothing it fits', () => {
    reportWidth(900)
    const reads = vi.spyOn(Element.prototype, 'getBoundingClientRect')
    const { rerender } = render(table('invoice.paid'))
    expect(reads).toHaveBeenCalled()
    reads.mockClear()
    rerender(table('invoice.paid'))
    rerender(table('invoice.paid'))
    expect(reads).not.toHaveBeenCalled()
    rerender(table('customer.subscription.updated'))
    expect(reads).toHaveBeenCalled()
  })

  it('again when a web font arrives (a host’s --flex-font), which changes every width without a render', () => {
    const fonts = new EventTarget()
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true })
    try {
      reportWidth(900)
      const reads = vi.spyOn(Element.prototype, 'getBoundingClientRect')
      render(table('invoice.paid'))
      reads.mockClear()
      act(() => void fonts.dispatchEvent(new Event('loadingdone')))
      expect(reads).toHaveBeenCalled()
    } finally {
      delete (document as { fonts?: unknown }).fonts
    }
  })
})

describe('two keys of one name, after a roll', () => {
  beforeEach(() => {
    resetStore()
    signInAs()
  })

  const DAYS = Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 1, 9 + i)).toISOString().slice(0, 10))
  const zeros = () => DAYS.map(() => 0)
  const one = () => DAYS.map((_, i) => (i === 29 ? 1 : 0))

  it("are told apart by their masked keys in the table, the successor's status and the usage picker", async () => {
    const old = {
      ...key('apid_tw1o', 'Production'),
      rolledAt: new Date().toISOString(),
      replacedBy: 'apid_tw1n',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    }
    const successor = key('apid_tw1n', 'Production')
    mockApi({
      'GET /api/capabilities': { body: { features: ['usage'] } },
      'GET /api/manage/dapp/prj_7': { body: detail(7, { apid_tw1o: old.maskedKey, apid_tw1n: successor.maskedKey }, { keys: [old, successor], keyLimit: 20 }) },
      'GET /api/manage/dapp/prj_7/usage': {
        body: {
          days: DAYS,
          keys: [
            { keyId: 'apid_tw1o', name: 'Production', valid: one(), invalid: zeros() },
            { keyId: 'apid_tw1n', name: 'Production', valid: one(), invalid: zeros() },
          ],
        },
      },
    })
    const { q } = renderDetail('prj_7')
    const table = await q.findByRole('table', { name: 'API keys' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['Productionfxk_…tw1o', 'Productionfxk_…tw1n'])
    expect(within(rows[1]).getByText('Replaces fxk_…tw1o')).toBeInTheDocument()
    const picker = await within(await q.findByRole('region', { name: 'Usage' })).findByRole('combobox', { name: 'Key' })
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All keys', 'Production · fxk_…tw1o', 'Production · fxk_…tw1n'])
  })
})

describe("the keys card's own Delete", () => {
  beforeEach(() => {
    resetStore()
    signInAs()
  })

  it('is outlined, not filled, and its dialog says that anything using the key stops at once', async () => {
    mockApi({ 'GET /api/manage/dapp/prj_7': { body: detail(7, { api_a: 'fxk_…a', api_b: 'fxk_…b' }) } })
    const { q } = renderDetail('prj_7')
    const del = await q.findByRole('button', { name: 'Delete' })
    expect(del.className).toContain('border')
    expect(del.className).not.toContain('bg-danger')
    del.click()
    const dialog = await q.findByRole('dialog', { name: 'Pick Key To Delete' })
    expect((within(dialog).getByRole('combobox', { name: 'API Project ID' }) as HTMLSelectElement).value).toBe('api_a')
    expect(dialog).toHaveTextContent('Anything using the chosen key stops working at once.')
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeInTheDocument()
  })
})
