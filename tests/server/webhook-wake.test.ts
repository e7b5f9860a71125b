/** When the webhook worker looks for due deliveries: at every retry time it is told of, not only the soonest. */
import { afterEach, expect, it, vi } from 'vitest'
import type { Database } from '../../server/db/index'
import { SWEEP_MS, startWaking } from '../../server/resources/webhooks/wake'

afterEach(() => vi.useRealTimers())

it('looks at each retry time it is told of, however close together, not at the next sweep for the later ones', async () => {
  vi.useFakeTimers()
  const db = { listen: async () => async () => undefined } as unknown as Database
  const looks: number[] = []
  const waker = startWaking(
    db,
    async () => void looks.push(Date.now()),
    () => undefined,
    Date.now,
  )
  // The start's own look.
  await vi.advanceTimersByTimeAsync(0)
  looks.length = 0
  const t0 = Date.now()
  // Two retries recorded 0.4 s apart, then one told before both (a timer set for sooner replaces the first).
  waker.at(t0 + 1000)
  waker.at(t0 + 1400)
  waker.at(t0 + 600)
  await vi.advanceTimersByTimeAsync(2000)
  expect(looks.map((t) => t - t0)).toEqual([600, 1000, 1400])
  // Then the sweep, as before.
  await vi.advanceTimersByTimeAsync(SWEEP_MS)
  expect(looks.map((t) => t - t0)).toEqual([600, 1000, 1400, 1400 + SWEEP_MS])
  await waker.stop()
})
