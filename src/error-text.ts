import { isApiError, type OwnReason } from './api/errors'
import { errors } from './i18n/en/errors'
import type { unreachable } from './i18n/en/unreachable'

/** A catalog id of the widget's own words for a failure; the English of 'error.cors' travels with the chunk that finds it (api/unreachable.ts), as the error's message. */
export type ErrorId = keyof typeof errors | keyof typeof unreachable

/** The catalog id that says each of the API client's own reasons. */
const SAID_BY: Record<OwnReason, ErrorId> = {
  aborted: 'error.aborted',
  timeout: 'error.timeout',
  network: 'error.network',
  cors: 'error.cors',
  dropped: 'error.dropped',
  status: 'error.status',
  unreadable: 'error.unreadable',
  'unreadable.sign-in': 'error.unreadable.signIn',
  'unreadable.token': 'error.unreadable.token',
  'unreadable.keys': 'error.unreadable.keys',
  'unreadable.project': 'error.unreadable.project',
  'unreadable.projects': 'error.unreadable.projects',
  'unreadable.profile': 'error.unreadable.profile',
}

/**
 * What says a failure, for a translation: a catalog id with its parameters
 * (the widget's own words, or 'error.unknown' for anything not an ApiError),
 * else undefined, and the error's message is the server's own.
 */
export function errorId(e: unknown): { id: ErrorId; params: { status: number } } | undefined {
  if (!isApiError(e)) return { id: 'error.unknown', params: { status: 0 } }
  return e.reason ? { id: SAID_BY[e.reason], params: { status: e.status } } : undefined
}

/** A readable message for anything thrown, never `[object Object]`, in English (useErrorText gives the reader's language). */
export function errorMessage(e: unknown): string {
  const said = errorId(e)
  if (!said) return (e as Error).message
  const text = (errors as Record<string, string | ((p: { status: number }) => string)>)[said.id] ?? (e as Error).message
  return typeof text === 'function' ? text(said.params) : text
}
