import { act, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LogEntryView } from '../../contract/logs'
import { POLL_MS } from '../../src/components/request-logs/useRequestLog'
import { store } from '../../src/store'
import { resetStore, signInAs } from './helpers'
import { json, mockApi } from './helpers/api-mock'
import { keyEntry, renderDetail, stubClipboard } from './helpers/dashboard'
import { logEntry as entry } from './helpers/fixtures'
import { CAPS, LOGS, PROJECT, loadedTable, nextPoll, project, queries, renderSection, section } from './helpers/request-logs'
import { stillClock } from './helpers/still-clock'

/**
 * The section over a server that answers each logs call as `answer` says from its query (as the
 * server filters); with the table once loaded, and the query the section asked last.
 */
async function renderFiltered(answer: (query: URLSearchParams) => LogEntryView[]) {
  const api = mockApi({
    [CAPS]: { body: { features: ['request-logs'] } },
    [PROJECT]: { body: project },
    [LOGS]: (c) => json({ entries: answer(new URL(c.url, location.origin).searchParams) }),
  })
  const s = await section(renderDetail('prj_7').q)
  const table = await loadedTable(s)
  const asked = () => queries(api.calls.filter((c) => c.url.startsWith('/api/manage/dapp/prj_7/logs?'))).at(-1)
  return { s, table, asked }
}

/** The texts of a select's options, in order. */
const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent)

/** The texts of column `i` in the table's rows of calls. */
const columnTexts = (table: HTMLElement, i: number) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[i].textContent)

/** The pause after which a typed filter is asked for (RequestsSection's TypedFilter). */
const TYPING_PAUSE_MS = 400

