import { ownError, type OwnReason } from './errors'
import type { AccessData } from './types'
import { BIDI_CONTROLS } from '../../contract/constants'

// Responses are input like any other: check their shape so a broken or hostile
// server gives a clear error, not a crash deep inside a component.
export const bad = (reason: OwnReason) => ownError('parse', reason, 200)
export const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x)
/** A string as the server wrote it: for what goes back to it (a request id, a route, a scope or event name, a cursor). */
export const raw = (x: unknown): string => (typeof x === 'string' ? x : typeof x === 'number' ? String(x) : '')
// What is shown goes without the bidi embeddings, overrides and isolates, which the server refuses in names now: one
// in a name kept from before, or sent by a broken server, would mirror the words after it in a sentence of the widget.
const BIDI = new RegExp(BIDI_CONTROLS, 'g')
export const text = (x: unknown): string => raw(x).replace(BIDI, '')

// A token (the device's or the session's) goes out in the Authorization header: one the browser refuses there (a control or non-Latin-1
// character) or the server's limits do (431) would fail every call and never end the session. The server
// issues visible ASCII of 47 characters; 4,096 is a generous bound on that.
const SENDABLE = /^[!-~]{1,4096}$/

export function parseAccessData(x: unknown): AccessData {
  if (!isObject(x) || typeof x.accessToken !== 'string' || !SENDABLE.test(x.accessToken)) throw bad('error.unreadable.signIn')
  return x as AccessData
}

export function parseToken(x: unknown): string {
  if (!isObject(x) || typeof x.accessToken !== 'string' || !SENDABLE.test(x.accessToken)) throw bad('error.unreadable.token')
  return x.accessToken
}
