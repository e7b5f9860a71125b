/** The project page's Requests section over a mocked API: its project, its logs calls and how to read them. */
import { act, waitFor, within } from '@testing-library/react'
import { expect, vi } from 'vitest'
import type { LogEntryView } from '../../../contract/logs'
import { POLL_MS } from '../../../src/components/request-logs/useRequestLog'
import { json, mockApi, type ApiCall } from './api-mock'
import { detail, keyEntry, renderDetail } from './dashboard'
import type { stillClock } from './still-clock'

export const CAPS = 'GET /api/capabilities'
export const PROJECT = 'GET /api/manage/dapp/prj_7'
export const LOGS = 'GET /api/manage/dapp/prj_7/logs'

export const project = detail(
  7,
  { apid_a: 'fxk_…aaaa', apid_b: 'fxk_…bbbb' },
  { keys: [keyEntry('apid_a', 'Production', 'fxk_…aaaa'), keyEntry('apid_b', 'Staging', 'fxk_…bbbb')], keyLimit: 20 },
)

/** The query of each logs call, as a plain object. */
export const queries = (calls: ApiCall[]) => calls.map((c) => Object.fromEntries(new URL(c.url, location.origin).searchParams))

/** Answers the logs calls in turn from `pages` (the last one again once they run out). */
export function logsReply(pages: Array<{ entries: LogEntryView[]; next?: string } | Response>) {
  let i = 0
  return () => {
    const page = pages[Math.min(i++, pages.length - 1)]
    return page instanceof Response ? page : json(page)
  }
}

export function renderSection(pages: Parameters<typeof logsReply>[0], features = ['request-logs'], shown = project) {
  const api = mockApi({ [CAPS]: { body: { features } }, [PROJECT]: { body: shown }, [LOGS]: logsReply(pages) })
  const r = renderDetail('prj_7')
  return { ...r, api, logs: () => queries(api.calls.filter((c) => c.url.startsWith('/api/manage/dapp/prj_7/logs?'))) }
}

export const section = async (q: ReturnType<typeof renderDetail>['q']) => within(await q.findByRole('region', { name: 'Requests' }))

/** The table once its calls have come (before, it holds grey rows). */
export async function loadedTable(s: Awaited<ReturnType<typeof section>>) {
  const table = await s.findByRole('table', { name: 'Recent requests' })
  await within(table).findAllByRole('button', { name: /^Details of / })
  return table
}

/** The log's next poll on a still clock: once it is set (the log loaded, or the poll before it was answered), the clock moved to it. */
export async function nextPoll(clock: ReturnType<typeof stillClock>) {
  await waitFor(() => expect(clock.pending(POLL_MS)).toBe(1))
  await act(() => vi.advanceTimersByTimeAsync(POLL_MS))
}
