/** Why a call failed; each kind gets its own wording in the UI. */
export type ApiErrorKind = 'network' | 'timeout' | 'http' | 'parse' | 'aborted'

/**
 * The one error type every API call rejects with. `message` is always a
 * sentence a user can read: the server's own `message` when it sent one.
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
  ) {
    super(message)
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError

/** A readable message for anything thrown, never `[object Object]`. */
export function errorMessage(e: unknown): string {
  if (e instanceof ApiError) return e.message
  return 'Something went wrong. Please try again.'
}
