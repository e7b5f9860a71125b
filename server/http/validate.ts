import type { Context } from 'hono'
import { HttpError, badRequest, errorTable } from './errors'
import { MAX_JSON_DEPTH, TOO_DEEP, tooDeep } from './json-depth'
import { CANNOT_STORE, findUnstorable } from './storable'

/** What any JSON body may be refused for, before the schema reads its fields. */
export const BODY = errorTable({
  BODY_NOT_JSON: 'Send the request body as JSON (Content-Type: application/json).',
  BODY_ENCODING_UNSUPPORTED: (encoding: string) =>
    `The request body is sent with Content-Encoding ${JSON.stringify(encoding.slice(0, 40))}, which this server does not read: send it uncompressed.`,
  BODY_INVALID_JSON: 'The request body is not valid JSON.',
  BODY_NOT_AN_OBJECT: 'The request body must be a JSON object.',
  BODY_TOO_DEEP: TOO_DEEP,
  BODY_NOT_STORABLE: (field: string) => `${field} ${CANNOT_STORE}`,
  BODY_TOO_LARGE: (limitKb: number) => `The request body is too large (the limit is ${limitKb} kB).`,
})

export type JsonObject = Record<string, unknown>

const utf8 = new TextDecoder('utf-8', { fatal: true })
const IDENTITY = /^\s*identity\s*$/i
/** Only to see whether a body is blank: bytes that are not UTF-8 are then refused by readJsonObject. */
const lenient = new TextDecoder()

/**
 * The request body as a JSON object, or a 400/415 that says what is wrong (a
 * Content-Encoding other than identity: 415).
 * (Its size is already bounded by the body-limit middleware.) Its fields are
 * then checked by the contract's schemas (http/body.ts).
 */
export async function readJsonObject(c: Context): Promise<JsonObject> {
  const type = c.req.header('content-type') ?? ''
  if (!/^application\/(.+\+)?json\s*(;|$)/i.test(type)) {
    throw new HttpError(415, BODY.BODY_NOT_JSON)
  }
  // The body is read as its bytes came, never decoded: a gzipped one was answered "not valid JSON", and one that
  // only claimed an encoding was taken. An encoding the server does not read is a 415 (RFC 9110 §15.5.16).
  const encoding = c.req.header('content-encoding')
  if (encoding && !IDENTITY.test(encoding)) throw new HttpError(415, BODY.BODY_ENCODING_UNSUPPORTED(encoding), { 'Accept-Encoding': 'identity' })
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
