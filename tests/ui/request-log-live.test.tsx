/**
 * The Requests section while it lives: new calls in their place, older pages only onto the list they were
 * asked for, filters that cannot outlive their key, focus that is never dropped, and new calls read out
 * as a sum, not at every poll.
 */
import { act, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LogEntryView } from '../../contract/logs'
import { ARRIVALS_EVERY_MS } from '../../src/components/request-logs/useArrivals'
import { POLL_MS } from '../../src/components/request-logs/useRequestLog'
import { resetStore, signInAs } from './helpers'
import { json, mockApi, type ApiCall } from './helpers/api-mock'
import { keyEntry, renderDetail } from './helpers/dashboard'
import { logEntry } from './helpers/fixtures'
import { CAPS, LOGS, PROJECT, loadedTable, nextPoll, project, queries, renderSection, section } from './helpers/request-logs'
import { chooseInRow } from './helpers/row-menu'
import { stillClock } from './helpers/still-clock'

const entry = (n: number, extra: Partial<LogEntryView> = {}) => logEntry(n, { route: `/v1/r${n}`, ...extra })
const routes = (table: HTMLElement) =>
  within(table)
    .getAllByRole('button', { name: /^Details of / })
    .map((b) => b.textContent)

beforeEach(() => {
  resetStore()
  signInAs()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the live Requests section', () => {
  it('puts a call reported late (a slow one, which arrived first) where its time belongs, not on top', async () => {
    const clock = stillClock()
    const { q } = renderSection([{ entries: [entry(5), entry(3)] }, { entries: [entry(6), entry(5), entry(4), entry(3)] }])
    const table = await loadedTable(await section(q))
    await nextPoll(clock)
    await waitFor(() => expect(routes(table)).toEqual(['/v1/r6', '/v1/r5', '/v1/r4', '/v1/r3']))
  })

  it('shows a second call that reuses a request id (a client retrying with its id) as a call of its own', async () => {
    const clock = stillClock()
    const first = entry(1, { requestId: 'req_same', route: '/v1/first', status: 503 })
    const retry = entry(5, { requestId: 'req_same', route: '/v1/retry' })
    const { q } = renderSection([{ entries: [first] }, { entries: [retry, entry(4), first] }])
    const table = await loadedTable(await section(q))
    await nextPoll(clock)
    await waitFor(() => expect(routes(table)).toEqual(['/v1/retry', '/v1/r4', '/v1/first']))
  })

  it('drops an older page asked for under filters since changed, never mixing it into the new list', async () => {
    const clock = stillClock()
    let answerOlder: (() => void) | undefined
    const api = mockApi({
      [CAPS]: { body: { features: ['request-logs'] } },
      [PROJECT]: { body: project },
      [LOGS]: (c: ApiCall) => {
        const query = new URL(c.url, location.origin).searchParams
        if (query.get('before')) return new Promise<Response>((resolve) => (answerOlder = () => resolve(json({ entries: [entry(1, { status: 200 })] }))))
        return json(query.get('status') === '5xx' ? { entries: [entry(9, { status: 502 })] } : { entries: [entry(3), entry(2)], next: 'cur_2' })
      },
    })
    const s = await section(renderDetail('prj_7').q)
    await loadedTable(s)
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    await user.click(s.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(answerOlder).toBeDefined())
    await user.selectOptions(s.getByRole('combobox', { name: 'Status' }), 'Server errors (5xx)')
    const table = s.getByRole('table', { name: 'Recent requests' })
    await waitFor(() => expect(routes(table)).toEqual(['/v1/r9']))
    // The older page's answer comes after the filters changed: it has nowhere to go. Once the list has been
    // asked for again (a poll, after that answer), it still holds the server errors alone.
    await act(async () => answerOlder!())
    await nextPoll(clock)
    // That poll answered: the one after it is set.
    await waitFor(() => expect(clock.pending(POLL_MS)).toBe(1))
    expect(api.calls.filter((c) => c.url.includes('status=5xx'))).toHaveLength(2)
    expect(routes(table)).toEqual(['/v1/r9'])
    expect(s.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('says nothing of an older page asked for under filters since changed that then fails: the new list has no error', async () => {
    stillClock()
    let failOlder: (() => void) | undefined
    mockApi({
      [CAPS]: { body: { features: ['request-logs'] } },
      [PROJECT]: { body: project },
      [LOGS]: (c: ApiCall) => {
        const query = new URL(c.url, location.origin).searchParams
        if (query.get('before')) return new Promise<Response>((resolve) => (failOlder = () => resolve(json({ message: 'The database is resting.' }, 503))))
        return json(query.get('status') === '5xx' ? { entries: [entry(9, { status: 502 })], next: 'cur_9' } : { entries: [entry(3), entry(2)], next: 'cur_2' })
      },
    })
    const s = await section(renderDetail('prj_7').q)
    await loadedTable(s)
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    await user.click(s.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(failOlder).toBeDefined())
    await user.selectOptions(s.getByRole('combobox', { name: 'Status' }), 'Server errors (5xx)')
    const table = s.getByRole('table', { name: 'Recent requests' })
    await waitFor(() => expect(routes(table)).toEqual(['/v1/r9']))
    await act(async () => failOlder!())
    expect(s.queryByText(/The database is resting/)).toBeNull()
    expect(s.getByRole('button', { name: 'Load more' })).toBeEnabled()
  })

  it('leaves the filter of a key deleted meanwhile: it asks for all keys again, as its select says', async () => {
    let keys = project.keys!
    const api = mockApi({
      [CAPS]: { body: { features: ['request-logs'] } },
      [PROJECT]: () => json({ ...project, keys }),
      [LOGS]: { body: { entries: [entry(1)] } },
      'DELETE /api/manage/dapp/prj_7/api-key/apid_b': () => {
        keys = keys.filter((k) => k.id !== 'apid_b')
        return json({ deleted: 'apid_b' })
      },
    })
    const { q } = renderDetail('prj_7')
    const s = await section(q)
    await loadedTable(s)
    const user = userEvent.setup()
    const logs = () => queries(api.calls.filter((c) => c.url.includes('/logs?')))
    await user.selectOptions(s.getByRole('combobox', { name: 'Key' }), 'Staging')
    await waitFor(() => expect(logs().at(-1)).toEqual({ key: 'apid_b', limit: '50' }))
    await chooseInRow(user, q.getByRole('region', { name: 'API keys' }), 'Actions for key Staging', 'Delete')
    await user.click(within(q.getByRole('dialog', { name: 'Delete API key' })).getByRole('button', { name: 'Delete key' }))
    await waitFor(() => expect(logs().at(-1)).toEqual({ limit: '50' }))
    expect(s.getByRole('combobox', { name: 'Key' })).toHaveValue('')
  })

  it('drops Test for good with the last test key: one made later finds the log of every mode, as its select says', async () => {
    const testKey = (id: string) => keyEntry(id, `Sandbox ${id}`, 'fxk_test…tttt', { mode: 'test' })
    let keys = [...project.keys!, testKey('apid_t')]
    const deleted =
      (id: string, made: typeof keys = []) =>
      () => {
        keys = [...keys.filter((k) => k.id !== id), ...made]
        return json({ deleted: id })
      }
    const api = mockApi({
      [CAPS]: { body: { features: ['request-logs'] } },
      [PROJECT]: () => json({ ...project, keys }),
      [LOGS]: { body: { entries: [entry(1)] } },
      'DELETE /api/manage/dapp/prj_7/api-key/apid_t': deleted('apid_t'),
      // A teammate's test key, made meanwhile: the page reads it with the project after this deletion.
      'DELETE /api/manage/dapp/prj_7/api-key/apid_b': deleted('apid_b', [testKey('apid_t2')]),
    })
    const { q } = renderDetail('prj_7')
    const s = await section(q)
    await loadedTable(s)
    const user = userEvent.setup()
    const logs = () => queries(api.calls.filter((c) => c.url.includes('/logs?')))
    const remove = async (name: string) => {
      await chooseInRow(user, q.getByRole('region', { name: 'API keys' }), `Actions for key ${name}`, 'Delete')
      await user.click(within(q.getByRole('dialog', { name: 'Delete API key' })).getByRole('button', { name: 'Delete key' }))
    }
    await user.selectOptions(s.getByRole('combobox', { name: 'Mode' }), 'Test keys')
    await waitFor(() => expect(logs().at(-1)).toEqual({ mode: 'test', limit: '50' }))
    await remove('Sandbox apid_t')
    await waitFor(() => expect(s.queryByRole('combobox', { name: 'Mode' })).toBeNull())
    await remove('Staging')
    expect(await s.findByRole('combobox', { name: 'Mode' })).toHaveValue('')
    expect(logs().at(-1)).toEqual({ limit: '50' })
  })

  it("hands focus to the log when a call's detail closes after a poll took its row away", async () => {
    const clock = stillClock()
    // The second look finds only new calls: the list starts again from them.
    const { q } = renderSection([{ entries: [entry(1)] }, { entries: [entry(3), entry(2)] }])
    const s = await section(q)
    const table = await loadedTable(s)
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    await user.click(within(table).getByRole('button', { name: /^Details of GET \/v1\/r1 / }))
    const dialog = await q.findByRole('dialog', { name: 'Request' })
    await nextPoll(clock)
    await waitFor(() => expect(routes(table)).toEqual(['/v1/r3', '/v1/r2']))
    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(q.queryByRole('dialog')).toBeNull())
    const log = table.closest('[tabindex="-1"]')
    expect(log).not.toBeNull()
    expect((table.getRootNode() as ShadowRoot).activeElement).toBe(log)
  })

  it('hands focus to the log when Retry, which had it, goes away with the error it answered', async () => {
    const { q } = renderSection([json({ message: 'The database is resting.' }, 503), { entries: [entry(1)] }])
    const s = await section(q)
    await s.findByText('Requests could not be loaded.')
    await userEvent.setup().click(s.getByRole('button', { name: 'Retry' }))
    const table = await loadedTable(s)
    await waitFor(() => expect((table.getRootNode() as ShadowRoot).activeElement).toBe(table.closest('[tabindex="-1"]')))
  })

  it('reads new calls out at once after a quiet spell, then as one sum at most every 30 s', async () => {
    const clock = stillClock(['setTimeout', 'clearTimeout', 'Date'])
    const { q } = renderSection([
      { entries: [entry(1)] },
      { entries: [entry(2), entry(1)] },
      { entries: [entry(3), entry(2), entry(1)] },
      { entries: [entry(4), entry(3), entry(2), entry(1)] },
    ])
    const s = await section(q)
    const table = await loadedTable(s)
    const status = s.getAllByRole('status').find((el) => el.closest('[tabindex="-1"]'))!
    await nextPoll(clock)
    await waitFor(() => expect(status).toHaveTextContent('1 new request'))
    const firstRead = Date.now()
    const first = status.querySelector('span')
    await nextPoll(clock)
    await nextPoll(clock)
    await waitFor(() => expect(routes(table)).toHaveLength(4))
    // Two more calls: not read within 30 s of the first reading, which stays as it was, and read at its end.
    await act(() => vi.advanceTimersByTimeAsync(firstRead + ARRIVALS_EVERY_MS - 1 - Date.now()))
    expect(status.querySelector('span')).toBe(first)
    await act(() => vi.advanceTimersByTimeAsync(1))
    expect(status).toHaveTextContent('2 new requests')
  })
})
