/**
 * The fair-share bench's noisy side, in a process of its own: it loads
 * autocannon, says it is ready, and on the word runs the loads it is given
 * (all at once, in its main thread) and sends back their counts.
 *
 * Why a process, ready before the burst: run as autocannon worker threads of
 * the bench itself, their booting at the burst's start stalls the measuring
 * client, and the other user's times then show the bench's own load, not the
 * server's.
 */
import autocannon from 'autocannon'
import { createRequire } from 'node:module'

export interface NoisyLoad {
  url: string
  connections: number
  durationS: number
  headers: Record<string, string>
  /** A new made-up access token on every request (the flood). */
  madeUpTokens?: boolean
}

/** What the bench reads of each load. */
export interface NoisyCounts {
  requests: number
  statusCodes: Record<string, number>
  errors: number
}

const madeUpToken = createRequire(import.meta.url)('./made-up-token.cjs') as (request: autocannon.Request) => autocannon.Request

function runLoad({ url, connections, durationS, headers, madeUpTokens }: NoisyLoad): Promise<NoisyCounts> {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections, duration: durationS, headers, ...(madeUpTokens ? { requests: [{ setupRequest: madeUpToken }] } : {}) }, (err, r) => {
      if (err) return reject(err)
      const stats = (r.statusCodeStats ?? {}) as Record<string, { count: number }>
      resolve({
        requests: r.requests.total,
        statusCodes: Object.fromEntries(Object.entries(stats).map(([code, s]) => [code, Number(s.count)])),
        errors: r.errors + r.timeouts,
      })
    }),
  )
}

process.on('message', (loads: NoisyLoad[]) => {
  Promise.all(loads.map(runLoad)).then(
    (counts) => process.send!({ counts }, () => process.exit(0)),
    (err: Error) => process.send!({ error: err.message }, () => process.exit(1)),
  )
})
process.send!({ ready: true })
