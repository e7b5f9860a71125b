/**
 * Fake timers that move only when the test moves them, with testing-library's waits still working.
 *
 * With `shouldAdvanceTime: true` real time drives the fake clock: a test process descheduled for a poll's
 * interval (a loaded CI machine) fires a poll the test did not ask for, and replies served in turn move on
 * early. On a still clock time passes only by `vi.advanceTimersByTime…`; a timer already due (a `setTimeout`
 * of 0) runs while a wait waits, as it would on a real clock.
 *
 * testing-library's `waitFor` (and every `findBy…`) ends by waiting for a `setTimeout(0)`, and gives up by
 * a `setTimeout` on the fake clock too, which a still clock never reaches: here its end waits for a turn of
 * the event loop instead, and its limit is WAIT_LIMIT_MS of real time. It checks its condition at each
 * change of the DOM and on a `setInterval`: with `setInterval` faked, at each change of the DOM only.
 */
import { configure, getConfig } from '@testing-library/react'
import { onTestFinished, vi } from 'vitest'

type Faked = NonNullable<NonNullable<Parameters<typeof vi.useFakeTimers>[0]>['toFake']>

// Taken before any test fakes them.
const real = {
  setTimeout: globalThis.setTimeout,
  clearTimeout: globalThis.clearTimeout,
  setInterval: globalThis.setInterval,
  clearInterval: globalThis.clearInterval,
}

/** How long a wait may take in real time before it fails with what it last saw. */
export const WAIT_LIMIT_MS = 10_000

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }

/**
 * Fakes `toFake` on a clock that stands still until the test moves it. Answers how many timers of a delay
 * are pending (set, and neither run nor cleared), so a test moves the clock once the timer it means is set:
 * a component sets its timers in effects, which React may run a moment after the render a wait saw.
 */
export function stillClock(toFake: Faked = ['setTimeout', 'clearTimeout']) {
  if (toFake.includes('setImmediate')) throw new Error('a wait ends on a real setImmediate')
  vi.useFakeTimers({ toFake, shouldAdvanceTime: false })
  const { asyncWrapper } = getConfig()
  configure({
    // As @testing-library/react's own, React's act() environment off while waiting.
    asyncWrapper: async (wait) => {
      const previous = actEnvironment.IS_REACT_ACT_ENVIRONMENT
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = false
      const due = real.setInterval(() => vi.isFakeTimers() && vi.advanceTimersByTime(0), 10)
      // Past the limit, the pending timers run (the wait's own timeout among them), so the wait fails with
      // the last error its condition threw, in a test failing anyway.
      const limit = real.setTimeout(() => vi.isFakeTimers() && vi.runOnlyPendingTimers(), WAIT_LIMIT_MS)
      try {
        const result = await wait()
        await new Promise<void>((resolve) => setImmediate(resolve))
        return result
      } finally {
        real.clearInterval(due)
        real.clearTimeout(limit)
        actEnvironment.IS_REACT_ACT_ENVIRONMENT = previous
      }
    },
  })
  onTestFinished(() => {
    configure({ asyncWrapper })
    vi.useRealTimers()
  })

  // The fake setTimeout, wrapped to keep count, with the marks vi.useRealTimers() reads to put the real one back.
  const pending = new Map<unknown, number | undefined>()
  if (toFake.includes('setTimeout') && toFake.includes('clearTimeout')) {
    const { setTimeout: set, clearTimeout: clear } = globalThis
    globalThis.setTimeout = Object.assign((run: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      const id = set(() => {
        pending.delete(id)
        run(...args)
      }, ms)
      pending.set(id, ms)
      return id
    }, set) as typeof setTimeout
    globalThis.clearTimeout = Object.assign((id: Parameters<typeof clearTimeout>[0]) => {
      pending.delete(id)
      clear(id)
    }, clear)
  }
  return { pending: (ms: number) => [...pending.values()].filter((m) => m === ms).length }
}
