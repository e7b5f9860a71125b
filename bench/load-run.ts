/** One autocannon load test, and the figures the bench reports of it. */
import autocannon from 'autocannon'
import { round } from './stats'

export interface LoadRun {
  endpoint: string
  connections: number
  durationS: number
  requests: number
  requestsPerSec: number
  latencyP50Ms: number
  latencyP99Ms: number
  latencyMaxMs: number
  errors: number
  non2xx: number
  timeouts: number
}

export function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)))
  })
}

export const summarise = (endpoint: string, connections: number, r: autocannon.Result): LoadRun => ({
  endpoint,
  connections,
  durationS: round(r.duration, 1),
  requests: r.requests.total,
  requestsPerSec: round(r.requests.average, 0),
  latencyP50Ms: r.latency.p50,
  latencyP99Ms: r.latency.p99,
  latencyMaxMs: r.latency.max,
  errors: r.errors,
  non2xx: r.non2xx,
  timeouts: r.timeouts,
})
