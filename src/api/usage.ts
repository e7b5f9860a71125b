/**
 * `GET /manage/dapp/{id}/usage` (server/resources/usage/): verifications per
 * key and day. A server without usage answers 404, and the widget asks only
 * when it offers it. In the usage section's chunk.
 */
import { USAGE_DAYS_MAX, type KeyMode } from '../../contract/constants'
import type { Usage } from '../../contract/responses'
import { bad, isObject } from './parse'
import type { ManageCall } from './request'

const count = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) && x > 0 ? Math.floor(x) : 0)

/**
 * Checks the answer's shape, so a broken server gives a clear error, not a broken chart: every array as long as
 * `days`, and no more days than the API answers (a chart of a broken server's 200,000 would hang the page).
 */
export function parseUsage(x: unknown): Usage {
  if (!isObject(x) || !Array.isArray(x.days) || !Array.isArray(x.keys)) throw bad('error.unreadable')
  const all: unknown[] = x.days
  // The places of the days kept, so each count stays with its day when one before it is left out.
  const at = all.flatMap((d, i) => (typeof d === 'string' && /^\d{4}-\d\d-\d\d$/.test(d) && !isNaN(Date.parse(d)) ? [i] : [])).slice(-USAGE_DAYS_MAX)
  const days = at.map((i) => all[i] as string)
  const counts = (c: unknown) => at.map((i) => (Array.isArray(c) ? count(c[i]) : 0))
  const keys = x.keys
    .filter((k): k is Record<string, unknown> => isObject(k) && typeof k.keyId === 'string')
    .map((k) => ({
      keyId: String(k.keyId),
      name: typeof k.name === 'string' && k.name ? k.name : String(k.keyId),
      valid: counts(k.valid),
      invalid: counts(k.invalid),
    }))
  return { days, keys }
}

/** The project's verifications over the last `days` days (1–90), of its live or test keys only when `mode` says. */
export async function getUsage(call: ManageCall, id: string, days: number, mode?: KeyMode | '', signal?: AbortSignal): Promise<Usage> {
  return parseUsage(await call({ method: 'GET', path: `/manage/dapp/${encodeURIComponent(id)}/usage?days=${days}${mode ? `&mode=${mode}` : ''}`, signal }))
}
