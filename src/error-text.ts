import { isApiError } from './api/errors'
import type { errors } from './i18n/en/errors'
import type { unreachable } from './i18n/en/unreachable'

/** A catalog id of the widget's own words for a failure; the English of 'error.cors' travels with the chunk that finds it (api/unreachable.ts), as the error's message. */
export type ErrorId = keyof typeof errors | keyof typeof unreachable

/**
 * What says a failure, for a translation: a catalog id with its parameters
 * (the widget's own words, or 'error.unknown' for anything not an ApiError),
 * else undefined, and the error's message is the server's own.
 */
export function errorId(e: unknown): { id: ErrorId; params: { status: number } } | undefined {
  if (!isApiError(e)) return { id: 'error.unknown', params: { status: 0 } }
  return e.reason ? { id: e.reason, params: { status: e.status } } : undefined
}
