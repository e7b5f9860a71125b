import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ERROR_CODES, type ErrorCode } from '../../contract/error-codes'
import { fieldErrorCode } from '../../contract/fields'
import { isAborted } from './aborted'

/** An error answer's stable reason (`code`, from the contract's ERROR_CODES) and the message it is sent with. */
export interface Coded {
  readonly code: ErrorCode
  readonly message: string
}

type Wording = string | ((...figures: never[]) => string)
type Coder<W> = W extends (...figures: infer A) => string ? (...figures: A) => Coded : Coded
export type ErrorTable<T> = { readonly [K in keyof T]: Coder<T[K]> }

// Every fixed message a table words, with its code: how the OpenAPI document
// finds the code of a message an operation lists as text (codeOf).
const byMessage = new Map<string, ErrorCode>()

/**
 * One area's errors, each code beside its wording: a message, or a function of
 * the figures it names (a limit, a wait). Throw its entries; they carry both.
 */
export function errorTable<const T extends { readonly [K in ErrorCode]?: Wording }>(table: T): ErrorTable<T> {
  const entries = Object.entries(table).map(([code, wording]) => {
    if (!(ERROR_CODES as readonly string[]).includes(code)) throw new Error(`${code} is not in ERROR_CODES (contract/constants.ts).`)
    if (typeof wording !== 'string') return [code, (...figures: never[]) => ({ code, message: (wording as (...f: never[]) => string)(...figures) })]
    const known = byMessage.get(wording)
    if (known && known !== code) throw new Error(`"${wording}" has two codes: ${known} and ${code}.`)
    byMessage.set(wording, code as ErrorCode)
    return [code, { code, message: wording }]
  })
  return Object.fromEntries(entries) as ErrorTable<T>
}

/** The code of a fixed message, worded by a table here or by a field check of the contract. */
export const codeOf = (message: string): ErrorCode | undefined => byMessage.get(message) ?? fieldErrorCode(message)

/**
 * An error whose message is meant for the user. Anything else thrown becomes
 * a plain 500, so no stack trace, SQL or driver text ever reaches a client.
 * Thrown with a table's entry (`new HttpError(409, TABLE.CODE)`), or with a
 * message and its code (`new HttpError(409, message, {}, 'CODE')`).
 */
export class HttpError extends Error {
  override readonly name = 'HttpError'
  /** The stable reason beside the message, one of the contract's ERROR_CODES. */
  readonly code: ErrorCode
  constructor(status: ContentfulStatusCode, error: Coded, headers?: Record<string, string>)
  constructor(status: ContentfulStatusCode, message: string, headers: Record<string, string>, code: ErrorCode)
  constructor(
    readonly status: ContentfulStatusCode,
    error: Coded | string,
    readonly headers: Record<string, string> = {},
    code?: ErrorCode,
  ) {
    super(typeof error === 'string' ? error : error.message)
    this.code = typeof error === 'string' ? code! : error.code
  }
}

/** The errors every area may answer; SERVER_RESTARTING every call while the server drains for a stop (start.ts). */
export const COMMON = errorTable({
  NOT_FOUND: 'Not found.',
  INTERNAL_ERROR: 'Internal server error',
  REQUEST_REFUSED: 'Bad request.',
  SERVER_RESTARTING: 'The server is restarting. Please try again in a moment.',
  // Answered by the HTTP layer before a route (node-listener.ts): the request did not arrive within its bounds, its head is over
  // Node's 16 kB, or a chunk of its body carries more than Node's 16 kB of chunk extensions.
  REQUEST_TIMEOUT: 'The request took too long to arrive. Please send it again.',
  HEADERS_TOO_LARGE: 'The request’s headers are too large.',
  CHUNK_EXTENSIONS_TOO_LARGE: 'The request’s chunk extensions are too large.',
})

export const badRequest = (error: Coded) => new HttpError(400, error)
export const notFound = (error: Coded = COMMON.NOT_FOUND) => new HttpError(404, error)
export const conflict = (error: Coded) => new HttpError(409, error)

export const INTERNAL_ERROR = COMMON.INTERNAL_ERROR.message

export type ErrorLog = (line: string) => void

/** The JSON of an error answer: its message and its code. */
export const errorBody = ({ message, code }: Coded) => ({ message, code })

/** Hono's onError: known errors answer with their message and code, the rest with a bare 500. */
export function errorHandler(log: ErrorLog, loggedPath: (rawPath: string, routedPath?: string) => string = (path) => path) {
  return (err: Error, c: Context): Response => {
    // The client is gone: nobody reads this answer, and the request log says "aborted".
    if (isAborted(c, err)) return c.body(null, 400)
    if (err instanceof HttpError) return c.json(errorBody(err), err.status, err.headers)
    if (err instanceof HTTPException && err.status < 500) {
      // Thrown by Hono's own middleware; their texts are generic and safe.
      return c.json({ message: err.message || COMMON.REQUEST_REFUSED.message, code: COMMON.REQUEST_REFUSED.code }, err.status)
    }
    // Name, driver code and stack: enough to debug. Nothing from the request
    // is logged, and secrets never enter SQL (only their hashes do).
    const code = (err as { code?: unknown }).code
    // The raw path, as in the request log (a decoded one could hold a line break), or its route's template (loggedPath).
    log(
      `error ${c.req.method} ${loggedPath(new URL(c.req.url).pathname, c.req.path)}: ${err.stack ?? `${err.name}: ${err.message}`}${code ? ` (code ${String(code)})` : ''}`,
    )
    return c.json(errorBody(COMMON.INTERNAL_ERROR), 500)
  }
}
