/**
 * A request log entry's JSON text, written in one pass from its fields, and
 * its time's ISO text from the second's, kept. Every answered request makes
 * one: `JSON.stringify` with a list of fields takes V8's slow path (it walks
 * the list for each entry), and `toISOString()` formats the whole date each
 * time, though nearly every entry falls in the second of the one before.
 *
 * Interleaved A/B (bench/request-log-cost.ts with BENCH_AB, three runs of
 * five rounds) against `JSON.stringify(entry, fields)` and `toISOString()`
 * per entry, with the request id answered on Node's own response
 * (middleware.ts) as one change: the provider's CPU a request with
 * reporting on a median 20% less, with the portal stopped 18% less; kept.
 * The figures are in docs/performance.md, "Shortcuts".
 */
import type { RequestLogEntry } from './request-log.js'

// A value's JSON; what JSON has no text for (undefined) is null, which the server refuses as it refused the field left out.
const json = (value: unknown): string => JSON.stringify(value) ?? 'null'

/** The entry's fields, in the server's order, and no other: a caller's richer object sends none of the rest. */
export function entryJson(e: RequestLogEntry): string {
  const text =
    `{"requestId":${json(e.requestId)},"keyId":${json(e.keyId)},"method":${json(e.method)},"route":${json(e.route)},` +
    `"status":${json(e.status)},"durationMs":${json(e.durationMs)},"at":${json(e.at)}`
  return e.ip === undefined ? `${text}}` : `${text},"ip":${json(e.ip)}}`
}

let second = Number.NaN
let secondText = ''

/** `new Date(ms).toISOString()`, the date and time to the second formatted once a second. */
export function isoAt(ms: number): string {
  const within = ((ms % 1000) + 1000) % 1000
  if (ms - within !== second) {
    second = ms - within
    // Without the milliseconds and the Z ("….000Z"): a year past 9999 has a longer date.
    secondText = new Date(second).toISOString().slice(0, -4)
  }
  return `${secondText}${within < 10 ? '00' : within < 100 ? '0' : ''}${within}Z`
}
