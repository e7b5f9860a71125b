import { waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { KeyInfo } from '../../src/api/types'
import { scaleTop, usageSummary } from '../../src/elements/project-detail/usage/UsageChart'
import { usage as enUsage } from '../../src/i18n/en/usage'
import { parseUsage } from '../../src/api/usage'
import { store } from '../../src/store'
import { resetStore, signInAs } from './helpers'
import { json, mockApi } from './helpers/api-mock'
import { detail, renderDetail } from './helpers/dashboard'

const USAGE_EMPTY = enUsage['usage.empty']

const GET = 'GET /api/manage/dapp/prj_7'
const USAGE = 'GET /api/manage/dapp/prj_7/usage'
const CAPS = 'GET /api/capabilities'

const key = (id: string, name: string): KeyInfo => ({
  id,
  name,
  maskedKey: `fxk_…${id.slice(-4)}`,
  createdAt: '2024-03-05T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
})
const withKeys = (keys: KeyInfo[]) => detail(7, Object.fromEntries(keys.map((k) => [k.id, k.maskedKey])), { keys, keyLimit: 20 })

/** 30 days ending 2026-03-10, with `at` (index → count) set and zeros elsewhere. */
const DAYS = Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 1, 9 + i)).toISOString().slice(0, 10))
const series = (at: Record<number, number> = {}) => DAYS.map((_, i) => at[i] ?? 0)

// The widget keeps one usage answer per load of a project; each test uses key ids of its own all the same.
let n = 0
const ids = () => {
  n++
  return [`apid_a${n}`, `apid_b${n}`, `apid_gone${n}`] as const
}

beforeEach(() => {
  resetStore()
  signInAs()
})
afterEach(() => vi.unstubAllGlobals())

type Q = ReturnType<typeof renderDetail>['q']
const section = (q: Q) => within(q.getByRole('region', { name: 'Usage' }))
const keysTable = (q: Q) => within(q.getByRole('table', { name: 'API keys' }))

