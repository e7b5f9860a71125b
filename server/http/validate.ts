import type { Context } from 'hono'
import { HttpError, badRequest } from './errors'
import { CANNOT_STORE, findUnstorable } from './storable'

export type JsonObject = Record<string, unknown>

/**
 * The request body as a JSON object, or a 400/415 that says what is wrong.
 * (Its size is already bounded by the body-limit middleware.)
 */
export async function readJsonObject(c: Context): Promise<JsonObject> {
  const type = c.req.header('content-type') ?? ''
  if (!/^application\/(.+\+)?json\s*(;|$)/i.test(type)) {
    throw new HttpError(415, 'Send the request body as JSON (Content-Type: application/json).')
  }
  const text = await c.req.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw badRequest('The request body is not valid JSON.')
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON object.')
  }
  // Here, so every route that reads JSON (today's and those added later) refuses NUL and lone surrogates.
  const field = findUnstorable(body)
  if (field) throw badRequest(`${field} ${CANNOT_STORE}`)
  return body as JsonObject
}

/** Length as a person counts it: an emoji is one character, not two UTF-16 units. */
const length = (s: string) => [...s].length

export interface TextRule {
  /** How the field is named in messages, e.g. "Project name". */
  label: string
  /** Missing, null or (after trimming) empty is refused. */
  required?: boolean
  max: number
  min?: number
  /** Trim surrounding white space (not for passwords). */
  trim?: boolean
}

/** A string field, checked against `rule`. A missing optional field reads as "". */
export function text(body: JsonObject, field: string, rule: TextRule): string {
  const raw = body[field]
  if (raw === undefined || raw === null) {
    if (rule.required) throw badRequest(`${rule.label} is required.`)
    return ''
  }
  if (typeof raw !== 'string') throw badRequest(`${rule.label} must be text.`)
  const value = rule.trim === false ? raw : raw.trim()
  if (rule.required && value === '') throw badRequest(`${rule.label} is required.`)
  if (length(value) > rule.max) throw badRequest(`${rule.label} must be at most ${rule.max} characters.`)
  if (rule.min !== undefined && length(value) < rule.min) {
    throw badRequest(`${rule.label} must be at least ${rule.min} characters.`)
  }
  return value
}

// Deliberately loose (one @, a dot in the domain, no spaces): the only real
// check of an address is mail reaching it, and strict patterns refuse valid ones.
const EMAIL = /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/

/**
 * An e-mail address, trimmed, NFC-normalised and lower-cased so one person has
 * one account: the composed and decomposed forms of "josé" are one address.
 */
export function email(body: JsonObject, field = 'email'): string {
  const value = text(body, field, { label: 'E-mail address', required: true, max: 254 }).normalize('NFC').toLowerCase()
  if (!EMAIL.test(value)) throw badRequest('Enter a valid e-mail address.')
  return value
}

/** Like readJsonObject, but an empty body (the spec's bodiless calls) reads as {}. */
export async function readOptionalJsonObject(c: Context): Promise<JsonObject> {
  if ((await c.req.text()).trim() === '') return {}
  return readJsonObject(c)
}

export interface IntegerRule {
  label: string
  min: number
  max: number
}

/** A required whole number within [min, max]. */
export function integer(body: JsonObject, field: string, rule: IntegerRule): number {
  const raw = body[field]
  if (raw === undefined || raw === null) throw badRequest(`${rule.label} is required.`)
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < rule.min || raw > rule.max) {
    throw badRequest(`${rule.label} must be a whole number from ${rule.min} to ${rule.max}.`)
  }
  return raw
}

const ISO_8601 = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,9})?)?(Z|[+-]\d\d:\d\d)$/i

/**
 * An optional ISO-8601 date-time with its offset, later than `after`:
 * undefined when the field is absent, null when it is null (no date).
 */
export function futureDate(body: JsonObject, field: string, label: string, after: number): Date | null | undefined {
  if (body[field] === undefined) return undefined
  if (body[field] === null) return null
  const value = text(body, field, { label, required: true, max: 40 })
  const ms = Date.parse(value)
  if (!ISO_8601.test(value) || Number.isNaN(ms)) throw badRequest(`${label} must be an ISO-8601 date and time, such as 2030-01-31T12:00:00Z.`)
  if (ms <= after) throw badRequest(`${label} must be in the future.`)
  return new Date(ms)
}
