import type { Context } from 'hono'
import type { z } from 'zod'
import { badRequest } from './errors'
import { readJsonObject, readOptionalJsonObject } from './validate'

/** The body checked against `schema`; the first issue's message (the schemas word them for users) is the 400. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body)
  if (!result.success) throw badRequest(result.error.issues[0].message)
  return result.data
}

/** The JSON object body of the request (415, malformed JSON and unstorable text answered first), checked against `schema`. */
export const readBody = async <S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> => parseBody(schema, await readJsonObject(c))

/** Like readBody, for the calls whose body may be left out: an empty body reads as {}. */
export const readOptionalBody = async <S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> => parseBody(schema, await readOptionalJsonObject(c))
