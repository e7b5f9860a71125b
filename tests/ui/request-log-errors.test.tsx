/**
 * The request log's refusals a reader can meet (a host's key-id past 200
 * characters, an old page's cursor, a bad filter value) in the reader's
 * language, chosen by their code.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { knownCode } from '../../src/i18n/server-messages'
import { mountElement, resetStore, shadow, signInAs } from './helpers'
import { mockApi } from './helpers/api-mock'

beforeEach(resetStore)
afterEach(() => {
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

// Every code GET …/logs and …/logs/summary answer for a query parameter (contract/logs.ts, the routes' LOG_CURSOR_INVALID).
const QUERY_CODES = [
  'LOG_QUERY_KEY_TOO_LONG',
  'LOG_QUERY_STATUS_INVALID',
  'LOG_QUERY_ROUTE_TOO_LONG',
  'LOG_REQUEST_ID_TOO_LONG',
  'LOG_METHOD_INVALID',
  'LOG_DURATION_OUT_OF_RANGE',
  'LOG_QUERY_BEFORE_TOO_LONG',
  'LOG_QUERY_MODE_INVALID',
  'LOG_CURSOR_INVALID',
  'LIMIT_OUT_OF_RANGE',
  'DAYS_INVALID',
]

describe('request-log errors in the reader’s language', () => {
  it('knows every refusal of the log’s query by its code', () => {
    expect(QUERY_CODES.filter((code) => !knownCode({ code }))).toEqual([])
  })

  it('says in German that the key-id a host gave is too long, whatever the English', async () => {
    signInAs()
    mockApi({
      'GET /api/capabilities': { body: { features: ['request-logs'] } },
      'GET /api/manage/dapp/prj_7/logs': { status: 400, body: { message: 'Some English words.', code: 'LOG_QUERY_KEY_TOO_LONG' } },
    })
    const q = shadow(mountElement('flex-request-log', { 'project-id': 'prj_7', 'key-id': `apid_${'x'.repeat(300)}`, lang: 'de' }))
    expect(await q.findByText('Die Anfragen konnten nicht geladen werden.')).toBeInTheDocument()
    expect(await q.findByText('Der Schlüssel-Filter darf höchstens 200 Zeichen lang sein.')).toBeInTheDocument()
  })
})
