import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { isAborted } from './aborted'

/**
 * An error whose message is meant for the user. Anything else thrown becomes
 * a plain 500, so no stack trace, SQL or driver text ever reaches a client.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError'
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** A stable machine-readable reason beside the message (e.g. DEVICE_UNKNOWN). */
    readonly code?: string,
  ) {
    super(message)
  }
}

export const badRequest = (message: string) => new HttpError(400, message)
export const notFound = (message = 'Not found.') => new HttpError(404, message)
export const conflict = (message: string) => new HttpError(409, message)

export const INTERNAL_ERROR = 'Internal server error'

export type ErrorLog = (line: string) => void

/** Hono's onError: known errors answer with their message, the rest with a bare 500. */
export function errorHandler(log: ErrorLog) {
  return (err: Error, c: Context): Response => {
    // The client is gone: nobody reads this answer, and the request log says "aborted".
    if (isAborted(c, err)) return c.body(null, 400)
    if (err instanceof HttpError) {
      return c.json(err.code ? { message: err.message, code: err.code } : { message: err.message }, err.status, err.headers)
    }
    if (err instanceof HTTPException && err.status < 500) {
      // Thrown by Hono's own middleware; their texts are generic and safe.
      return c.json({ message: err.message || 'Bad request.' }, err.status)
    }
    // Name, driver code and stack: enough to debug. Nothing from the request
    // is logged, and secrets never enter SQL (only their hashes do).
    const code = (err as { code?: unknown }).code
    // The raw path, as in the request log: a decoded one could hold a line break.
    log(`error ${c.req.method} ${new URL(c.req.url).pathname}: ${err.stack ?? `${err.name}: ${err.message}`}${code ? ` (code ${String(code)})` : ''}`)
    return c.json({ message: INTERNAL_ERROR }, 500)
  }
}