let hidden = false
beforeEach(() => {
  resetStore()
  signInAs()
  hidden = false
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('the Requests section', () => {
  it('lists recent calls: time, key, method, route, status in words as well as colour, duration', async () => {
    const { q } = renderSection([{ entries: [entry(2, { status: 404, durationMs: 7 }), entry(1, { keyName: null, method: 'POST', route: '/v1/invoices' })] }])
    const s = await section(q)
    const table = await loadedTable(s)
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    expect(
      within(rows[0])
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([expect.stringMatching(/Nov 28, 2026/), 'Production', 'GET', '/v1/invoices/:id', '404 Client error', '7 ms'])
    expect(within(rows[1]).getByText('Deleted key')).toBeInTheDocument()
    expect(within(rows[1]).getAllByRole('cell')[4].textContent).toBe('200 Success')
    expect(within(rows[0]).getByText('404')).toHaveClass('text-warning')
  })

  it("opens a call's detail from a route 24 px tall to touch, not its 16 px line alone", async () => {
    const { q } = renderSection([{ entries: [entry(1)] }])
    const table = await loadedTable(await section(q))
    // py-1: 4 px above and below the text-xs line (Chromium, phone cards: 24 px).
    expect(within(table).getByTitle('/v1/invoices/:id')).toHaveClass('py-1')
  })

  it('is absent when the server does not keep request logs: no section, no call', async () => {
    const { q, api } = renderSection([{ entries: [] }], ['usage'])
    await q.findByRole('region', { name: 'Usage' })
    expect(q.queryByRole('region', { name: 'Requests' })).toBeNull()
    expect(api.calls.some((c) => c.url.includes('/logs'))).toBe(false)
  })

  it('asks again with each filter: key, status class, route (once typing pauses)', async () => {
    // No poll: the section's 2 s never pass, so every call counted below is one a filter asked for.
    stillClock()
    const { q, api, logs } = renderSection([{ entries: [entry(1)] }])
    const s = await section(q)
    await loadedTable(s)
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    const last = () => logs().at(-1)
    expect(last()).toEqual({ limit: '50' })
    await user.selectOptions(s.getByRole('combobox', { name: 'Key' }), 'Staging')
    await waitFor(() => expect(last()).toEqual({ key: 'apid_b', limit: '50' }))
    await user.selectOptions(s.getByRole('combobox', { name: 'Status' }), 'Server errors (5xx)')
    await waitFor(() => expect(last()).toEqual({ key: 'apid_b', status: '5xx', limit: '50' }))
    // No longer than a stored route template can be.
    expect(s.getByRole('searchbox', { name: 'Route' })).toHaveAttribute('maxlength', '200')
    await user.type(s.getByRole('searchbox', { name: 'Route' }), '/v1/invoices/:id')
    await act(() => vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS))
    await waitFor(() => expect(last()).toEqual({ key: 'apid_b', status: '5xx', route: '/v1/invoices/:id', limit: '50' }))
    // Typed letter by letter, asked once: when typing paused.
    expect(api.calls.filter((c) => c.url.includes('route=')).length).toBe(1)
  })

  it('finds a call by its request id, spaces around it left out, once typing pauses', async () => {
    // No poll: the section's 2 s never pass, and no key waits longer than the pause.
    stillClock()
    const { q, api, logs } = renderSection([{ entries: [entry(1)] }])
    const s = await section(q)
    await loadedTable(s)
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    const box = s.getByRole('searchbox', { name: 'Request ID' })
    // No longer than a stored request id can be; code, so left to right in every language.
    expect(box).toHaveAttribute('maxlength', '200')
    expect(box).toHaveAttribute('dir', 'ltr')
    await user.type(box, '  req_8f2c  ')
    await act(() => vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS))
    await waitFor(() => expect(logs().at(-1)).toEqual({ requestId: 'req_8f2c', limit: '50' }))
    // The reader can go on typing: the answer's rows do not take the focus.
    expect((box.getRootNode() as ShadowRoot).activeElement).toBe(box)
    await user.type(box, '{Backspace>12/}')
    await act(() => vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS))
    await waitFor(() => expect(logs().at(-1)).toEqual({ limit: '50' }))
    expect(api.calls.filter((c) => c.url.includes('requestId=')).length).toBe(1)
  })

  it('shows only POSTs once Method is POST: asks the server with method=POST, beside the other filters', async () => {
    const calls = [
      entry(4, { method: 'POST', route: '/v1/orders' }),
      entry(3),
      entry(2, { method: 'DELETE' }),
      entry(1, { method: 'POST', route: '/v1/refunds' }),
    ]
    // Answered as the server does: the calls of the method asked for, else all.
    const { s, table, asked } = await renderFiltered((q) => calls.filter((e) => !q.get('method') || e.method === q.get('method')))
    expect(within(table).getAllByRole('row')).toHaveLength(5)
    const user = userEvent.setup()
    const method = s.getByRole('combobox', { name: 'Method' })
    expect(optionTexts(method)).toEqual(['All methods', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
    await user.selectOptions(method, 'POST')
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    expect(columnTexts(table, 2)).toEqual(['POST', 'POST'])
    expect(asked()).toEqual({ method: 'POST', limit: '50' })
    await user.selectOptions(s.getByRole('combobox', { name: 'Key' }), 'Staging')
    await waitFor(() => expect(asked()).toEqual({ method: 'POST', key: 'apid_b', limit: '50' }))
    await user.selectOptions(method, 'All methods')
    await waitFor(() => expect(asked()).toEqual({ key: 'apid_b', limit: '50' }))
  })

  it('shows only the slow calls once Duration is set: asks the server with slowerThanMs, in milliseconds as the table shows them', async () => {
    const calls = [entry(4, { durationMs: 1200 }), entry(3, { durationMs: 42 }), entry(2, { durationMs: 5400 }), entry(1, { durationMs: 480 })]
    // Answered as the server does: the calls slower than asked, else all.
    const { s, table, asked } = await renderFiltered((q) => calls.filter((e) => e.durationMs > Number(q.get('slowerThanMs') ?? 0)))
    expect(within(table).getAllByRole('row')).toHaveLength(5)
    const user = userEvent.setup()
    const duration = s.getByRole('combobox', { name: 'Duration' })
    expect(optionTexts(duration)).toEqual(['Any duration', 'Slower than 100 ms', 'Slower than 500 ms', 'Slower than 1,000 ms', 'Slower than 5,000 ms'])
    await user.selectOptions(duration, 'Slower than 1,000 ms')
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    expect(columnTexts(table, 5)).toEqual(['1,200 ms', '5,400 ms'])
    expect(asked()).toEqual({ slowerThanMs: '1000', limit: '50' })
    await user.selectOptions(s.getByRole('combobox', { name: 'Status' }), 'Server errors (5xx)')
    await waitFor(() => expect(asked()).toEqual({ slowerThanMs: '1000', status: '5xx', limit: '50' }))
    await user.selectOptions(duration, 'Any duration')
    await waitFor(() => expect(asked()).toEqual({ status: '5xx', limit: '50' }))
  })

  it('offers live or test calls only once the project has a test key', async () => {
    const { q, logs } = renderSection([{ entries: [entry(1)] }])
    await loadedTable(await section(q))
    expect(q.queryByRole('combobox', { name: 'Mode' })).toBeNull()
    expect(logs().at(-1)).toEqual({ limit: '50' })
  })

  it('asks for the calls of test keys, or live ones, with the mode filter', async () => {
    const withTest = { ...project, keys: [...(project.keys ?? []), keyEntry('apid_t', 'Sandbox', 'fxk_test…tttt', { mode: 'test' })] }
    const { q, logs } = renderSection([{ entries: [entry(1)] }], ['request-logs'], withTest)
    const s = await section(q)
    await loadedTable(s)
    const user = userEvent.setup()
    await user.selectOptions(s.getByRole('combobox', { name: 'Mode' }), 'Test keys')
    await waitFor(() => expect(logs().at(-1)).toEqual({ mode: 'test', limit: '50' }))
    await user.selectOptions(s.getByRole('combobox', { name: 'Status' }), 'Success (2xx)')
    await user.selectOptions(s.getByRole('combobox', { name: 'Mode' }), 'Live keys')
    await waitFor(() => expect(logs().at(-1)).toEqual({ status: '2xx', mode: 'live', limit: '50' }))
  })

  it("marks a test key's calls with the Test badge, as the keys table marks the key", async () => {
    const withTest = { ...project, keys: [...(project.keys ?? []), keyEntry('apid_t', 'Sandbox', 'fxk_test…tttt', { mode: 'test' })] }
    const { q } = renderSection([{ entries: [entry(2, { keyId: 'apid_t', keyName: 'Sandbox' }), entry(1)] }], ['request-logs'], withTest)
    const table = await loadedTable(await section(q))
    const keyCell = (name: string) =>
      within(table)
        .getAllByRole('cell')
        .find((c) => c.textContent?.startsWith(name))!
    expect(within(keyCell('Sandbox')).getByText('Test')).toBeInTheDocument()
    expect(within(keyCell('Production')).queryByText('Test')).toBeNull()
  })

  it('says when no call matches the filters', async () => {
    const { q } = renderSection([{ entries: [entry(1)] }, { entries: [] }])
    const s = await section(q)
    await loadedTable(s)
    await userEvent.setup().selectOptions(s.getByRole('combobox', { name: 'Status' }), 'Client errors (4xx)')
    expect(await s.findByText('No requests match these filters.')).toBeInTheDocument()
  })

  it('says in its status what each filter found, once: not again at each poll', async () => {
    const clock = stillClock()
    let answers = 0
    const { s } = await renderFiltered((query) => (answers++, query.get('status') === '4xx' ? [] : [entry(2), entry(1)]))
    const status = s.getAllByRole('status').find((el) => el.closest('[tabindex="-1"]'))!
    expect(status).toHaveTextContent('2 requests shown')
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    await user.selectOptions(s.getByRole('combobox', { name: 'Status' }), 'Client errors (4xx)')
    await waitFor(() => expect(status).toHaveTextContent('No requests match these filters.'))
    // A screen reader reads a change of the region: polls that find nothing new make none.
    const changes: MutationRecord[] = []
    const observer = new MutationObserver((found) => changes.push(...found))
    observer.observe(status, { childList: true, subtree: true, characterData: true })
    const before = answers
    for (let i = 0; i < 3; i++) await nextPoll(clock)
    // The last one answered and handled: the next is set.
    await waitFor(() => expect(clock.pending(POLL_MS)).toBe(1))
    expect(answers).toBe(before + 3)
    observer.disconnect()
    expect(changes).toEqual([])
    await user.selectOptions(s.getByRole('combobox', { name: 'Status' }), 'Any status')
    await waitFor(() => expect(status).toHaveTextContent('2 requests shown'))
  })

  it('pages back with "Load more" from the answer\'s cursor, until the last page', async () => {
    // No poll: the second reply is the older page's, never a poll's (which would start the list again from it).
    stillClock()
    const { q, logs } = renderSection([{ entries: [entry(3), entry(2)], next: 'cur_2' }, { entries: [entry(1)] }])
    const s = await section(q)
    await loadedTable(s)
    await userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }).click(s.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(within(s.getByRole('table', { name: 'Recent requests' })).getAllByRole('row')).toHaveLength(4))
    expect(logs().at(-1)).toEqual({ before: 'cur_2', limit: '50' })
    expect(s.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('shows new calls as they come, counted once in a polite status, and stops asking while the page is hidden', async () => {
    const clock = stillClock()
    const { q, api } = renderSection([
      { entries: [entry(1)] },
      { entries: [entry(2, { route: '/v1/new' }), entry(1)] },
      { entries: [entry(2, { route: '/v1/new' }), entry(1)] },
    ])
    const s = await section(q)
    const table = await loadedTable(s)
    const asked = () => api.calls.filter((c) => c.url.includes('/logs?')).length
    expect(asked()).toBe(1)
    await nextPoll(clock)
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('/v1/new')
    expect((await s.findByText('1 new request')).closest('[role="status"]')).not.toBeNull()
    // Hidden: no call however long it stays so.
    hidden = true
    act(() => void document.dispatchEvent(new Event('visibilitychange')))
    const before = asked()
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS * 4))
    expect(asked()).toBe(before)
    // Shown again: what came meanwhile, at once.
    hidden = false
    act(() => void document.dispatchEvent(new Event('visibilitychange')))
    await waitFor(() => expect(asked()).toBe(before + 1))
  })

  it("opens a call's detail in a dialog, its request id to copy for support", async () => {
    const { q } = renderSection([{ entries: [entry(1, { requestId: 'req_support_me', status: 502, durationMs: 1234 })] }])
    const s = await section(q)
    const user = userEvent.setup()
    // After userEvent's setup, which puts a clipboard of its own in place.
    const writeText = stubClipboard()
    await user.click(await s.findByRole('button', { name: /^Details of GET \/v1\/invoices\/:id at / }))
    const dialog = within(await q.findByRole('dialog', { name: 'Request' }))
    expect(dialog.getByText('502')).toBeInTheDocument()
    expect(dialog.getByText('Server error')).toBeInTheDocument()
    expect(dialog.getByText('Give this ID to support: it finds this call.')).toBeInTheDocument()
    await user.click(dialog.getByRole('button', { name: /Request ID\s*req_support_me/ }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('req_support_me'))
    await user.click(dialog.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(q.queryByRole('dialog')).toBeNull())
  })

  it('with no call yet, shows how to make one with the whole key revealed on this page, else YOUR_API_KEY', async () => {
    const { q } = renderSection([{ entries: [] }])
    const s = await section(q)
    expect(await s.findByText('No calls yet.')).toBeInTheDocument()
    expect(s.getByText('Authorization: Bearer YOUR_API_KEY')).toBeInTheDocument()
    act(() => store.getState().rememberRevealedKeys('prj_7', { apid_a: 'fxk_whole_secret_key' }))
    expect(await s.findByText('Authorization: Bearer fxk_whole_secret_key')).toBeInTheDocument()
  })

  it('says when the log cannot be loaded, and Try again asks again', async () => {
    const { q, api } = renderSection([json({ message: 'The database is resting.' }, 503), { entries: [entry(1)] }])
    const s = await section(q)
    expect(await s.findByText('Requests could not be loaded.')).toBeInTheDocument()
    expect(s.getByText('The database is resting.')).toBeInTheDocument()
    await userEvent.setup().click(s.getByRole('button', { name: 'Retry' }))
    await s.findByRole('table', { name: 'Recent requests' })
    expect(api.calls.filter((c) => c.url.includes('/logs?'))).toHaveLength(2)
  })
})

describe('the Usage section, on a server that keeps request logs', () => {
  const DAYS = Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 10, i - 1)).toISOString().slice(0, 10))
  const bucket = (day: string, requests = 0, errors = 0, p95Ms: number | null = null) => ({
    start: `${day}T00:00:00.000Z`,
    requests,
    errors,
    serverErrors: 0,
    p50Ms: p95Ms,
    p95Ms,
  })

  it("adds each day's error rate and p95 latency, with the numbers in a table for screen readers", async () => {
    const api = mockApi({
      [CAPS]: { body: { features: ['usage', 'request-logs'] } },
      [PROJECT]: { body: project },
      [LOGS]: { body: { entries: [] } },
      'GET /api/manage/dapp/prj_7/usage': { body: { days: DAYS, keys: [] } },
      'GET /api/manage/dapp/prj_7/logs/summary': {
        body: { unit: 'day', buckets: DAYS.map((d, i) => (i === 29 ? bucket(d, 200, 5, 120) : i === 28 ? bucket(d, 100, 0, 80) : bucket(d))) },
      },
    })
    const { q } = renderDetail('prj_7')
    const usage = within(await q.findByRole('region', { name: 'Usage' }))
    const figure = await usage.findByRole('figure', { name: 'Calls per day, last 30 days: 1.7% answered with an error; p95 latency up to 120 ms' })
    const last = within(within(figure).getByRole('table', { name: 'Errors and latency' }))
      .getAllByRole('row')
      .at(-1)!
    expect(within(last).getByRole('rowheader').textContent).toBe('Nov 28')
    expect(
      within(last)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['200', '2.5%', '120 ms'])
    expect(api.calls.map((c) => c.url)).toContain('/api/manage/dapp/prj_7/logs/summary?days=30')
  })

  it('asks nothing of the request log when the server does not keep one', async () => {
    const api = mockApi({
      [CAPS]: { body: { features: ['usage'] } },
      [PROJECT]: { body: project },
      'GET /api/manage/dapp/prj_7/usage': { body: { days: DAYS, keys: [] } },
    })
    const { q } = renderDetail('prj_7')
    await within(await q.findByRole('region', { name: 'Usage' })).findByText(/No requests yet/)
    expect(q.queryByRole('heading', { name: 'Errors and latency' })).toBeNull()
    expect(api.calls.some((c) => c.url.includes('/logs'))).toBe(false)
  })
})
