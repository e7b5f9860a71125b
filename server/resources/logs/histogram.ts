/**
 * The latency histogram of the hourly rollups (request_log_hours.hist): a
 * count per bucket, bucket i holding durations up to BOUNDS[i] ms and the last
 * one everything longer. p50 and p95 are read from summed histograms as the
 * upper bound of the bucket the percentile falls in, so they are never below
 * the true value and at most one bucket step above it (about 1.5×); past the
 * last bound they read as that bound (a minute).
 * The bounds are stored rows' meaning: changing them needs a migration.
 */
export const BOUNDS: readonly number[] = [
  1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 75, 100, 150, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000, 10_000, 30_000, 60_000,
]
/** What a duration in the last, open bucket reads as: "a minute or more". */
const OVER = BOUNDS[BOUNDS.length - 1]

export const BUCKETS = BOUNDS.length + 1

/** The bucket a duration (whole ms) is counted in. */
export function bucketOf(ms: number): number {
  let lo = 0
  let hi = BOUNDS.length
  // The first bound at or above ms (BOUNDS.length: over the last).
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (BOUNDS[mid] >= ms) hi = mid
    else lo = mid + 1
  }
  return lo
}

export const emptyHistogram = (): number[] => new Array<number>(BUCKETS).fill(0)

/** The duration at quantile q (0.5, 0.95) of a histogram; null when it holds nothing. */
export function quantile(hist: readonly number[], q: number): number | null {
  const total = hist.reduce((a, b) => a + b, 0)
  if (total === 0) return null
  const rank = Math.ceil(q * total)
  let seen = 0
  for (let i = 0; i < hist.length; i++) {
    seen += hist[i]
    if (seen >= rank) return BOUNDS[Math.min(i, BOUNDS.length - 1)]
  }
  return OVER
}
