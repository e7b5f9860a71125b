/** The request log reporter's queue (verify/entry-queue.ts): entries' JSON kept as bytes, bounded, read back in order as batch bodies. */
import { describe, expect, it } from 'vitest'
import { EntryQueue } from '../../verify/entry-queue'

const entry = (i: number, route = '/v1/x') => JSON.stringify({ requestId: `req_${i}`, route })
const text = (body: Uint8Array) => new TextDecoder().decode(body)
const ids = (body: Uint8Array) => (JSON.parse(text(body)) as { entries: { requestId: string }[] }).entries.map((e) => e.requestId)
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `req_${from + i}`)

describe('the reporter queue', () => {
  it('answers the oldest entries first as one JSON body, at most n of them, across its pages', () => {
    const q = new EntryQueue(10_000, 3)
    for (let i = 0; i < 8; i++) q.push(entry(i))
    expect(q.length).toBe(8)
    const first = q.body(5)
    expect(first.count).toBe(5)
    expect(ids(first.body)).toEqual(range(0, 5))
    q.shift(5)
    expect(ids(q.body(5).body)).toEqual(range(5, 8))
    q.shift(3)
    expect(q.length).toBe(0)
    const none = q.body(5)
    expect([text(none.body), none.count]).toEqual(['{"entries":[]}', 0])
    // Pages emptied are used again.
    for (let i = 8; i < 12; i++) q.push(entry(i))
    expect(ids(q.body(10).body)).toEqual(range(8, 12))
  })

  it('holds at most max entries, dropping the oldest and saying so', () => {
    const q = new EntryQueue(4, 3)
    const dropped = Array.from({ length: 10 }, (_, i) => q.push(entry(i)))
    expect(dropped).toEqual([false, false, false, false, true, true, true, true, true, true])
    expect(q.length).toBe(4)
    expect(ids(q.body(10).body)).toEqual(range(6, 10))
  })

  it('keeps any text as it was given, past a page of bytes', () => {
    const q = new EntryQueue(10_000, 1000)
    const routes = ['/v1/ünïcode/:id', '/v1/😀/"quoted"/\\', 'x'.repeat(4000), '/v1/\u2028']
    const many = Array.from({ length: 400 }, (_, i) => routes[i % routes.length] + i)
    many.forEach((route, i) => q.push(entry(i, route)))
    const { body, count } = q.body(1000)
    expect(count).toBe(400)
    expect((JSON.parse(text(body)) as { entries: { route: string }[] }).entries.map((e) => e.route)).toEqual(many)
  })
})

describe('the reporter queue, its memory', () => {
  it('holds small batches in small pages: 2,000 entries in pages of 10 take about their text, not a large page each', () => {
    const q = new EntryQueue(10_000, 10)
    const before = process.memoryUsage().arrayBuffers
    for (let i = 0; i < 2000; i++) q.push(entry(i))
    // About 0.1 MB of text; a page's fixed 256 kB each made it 52 MB.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(8 * 1024 * 1024)
    expect(ids(q.body(10).body)).toEqual(range(0, 10))
  })
})
