import { z } from 'zod'
import { KEY_MODES, USAGE_DAYS_MAX } from './constants'
import { coded } from './fields'

/**
 * The query parameters of the calls that read a page at a time, shared by
 * the server (which checks them with readQuery) and its OpenAPI document.
 * A query value is text: a number is read from its digits alone, so `1e1`,
 * ` 5` or `2.0` are refused rather than read as some other number.
 */

/**
 * An optional whole number within [min, max], written in digits; anything else is refused with one message.
 * Its input is typed as what a caller sends (the query's text, or a number it writes there), not as
 * z.preprocess's `unknown`, so that a client typed by the contract's query can send it as it is.
 */
export function queryNumber(name: string, code: string, min: number, max: number, description: string, example: number) {
  const range = coded(code, `${name} must be a whole number from ${min} to ${max}.`)
  const digits = z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z.int({ error: range }).min(min, range).max(max, range),
  ) as unknown as z.ZodType<number, string | number>
  return digits.optional().meta({ description, example })
}

/** GET /manage/dapp/{id}/webhooks/{endpointId}/attempts */
export const WebhookAttemptsQuery = z.object({
  limit: queryNumber('limit', 'LIMIT_OUT_OF_RANGE', 1, 100, 'How many, 1 to 100 (default 20).', 20),
  before: z.string().optional().meta({ description: 'An attempt id (wha_…): list the attempts older than it.' }),
})

/** GET /manage/dapp/{id}/audit; a limit is checked for the CSV download too, which holds the newest 10,000 whatever it says. */
export const AuditQuery = z.object({
  before: z.string().optional().meta({ description: 'An entry ID: the page after it (older).' }),
  limit: queryNumber('limit', 'LIMIT_OUT_OF_RANGE', 1, 100, 'Entries per page: 1–100 (default 50).', 50),
  format: z
    .enum(['json', 'csv'], { error: coded('FORMAT_INVALID', 'format must be json or csv.') })
    .optional()
    .meta({ description: 'csv: the log as a CSV download.' }),
})

/** The range GET …/usage answers without `days`, in days (USAGE_DAYS_MAX, in constants.ts, the longest). */
export const USAGE_DAYS_DEFAULT = 30

/** GET /manage/dapp/{id}/usage: `days` back, today included; `mode` keeps only the live or the test keys' counts (both without it). */
export const UsageQuery = z.object({
  days: queryNumber(
    'days',
    'DAYS_INVALID',
    1,
    USAGE_DAYS_MAX,
    `How many days back, today included: 1–${USAGE_DAYS_MAX} (default ${USAGE_DAYS_DEFAULT}).`,
    USAGE_DAYS_DEFAULT,
  ),
  mode: z
    .enum(KEY_MODES, { error: coded('KEY_MODE_INVALID', 'mode must be live or test.') })
    .optional()
    .meta({ description: "live or test: only the counts of that mode's keys (default: every key)." }),
})
