import { errors } from '../i18n/en/errors'

/** Why a call failed; each kind gets its own wording in the UI. */
export type ApiErrorKind = 'network' | 'timeout' | 'http' | 'parse' | 'aborted'

export type ErrorId = keyof typeof errors

/**
 * The one error type every API call rejects with. `message` is always a
 * sentence a user can read, in English: the server's own `message` when it
 * sent one, else the widget's own words, whose catalog id is `id` (a screen
 * shows either in the reader's language through useErrorText).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  /** The catalog id of the widget's own words, with their parameters; undefined: `message` is the server's. */
  id?: ErrorId
  params?: { status: number }
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

/** An ApiError in the widget's own words (no answer, or one it cannot read). */
export function ownError(kind: ApiErrorKind, id: ErrorId, status = 0): ApiError {
  const params = { status }
  const message = errors[id]
  const e = new ApiError(kind, typeof message === 'function' ? message(params) : message, status)
  e.id = id
  e.params = params
  return e
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError

/** A readable message for anything thrown, never `[object Object]`, in English (useErrorText gives the reader's language). */
export function errorMessage(e: unknown): string {
  if (e instanceof ApiError) return e.message
  return errors['error.unknown']
}
