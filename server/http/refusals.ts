/**
 * What the per-user and per-address limits share: a memory of who is refused
 * until when, so a flood of refused calls costs no database work, and the
 * moment each such call is held before its 429.
 */

/** Bound on what is remembered: not a policy, the database still counts. */
const MAX_REMEMBERED = 10_000

/** Keys refused until a time; `left` says how many seconds remain (0: not refused). */
export function refusals() {
  const until = new Map<string, number>()
  return {
    left(key: string): number {
      const end = until.get(key)
      if (end === undefined) return 0
      const seconds = Math.ceil((end - Date.now()) / 1000)
      if (seconds > 0) return seconds
      until.delete(key)
      return 0
    },
    set(key: string, seconds: number) {
      if (until.size > MAX_REMEMBERED) until.clear()
      until.set(key, Date.now() + seconds * 1000)
    },
  }
}

/** Holds a call refused from memory for a moment (at most the wait itself), so its client sends fewer. */
export const holdFor = (holdMs: number) => (seconds: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.min(holdMs, seconds * 1000)))

/** A per-minute budget as a count per window of `windowSeconds`. */
export const perWindow = (perMinute: number, windowSeconds: number) => Math.max(1, Math.ceil((perMinute * windowSeconds) / 60))