describe('usage on the project page', () => {
  it('charts valid and refused requests per day with a summary as its name, and a table of the numbers', async () => {
    const [a, b, gone] = ids()
    mockApi({
      [CAPS]: { body: { features: ['usage'] } },
      [GET]: { body: withKeys([key(a, 'Production'), key(b, 'Staging')]) },
      [USAGE]: {
        body: {
          days: DAYS,
          keys: [
            { keyId: a, name: 'Production', valid: series({ 27: 30, 29: 5 }), invalid: series({ 29: 3 }) },
            { keyId: b, name: 'Staging', valid: series({ 28: 5 }), invalid: series() },
            { keyId: gone, name: 'Old key', valid: series(), invalid: series({ 0: 2 }) },
          ],
        },
      },
    })
    const { q } = renderDetail('prj_7')
    const chart = await q.findByRole('img', { name: 'API requests, last 30 days: 40 valid, 5 refused' })
    // One bar group a day, each telling its day on hover.
    expect(chart.querySelectorAll('g')).toHaveLength(30)
    expect(chart.querySelector('g:last-of-type title')?.textContent).toBe('Mar 10: 5 valid, 3 refused')
    const numbers = section(q).getByRole('table', { name: 'API requests per day' })
    const last = within(numbers).getAllByRole('row').at(-1)!
    expect(within(last).getByRole('rowheader').textContent).toBe('Mar 10')
    expect(
      within(last)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['5', '3'])
    expect(section(q).getByText('40 valid')).toBeInTheDocument()
  })

  it('filters the chart by key, deleted keys included', async () => {
    const [a, b, gone] = ids()
    mockApi({
      [CAPS]: { body: { features: ['usage'] } },
      [GET]: { body: withKeys([key(a, 'Production'), key(b, 'Staging')]) },
      [USAGE]: {
        body: {
          days: DAYS,
          keys: [
            { keyId: a, name: 'Production', valid: series({ 29: 7 }), invalid: series({ 29: 1 }) },
            { keyId: b, name: 'Staging', valid: series({ 28: 2 }), invalid: series() },
            { keyId: gone, name: 'Old key', valid: series({ 3: 4 }), invalid: series() },
          ],
        },
      },
    })
    const { q } = renderDetail('prj_7')
    await q.findByRole('img', { name: 'API requests, last 30 days: 13 valid, 1 refused' })
    const filter = section(q).getByRole('combobox', { name: 'Key' })
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All keys', 'Production', 'Staging', 'Old key (deleted)'])
    const user = userEvent.setup()
    await user.selectOptions(filter, 'Staging')
    expect(section(q).getByRole('img', { name: 'API requests for Staging, last 30 days: 2 valid, 0 refused' })).toBeInTheDocument()
    await user.selectOptions(filter, 'Old key (deleted)')
    expect(section(q).getByRole('img', { name: 'API requests for Old key, last 30 days: 4 valid, 0 refused' })).toBeInTheDocument()
  })

  it('adds a "Requests (30 d)" column to the keys table, valid and refused together', async () => {
    const [a, b] = ids()
    const api = mockApi({
      [CAPS]: { body: { features: ['usage'] } },
      [GET]: { body: withKeys([key(a, 'Production'), key(b, 'Staging')]) },
      [USAGE]: { body: { days: DAYS, keys: [{ keyId: a, name: 'Production', valid: series({ 1: 1200, 29: 34 }), invalid: series({ 29: 6 }) }] } },
    })
    const { q } = renderDetail('prj_7')
    await q.findByRole('img', { name: /API requests/ })
    const headers = keysTable(q)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/\s/g, ' '))
    expect(headers).toEqual(['Name', 'API Project ID', 'Key', 'Created', 'Last used', 'Requests (30 d)', 'Status', 'Actions'])
    const cellOf = (name: string) => {
      const row = keysTable(q)
        .getAllByRole('row')
        .find((r) => within(r).queryAllByRole('cell')[0]?.textContent === name)!
      return within(row).getAllByRole('cell')[5]
    }
    await waitFor(() => expect(cellOf('Production').textContent).toBe('1,240'))
    expect(cellOf('Production').querySelector('[title]')?.getAttribute('title')).toBe('1,234 valid, 6 refused')
    // A key with no counts is a zero, not a gap.
    expect(cellOf('Staging').textContent).toBe('0')
    // One request for the section and every cell.
    expect(api.calls.filter((c) => c.url.includes('/usage'))).toHaveLength(1)
    expect(api.calls.find((c) => c.url.includes('/usage'))?.url).toMatch(/\/usage\?days=30$/)
  })

  it('filters by mode only once the project has a test key: choosing Test asks for test keys alone and shows their numbers', async () => {
    const [a, b] = ids()
    const api = mockApi({
      [CAPS]: { body: { features: ['usage'] } },
      [GET]: {
        body: withKeys([
          { ...key(a, 'Production'), mode: 'live' },
          { ...key(b, 'Sandbox'), mode: 'test' },
        ]),
      },
      [USAGE]: (call) => {
        const mode = new URL(call.url, 'http://x').searchParams.get('mode')
        const live = { keyId: a, name: 'Production', valid: series({ 29: 9 }), invalid: series({ 29: 2 }) }
        const test = { keyId: b, name: 'Sandbox', valid: series({ 28: 4 }), invalid: series({ 29: 1 }) }
        return json({ days: DAYS, keys: mode === 'test' ? [test] : mode === 'live' ? [live] : [live, test] })
      },
    })
    const { q } = renderDetail('prj_7')
    await q.findByRole('img', { name: 'API requests, last 30 days: 13 valid, 3 refused' })
    const filter = section(q).getByRole('combobox', { name: 'Mode' })
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any mode', 'Live keys', 'Test keys'])
    await userEvent.setup().selectOptions(filter, 'Test keys')
    expect(await section(q).findByRole('img', { name: 'API requests, last 30 days: 4 valid, 1 refused' })).toBeInTheDocument()
    expect(section(q).getByText('4 valid')).toBeInTheDocument()
    expect(api.calls.filter((c) => c.url.includes('/usage')).map((c) => new URL(c.url, 'http://x').search)).toEqual(['?days=30', '?days=30&mode=test'])
    // The choice stays, and keeps its name for a screen reader.
    expect(section(q).getByRole('combobox', { name: 'Mode' })).toHaveValue('test')
  })

  it('offers no mode filter to a project without a test key', async () => {
    const [a] = ids()
    mockApi({
      [CAPS]: { body: { features: ['usage'] } },
      [GET]: { body: withKeys([{ ...key(a, 'Production'), mode: 'live' }]) },
      [USAGE]: { body: { days: DAYS, keys: [{ keyId: a, name: 'Production', valid: series({ 29: 2 }), invalid: series() }] } },
    })
    const { q } = renderDetail('prj_7')
    await q.findByRole('img', { name: 'API requests, last 30 days: 2 valid, 0 refused' })
    expect(section(q).getByRole('combobox', { name: 'Key' })).toBeInTheDocument()
    expect(section(q).queryByRole('combobox', { name: 'Mode' })).not.toBeInTheDocument()
  })

  /** A server with usage, and a project of one key that has had no requests. */
  const oneQuietKey = () => {
    const [a] = ids()
    mockApi({
      [CAPS]: { body: { features: ['usage'] } },
      [GET]: { body: withKeys([key(a, 'Production')]) },
      [USAGE]: { body: { days: DAYS, keys: [{ keyId: a, name: 'Production', valid: series(), invalid: series() }] } },
    })
  }

  it('is headed one level below the project, as heading-level says', async () => {
    oneQuietKey()
    const { q } = renderDetail('prj_7', { headingLevel: 3 })
    expect(await q.findByRole('heading', { level: 3, name: 'Project 7' })).toBeInTheDocument()
    expect(await q.findByRole('heading', { level: 4, name: 'Usage' })).toBeInTheDocument()
  })

  it('says how to get requests when there are none, with a link to verification in the docs', async () => {
    oneQuietKey()
    const { q } = renderDetail('prj_7')
    await q.findByRole('region', { name: 'Usage' })
    expect(await section(q).findByText(USAGE_EMPTY)).toBeInTheDocument()
    expect(USAGE_EMPTY).toBe('No requests yet: verify a key to see it here')
    const link = section(q).getByRole('link', { name: /How to verify a key/ })
    expect(link.getAttribute('href')).toMatch(/\/api\/docs#tag\/Verification$/)
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    expect(section(q).queryByRole('img')).not.toBeInTheDocument()
  })

  it('asks again when the project is opened again: a call made meanwhile shows, in the chart and the keys table', async () => {
    const [a] = ids()
    let valid = 0
    const api = mockApi({
      [CAPS]: { body: { features: ['usage'] } },
      [GET]: { body: withKeys([key(a, 'Production')]) },
      [USAGE]: () => json({ days: DAYS, keys: [{ keyId: a, name: 'Production', valid: series({ 29: valid }), invalid: series() }] }),
    })
    const first = renderDetail('prj_7')
    expect(await within(await first.q.findByRole('region', { name: 'Usage' })).findByText(USAGE_EMPTY)).toBeInTheDocument()
    first.unmount()
    valid = 7
    const { q } = renderDetail('prj_7')
    const region = await q.findByRole('region', { name: 'Usage' })
    expect(await within(region).findByRole('img', { name: 'API requests, last 30 days: 7 valid, 0 refused' })).toBeInTheDocument()
    expect(keysTable(q).getByRole('cell', { name: '7' })).toBeInTheDocument()
    // Once each time: the section and the table's cells share one answer.
    expect(api.callsTo(`${USAGE}?days=30`)).toHaveLength(2)
  })

  it('shows loading, then an error with Retry that asks again', async () => {
    const [a] = ids()
    let fail = true
    mockApi({
      [CAPS]: { body: { features: ['usage'] } },
      [GET]: { body: withKeys([key(a, 'Production')]) },
      [USAGE]: () =>
        fail
          ? new Response(JSON.stringify({ message: 'Internal server error' }), { status: 500 })
          : new Response(JSON.stringify({ days: DAYS, keys: [{ keyId: a, name: 'Production', valid: series({ 29: 2 }), invalid: series() }] })),
    })
    const { q } = renderDetail('prj_7')
    const region = await q.findByRole('region', { name: 'Usage' })
    const alert = await within(region).findByRole('alert')
    expect(alert.textContent).toContain('Usage could not be loaded.')
    fail = false
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await within(region).findByRole('img', { name: 'API requests, last 30 days: 2 valid, 0 refused' })).toBeInTheDocument()
  })

  it('shows nothing of usage, and never asks, against a server without it', async () => {
    const [a] = ids()
    const api = mockApi({ [GET]: { body: withKeys([key(a, 'Production')]) } })
    const { q } = renderDetail('prj_7')
    await q.findByRole('table', { name: 'API keys' })
    // The server has answered what it offers (a 404 here: nothing).
    await waitFor(() => expect(store.getState().capabilities['/api']?.size).toBe(0))
    expect(q.queryByRole('region', { name: 'Usage' })).not.toBeInTheDocument()
    expect(keysTable(q).queryByRole('columnheader', { name: /Requests/ })).not.toBeInTheDocument()
    expect(api.calls.some((c) => c.url.includes('/usage'))).toBe(false)
  })
})

