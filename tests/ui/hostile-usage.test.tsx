/**
 * Answers of a broken or compromised server in the Usage and Requests sections: a clear
 * chart, table or error, never a blank element or a page that hangs.
 */
import { within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { parseLogPage, parseLogSummary } from '../../src/api/request-logs'
import { resetStore, signInAs } from './helpers'
import { mockApi, offContract } from './helpers/api-mock'
import { detail, keyEntry, renderDetail } from './helpers/dashboard'
import { logEntry } from './helpers/fixtures'

const GET = 'GET /api/manage/dapp/prj_7'
const USAGE = 'GET /api/manage/dapp/prj_7/usage'
const CAPS = 'GET /api/capabilities'

beforeEach(() => {
  resetStore()
  signInAs()
})
afterEach(() => vi.unstubAllGlobals())

const DAYS = Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 1, 9 + i)).toISOString().slice(0, 10))

describe('usage answers of a broken server', () => {
  it('a day of the right shape that is no date (2026-13-01) is left out: the page and its chart stay', async () => {
    // Formatted, such a day threw (Intl: "Invalid time value") in the chart, and the element was left blank.
    const days = [...DAYS.slice(0, 29), '2026-13-01']
    const ones = days.map(() => 1)
    mockApi({
      [CAPS]: { body: { features: ['usage'] } },
      [GET]: { body: detail(7, { apid_a: 'fxk_…aaaa' }, { keys: [keyEntry('apid_a', 'Production', 'fxk_…aaaa')], keyLimit: 20 }) },
      [USAGE]: offContract({ body: { days, keys: [{ keyId: 'apid_a', name: 'Production', valid: ones, invalid: ones }] } }),
    })
    const { q } = renderDetail('prj_7')
    const usage = await q.findByRole('region', { name: 'Usage' })
    expect(await within(usage).findByRole('img')).toBeInTheDocument()
    expect(q.getByRole('heading', { name: 'Project 7' })).toBeInTheDocument()
  })
})

describe('request-log summaries of a broken server', () => {
  it('keep no more buckets than the API answers (90 days), the latest', () => {
    // 200,000 buckets: each a bar of the Usage section's errors and latency, which hung the page (and the scale's
    // Math.max(...) over them threw past about 120,000).
    const buckets = Array.from({ length: 200_000 }, (_, i) => ({ start: `b${i}`, requests: 1, errors: 0, p95Ms: i }))
    const kept = parseLogSummary({ unit: 'day', buckets }).buckets
    expect(kept).toHaveLength(90)
    expect(kept[0]).toEqual({ start: 'b199910', requests: 1, errors: 0, p95Ms: 199_910 })
  })
})

describe('request-log pages of a broken server', () => {
  it('keep no more calls than a page may hold (100), the newest', () => {
    // 200,000 calls: each a row of the Requests section's table, redrawn at every poll, which hung the page.
    const entries = Array.from({ length: 200_000 }, (_, i) => logEntry(i, { requestId: `req_${i}` }))
    const kept = parseLogPage({ entries }).entries
    expect(kept).toHaveLength(100)
    expect(kept[0].requestId).toBe('req_0')
    expect(kept[99].requestId).toBe('req_99')
  })
})
