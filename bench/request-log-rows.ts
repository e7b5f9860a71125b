/**
 * The request-log rows the bench stores, the same whoever makes them (a
 * producer's batch, the bare COPY's CSV): entry i of a run is a function of i
 * alone, so the two sides store exactly the same rows.
 */
export const ROUTES = Array.from({ length: 20 }, (_, i) => `/v1/resource${i}/:id`)
const METHODS = ['GET', 'GET', 'GET', 'POST', 'PATCH', 'DELETE']

export interface BenchEntry {
  requestId: string
  keyId: string
  method: string
  route: string
  status: number
  durationMs: number
  at: string
}

/** 90% 2xx, 7% 4xx, 3% 5xx; durations spread from 1 ms to about 2 s. */
export function benchEntry(i: number, keyIds: readonly string[], start: number, run: string): BenchEntry {
  const r = (i * 2_654_435_761) % 1000
  return {
    requestId: `${run}-${i}`,
    keyId: keyIds[i % keyIds.length],
    method: METHODS[i % METHODS.length],
    route: ROUTES[(i * 7) % ROUTES.length],
    status: r < 900 ? 200 : r < 970 ? 404 : 503,
    durationMs: 1 + ((i * 37) % 2000) * ((i % 10) / 10),
    // One call every millisecond from `start`: always within the last few minutes.
    at: new Date(start + (i % 60_000)).toISOString(),
  }
}
