/** Why a call failed; each kind gets its own wording in the UI. */
export type ApiErrorKind = 'network' | 'timeout' | 'http' | 'parse' | 'aborted'

/**
 * The widget's own reasons a call failed, when the server's answer gave none
 * (no answer, an error status with no message, a body it cannot read). Codes,
 * not words: error-text.ts says each in the reader's language.
 */
export type OwnReason =
  | 'aborted'
  | 'timeout'
  | 'network'
  | 'cors'
  | 'dropped'
  | 'status'
  | 'unreadable'
  | 'unreadable.signIn'
  | 'unreadable.token'
  | 'unreadable.keys'
  | 'unreadable.project'
  | 'unreadable.projects'
  | 'unreadable.profile'

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
  ) {
    super(message)
  }
}

/** An ApiError for a reason of the widget's own (no answer, or one it cannot read). */
export const ownError = (kind: ApiErrorKind, reason: OwnReason, status = 0): ApiError => new ApiError(kind, reason, status, undefined, reason)

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError
