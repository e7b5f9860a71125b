/** The ingest's fast check of entries (server/resources/logs/entry-check.ts) against the contract's schema it stands in for. */
import { describe, expect, it } from 'vitest'
import { LogBatch } from '../../contract/logs'
import { usualEntries } from '../../server/resources/logs/entry-check'

const usual = {
  requestId: 'req_8f2c-1',
  keyId: 'apid_aT4l7cEgDYe5rHQS',
  method: 'get',
  route: '/v1/invoices/:id',
  status: 200,
  durationMs: 12.5,
  at: '2030-01-31T12:00:00.123Z',
}

// Each changes one field of the usual entry: what reporters send, and what hostile or broken ones do.
const VARIANTS: Record<string, unknown>[] = [
  {},
  { ip: '203.0.113.7' },
  { ip: '2001:db8::1' },
  { ip: '' },
  { ip: 'not an address' },
  { ip: null },
  { ip: 'a'.repeat(65) },
  { ip: 7 },
  { extra: 'ignored' },
  { requestId: 'x' },
  { requestId: ' padded ' },
  { requestId: 'a'.repeat(200) },
  { requestId: 'a'.repeat(201) },
  { requestId: '' },
  { requestId: '   ' },
  { requestId: 'tab\there' },
  { requestId: 'line\nbreak' },
  { requestId: 'zero\u200bwidth' },
  { requestId: '\u200b' },
  { requestId: 'café' },
  { requestId: 12 },
  { requestId: null },
  { requestId: undefined },
  { keyId: 'a'.repeat(201) },
  { keyId: '' },
  { method: 'PATCH' },
  { method: 'M-SEARCH' },
  { method: 'a'.repeat(17) },
  { method: '' },
  { method: 3 },
  { route: '/v1/' + 'r'.repeat(400) },
  { route: '/v1/' + 'é'.repeat(400) },
  { route: '/v1/' + 'r'.repeat(1000) },
  { route: '/v1/a b' },
  { route: '/v1/\u0000' },
  { status: 100 },
  { status: 599 },
  { status: 99 },
  { status: 600 },
  { status: 200.5 },
  { status: '200' },
  { durationMs: 0 },
  { durationMs: 86_400_000 },
  { durationMs: 86_400_001 },
  { durationMs: -1 },
  { durationMs: 0.4999 },
  { durationMs: '12' },
  { durationMs: null },
  { at: '2030-01-31T12:00:00Z' },
  { at: '2030-01-31T12:00:00.123456789Z' },
  { at: '2030-01-31T12:00:00.1234567890Z' },
  { at: '2030-01-31T12:00Z' },
  { at: '2030-01-31t12:00:00z' },
  { at: '2030-01-31T13:00:00+01:00' },
  { at: '2030-02-30T12:00:00Z' },
  { at: '2028-02-29T12:00:00Z' },
  { at: '2030-01-31T24:00:00Z' },
  { at: '2030-01-31T23:59:60Z' },
  { at: '2030-13-01T12:00:00Z' },
  { at: '2030-00-01T12:00:00Z' },
  { at: ' 2030-01-31T12:00:00Z' },
  { at: '2030-01-31' },
  { at: '0000-06-01T00:00:00Z' },
  { at: '0000-12-31T23:59:59.999Z' },
  { at: '0001-01-01T00:00:00Z' },
  { at: '9999-12-31T23:59:59.999Z' },
  { at: 1_900_000_000_000 },
  { at: null },
]

/** What the schema answers for one batch: its entries, or the first issue's message. */
function bySchema(entries: unknown) {
  const r = LogBatch.safeParse({ entries })
  return r.success ? r.data.entries : r.error.issues[0].message
}

describe('the fast check of reported entries', () => {
  it('takes the usual entries a reporter sends, answering exactly what the schema answers', () => {
    const batch = Array.from({ length: 50 }, (_, i) => ({ ...usual, requestId: `req_${i}`, durationMs: i * 1.7, status: 200 + i }))
    const fast = usualEntries(batch)
    expect(fast).toBeDefined()
    expect(fast).toEqual(bySchema(batch))
  })

  it.each(VARIANTS.map((v) => [JSON.stringify(v), v] as const))('%s: answers what the schema answers, or leaves it to the schema', (_, over) => {
    const batch = [usual, { ...usual, ...over }]
    const fast = usualEntries(batch)
    const schema = bySchema(batch)
    // Never takes what the schema refuses; what it takes is the schema's answer to the letter.
    if (fast !== undefined) expect(fast).toEqual(schema)
    else expect(typeof schema === 'string' || Object.keys(over).length > 0).toBe(true)
  })

  it('leaves a batch that is not a list of entries, or an empty one, to the schema', () => {
    for (const entries of [undefined, null, 'x', {}, [], [null], [[usual]], [1]]) expect(usualEntries(entries)).toBeUndefined()
  })

  it('refuses the second of a batch that exists only as a rolled-over date, even after its first entry was real', () => {
    expect(usualEntries([usual, { ...usual, at: '2030-02-31T12:00:00Z' }])).toBeUndefined()
    expect(
      usualEntries([
        { ...usual, at: '2030-03-03T12:00:00Z' },
        { ...usual, at: '2030-02-31T12:00:00Z' },
      ]),
    ).toBeUndefined()
  })
})
