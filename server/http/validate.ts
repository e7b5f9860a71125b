import type { Context } from 'hono'
import { HttpError, badRequest, errorTable } from './errors'
import { MAX_JSON_DEPTH, TOO_DEEP, tooDeep } from './json-depth'
import { CANNOT_STORE, findUnstorable } from './storable'

/** What any JSON body may be refused for, before the schema reads its fields. */
export const BODY = errorTable({
  BODY_NOT_JSON: 'Send the request body as JSON (Content-Type: application/json).',
  BODY_INVALID_JSON: 'The request body is not valid JSON.',
  BODY_NOT_AN_OBJECT: 'The request body must be a JSON object.',
  BODY_TOO_DEEP: TOO_DEEP,
  BODY_NOT_STORABLE: (field: string) => `${field} ${CANNOT_STORE}`,
  BODY_TOO_LARGE: (limitKb: number) => `The request body is too large (the limit is ${limitKb} kB).`,
})

export type JsonObject = Record<string, unknown>

const utf8 = new TextDecoder('utf-8', { fatal: true })
/** Only to see whether a body is blank: bytes that are not UTF-8 are then refused by readJsonObject. */
const lenient = new TextDecoder()

/**
 * The request body as a JSON object, or a 400/415 that says what is wrong.
 * (Its size is already bounded by the body-limit middleware.) Its fields are
 * then checked by the contract's schemas (http/body.ts).
 */
export async function readJsonObject(c: Context): Promise<JsonObject> {
  const type = c.req.header('content-type') ?? ''
  if (!/^application\/(.+\+)?json\s*(;|$)/i.test(type)) {
    throw new HttpError(415, BODY.BODY_NOT_JSON)
  }
  let body: unknown
  let text: string
  try {
    // JSON is UTF-8 (RFC 8259): bytes that are not are refused, where text() would store U+FFFD in their place.
    text = utf8.decode(await c.req.arrayBuffer())
    body = JSON.parse(text)
  } catch {
    throw badRequest(BODY.BODY_INVALID_JSON)
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest(BODY.BODY_NOT_AN_OBJECT)
  }
  // Here, so every route that reads JSON (today's and those added later) refuses
  // a body nested past what any walk of it can bear, then NUL and lone surrogates.
  // Nesting past the cap needs more brackets than a short body has, and a
  // NUL or a lone surrogate can only come in through a \u escape.
  if (text.length > 2 * MAX_JSON_DEPTH && tooDeep(body)) throw badRequest(BODY.BODY_TOO_DEEP)
  const field = text.includes('\\') ? findUnstorable(body) : undefined
  if (field) throw badRequest(BODY.BODY_NOT_STORABLE(field))
  return body as JsonObject
}

/** Like readJsonObject, but an empty body (the spec's bodiless calls) reads as {}. */
export async function readOptionalJsonObject(c: Context): Promise<JsonObject> {
  // As bytes, as readJsonObject reads them: text() would first have put U+FFFD in place of bytes that are not UTF-8.
  if (lenient.decode(await c.req.arrayBuffer()).trim() === '') return {}
  return readJsonObject(c)
}
