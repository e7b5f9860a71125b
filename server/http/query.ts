import type { Context } from 'hono'
import type { z } from 'zod'
import { parseBody } from './body'

/**
 * The request's query parameters checked against `schema` (contract/queries.ts),
 * as readBody checks a body: the first refused field's message is the 400.
 * A parameter given twice counts with its first value; parameters the schema
 * does not name are ignored.
 */
export const readQuery = <S extends z.ZodType>(c: Context, schema: S): z.output<S> => parseBody(schema, c.req.query())
