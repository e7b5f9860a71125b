import { ownError, type OwnReason } from './errors'
import type { AccessData } from './types'

// Responses are input like any other: check their shape so a broken or hostile
// server gives a clear error, not a crash deep inside a component.
export const bad = (reason: OwnReason) => ownError('parse', reason, 200)
export const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x)
export const text = (x: unknown): string => (typeof x === 'string' ? x : typeof x === 'number' ? String(x) : '')

export function parseAccessData(x: unknown): AccessData {
  if (!isObject(x) || typeof x.accessToken !== 'string' || !x.accessToken) throw bad('error.unreadable.signIn')
  return x as AccessData
}

export function parseToken(x: unknown): string {
  if (!isObject(x) || typeof x.accessToken !== 'string' || !x.accessToken) throw bad('error.unreadable.token')
  return x.accessToken
}
