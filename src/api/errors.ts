/** Why a call failed; each kind gets its own wording in the UI. */
export type ApiErrorKind = 'network' | 'timeout' | 'http' | 'parse' | 'aborted'

/**
 * The widget's own reasons a call failed, when the server's answer gave none
 * (no answer, an error status with no message, a body it cannot read). Each
 * is the catalog id that says it (src/i18n/en/errors.ts, 'error.cors' in
 * unreachable.ts): the build writes ids as short keys wherever they appear
 * as text, so a reason must be its id, not a name an id is made from.
 */
export type OwnReason =
  | 'error.aborted'
  | 'error.timeout'
  | 'error.network'
  | 'error.cors'
  | 'error.dropped'
  | 'error.status'
  | 'error.unreadable'
  | 'error.unreadable.signIn'
  | 'error.unreadable.token'
  | 'error.unreadable.keys'
  | 'error.unreadable.project'
  | 'error.unreadable.projects'
  | 'error.unreadable.profile'

/**
 * The one error type every API call rejects with. Either the server said why
 * (`message`, its own words, and perhaps a `code`), or `reason` is the
 * widget's own code, and `message` is that code too (a screen shows neither
 * as it is: useErrorText turns it into words).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    /** HTTP status, 0 when no response arrived. */
    readonly status = 0,
    /** The server's machine-readable reason, when it sent one (e.g. DEVICE_UNKNOWN). */
    readonly code?: string,
    /** The widget's own reason; undefined: `message` is the server's. */
    readonly reason?: OwnReason,
    /** The answer's Retry-After in seconds (a 429's, a 503's), when it gave one: the wait a translation says. */
    readonly retryAfter?: number,
  ) {
    super(message)
  }
}

/** An ApiError for a reason of the widget's own (no answer, or one it cannot read). */
export const ownError = (kind: ApiErrorKind, reason: OwnReason, status = 0): ApiError => new ApiError(kind, reason, status, undefined, reason)

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError
