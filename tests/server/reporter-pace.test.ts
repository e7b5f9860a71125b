/**
 * When the request log reporter sends (verify/request-log.ts): a full batch at once, not at the end of the
 * interval, while the portal takes what it is sent; never faster than its backoff while the portal is down.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RequestLogEntry } from '../../verify/index'
import { requestLogReporter } from '../../verify/request-log'
import { sentJson } from './verify-fake-portal'

afterEach(() => void vi.useRealTimers())

const entry = (i: number): RequestLogEntry => ({
  requestId: `r${i}`,
  keyId: 'apid_1',
  method: 'GET',
  route: '/x',
  status: 200,
  durationMs: 1,
  at: '2026-03-10T12:00:00.000Z',
})

describe('the request log reporter', () => {
  it('sends a full batch at once: entries arriving faster than a batch an interval are all taken by a portal that answers', async () => {
    vi.useFakeTimers({ now: 0 })
    const sends: number[] = []
    const send = async (_url: string, init: RequestInit) => {
      const { entries } = sentJson(init) as { entries: unknown[] }
      sends.push(Date.now())
      return Response.json({ accepted: entries.length, duplicates: 0, dropped: { unknownKey: 0, future: 0, expired: 0 } }, { status: 202 })
    }
    const reporter = requestLogReporter('https://portal.example/api/logs', 'svc', send, { intervalMs: 1000, batchSize: 10, maxQueue: 20 })
    // 300 entries in 300 ms: 30 batches, where one an interval would hold 10 and the queue 20.
    for (let i = 0; i < 300; i++) {
      reporter.add(entry(i))
      await vi.advanceTimersByTimeAsync(1)
    }
    expect(reporter.stats()).toMatchObject({ dropped: 0 })
    await reporter.close()
    expect(reporter.stats()).toMatchObject({ sent: 300, dropped: 0, queued: 0 })
    expect(sends.filter((t) => t < 300).length).toBeGreaterThanOrEqual(29)
  })

  it('counts entries pushed out of a full queue while their batch is on its way as sent once it goes, dropped if it fails', async () => {
    const received: string[][] = []
    const held: Array<(ok: boolean) => void> = []
    const send = async (_url: string, init: RequestInit) => {
      const { entries } = sentJson(init) as { entries: Array<{ requestId: string }> }
      if (!(await new Promise<boolean>((resolve) => held.push(resolve)))) throw new TypeError('fetch failed')
      received.push(entries.map((e) => e.requestId))
      return Response.json({ accepted: entries.length, duplicates: 0, dropped: { unknownKey: 0, future: 0, expired: 0 } }, { status: 202 })
    }
    const oneRound = async (ok: boolean, first: number) => {
      const reporter = requestLogReporter('https://portal.example/api/logs', 'svc', send, { maxQueue: 5, intervalMs: 10, batchSize: 5 })
      for (let i = first; i < first + 5; i++) reporter.add(entry(i))
      await vi.waitFor(() => expect(held).toHaveLength(1))
      // Seven more while the five are on their way: the queue holds the last five, the two before them are lost.
      for (let i = first + 5; i < first + 12; i++) reporter.add(entry(i))
      held.shift()!(ok)
      await vi.waitFor(() => expect(reporter.stats().sent + reporter.stats().failedSends).toBeGreaterThan(0))
      // close() sends what is left at once, without waiting out a failed send's backoff.
      const closing = reporter.close()
      await vi.waitFor(() => expect(held).toHaveLength(1))
      held.shift()!(true)
      await closing
      return reporter.stats()
    }
    expect(await oneRound(true, 0)).toMatchObject({ sent: 10, dropped: 2, queued: 0 })
    expect(received.flat()).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r7', 'r8', 'r9', 'r10', 'r11'])
    // The first batch fails: its five are gone from the queue, so they are dropped too.
    expect(await oneRound(false, 100)).toMatchObject({ sent: 5, dropped: 7, queued: 0 })
  })

  it('waits at least 1 s before trying a down portal again, even with intervalMs 0', async () => {
    vi.useFakeTimers({ now: 0 })
    let attempts = 0
    const send = () => {
      attempts++
      return Promise.reject(new TypeError('fetch failed'))
    }
    const reporter = requestLogReporter('https://portal.example/api/logs', 'svc', send, { intervalMs: 0 })
    reporter.add(entry(1))
    await vi.advanceTimersByTimeAsync(3500)
    // At 0, 1 s and 3 s: never the thousands a retry without a wait makes.
    expect(attempts).toBe(3)
    expect(reporter.stats()).toMatchObject({ queued: 1, failedSends: 3 })
  })

  it('waits its backoff between attempts, 1 s then twice as long each time, however fast entries arrive', async () => {
    vi.useFakeTimers({ now: 0 })
    const attempts: number[] = []
    let failing: (() => void) | undefined
    let since = 0
    // Each send fails once it has been on its way 20 ms: the test says when, right after an entry arrives.
    const send = () => {
      attempts.push(Date.now())
      since = Date.now()
      return new Promise<Response>((_, reject) => (failing = () => reject(new TypeError('fetch failed'))))
    }
    const reporter = requestLogReporter('https://portal.example/api/logs', 'svc', send, { intervalMs: 1000, batchSize: 10 })
    for (let i = 0; Date.now() < 16_000; i++) {
      reporter.add(entry(i))
      if (failing && Date.now() - since >= 20) {
        failing()
        failing = undefined
      }
      await vi.advanceTimersByTimeAsync(5)
    }
    const gaps = attempts.slice(1).map((t, i) => t - attempts[i])
    expect(gaps.length).toBeGreaterThanOrEqual(3)
    gaps.forEach((gap, i) => expect(gap, `gap ${i}`).toBeGreaterThanOrEqual(1000 * 2 ** i))
    expect(reporter.stats()).toMatchObject({ failedSends: attempts.length - (failing ? 1 : 0) })
  })

  it('flush() sends what is queued when it is called and resolves, however fast new entries keep arriving', async () => {
    let sends = 0
    let arriving = 50
    const reporter = requestLogReporter(
      'https://portal.example/api/logs',
      'svc',
      async (_url: string, init: RequestInit) => {
        sends++
        // Steady traffic: a request is answered while each batch is on its way (50 of them, so the test ends either way).
        if (arriving-- > 0) reporter.add(entry(1000 + arriving))
        const { entries } = sentJson(init) as { entries: unknown[] }
        return Response.json({ accepted: entries.length, duplicates: 0, dropped: { unknownKey: 0, future: 0, expired: 0 } }, { status: 202 })
      },
      { batchSize: 10 },
    )
    for (let i = 0; i < 25; i++) reporter.add(entry(i))
    await reporter.flush()
    // The 25 queued took three batches; what arrived meanwhile is the timer's.
    expect(sends).toBe(3)
    expect(reporter.stats().queued).toBeGreaterThan(0)
    await reporter.close()
  })
})
