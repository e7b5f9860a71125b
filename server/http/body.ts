import type { Context } from 'hono'
import type { z } from 'zod'
import { codeOf, HttpError } from './errors'
import { readJsonObject, readOptionalJsonObject } from './validate'

/** The body checked against `schema`; the first issue's message (the schemas word them for users) is the 400, with its code. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body)
  if (result.success) return result.data
  const { message } = result.error.issues[0]
  // Each check the contract words has its code (contract/fields.ts); one zod words itself has the general one.
  throw new HttpError(400, message, {}, codeOf(message) ?? 'FIELD_INVALID')
}

/** The JSON object body of the request (415, malformed JSON and unstorable text answered first), checked against `schema`. */
export const readBody = async <S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> => parseBody(schema, await readJsonObject(c))

/** Like readBody, for the calls whose body may be left out: an empty body reads as {}. */
export const readOptionalBody = async <S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> => parseBody(schema, await readOptionalJsonObject(c))
