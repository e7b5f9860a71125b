/**
 * How long to wait after failed attempt number `made` (1 for the first), in
 * seconds; undefined when the schedule has no step left. A Retry-After (on
 * 429 or 503) is honoured, but not beyond the step after this one, so a
 * receiver cannot park its deliveries for longer than the schedule would.
 */
export function retryDelay(schedule: number[], made: number, status: number | undefined, retryAfter: number | undefined): number | undefined {
  const step = schedule[made - 1]
  if (step === undefined) return undefined
  if ((status === 429 || status === 503) && retryAfter !== undefined && retryAfter > step) {
    return Math.min(retryAfter, schedule[made] ?? step)
  }
  return step
}