describe('usage helpers', () => {
  it('words the summary with the key when one is picked', () => {
    expect(usageSummary(30, [10, 30], [5, 0])).toBe('API requests, last 30 days: 40 valid, 5 refused')
    expect(usageSummary(30, [1200], [0], 'Production')).toBe('API requests for Production, last 30 days: 1,200 valid, 0 refused')
  })

  it('scales to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 2, 3, 7, 10, 11, 45, 99, 101, 4999].map(scaleTop)).toEqual([1, 1, 2, 5, 10, 10, 20, 50, 100, 200, 5000])
  })

  it('reads a hostile answer without crashing: short arrays padded, bad numbers as zero', () => {
    expect(parseUsage({ days: ['2026-03-09', '2026-03-10'], keys: [{ keyId: 'k', name: 'K', valid: [-1, 'x'], invalid: [2.7] }, { name: 'no id' }] })).toEqual({
      days: ['2026-03-09', '2026-03-10'],
      keys: [{ keyId: 'k', name: 'K', valid: [0, 0], invalid: [2, 0] }],
    })
    expect(() => parseUsage({ days: 'x' })).toThrow(expect.objectContaining({ reason: 'error.unreadable' }))
  })

  it('keeps each count with its day when a day before it is left out, and no more days than the API answers (90)', () => {
    const left = parseUsage({ days: ['2026-03-09', '2026-13-01', '2026-03-11'], keys: [{ keyId: 'k', valid: [1, 2, 3], invalid: [4, 5, 6] }] })
    expect(left).toEqual({ days: ['2026-03-09', '2026-03-11'], keys: [{ keyId: 'k', name: 'k', valid: [1, 3], invalid: [4, 6] }] })
    // 200,000 days of a broken server: charted, they hung the page; the last 90 are kept.
    const days = Array.from({ length: 200_000 }, (_, i) => new Date(Date.UTC(2000, 0, 1 + i)).toISOString().slice(0, 10))
    const many = parseUsage({ days, keys: [{ keyId: 'k', valid: days.map((_, i) => i), invalid: [] }] })
    expect(many.days).toEqual(days.slice(-90))
    expect(many.keys[0].valid).toEqual(days.map((_, i) => i).slice(-90))
  })
})
