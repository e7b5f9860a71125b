import type { z } from 'zod'

type Def = {
  type: string
  error?: (issue: { code: string; input: unknown }) => unknown
  checks?: { _zod: { def: Def } }[]
  innerType?: Node
  in?: Node
  out?: Node
  element?: Node
  options?: Node[]
  shape?: Record<string, Node>
}
type Node = { _zod: { def: Def } }

/**
 * The refusals a schema of the contract words, read from its checks (the
 * `coded()` messages of contract/fields.ts, queries.ts, logs.ts…), so an
 * operation documents a field's 400 by naming its schema, never by restating
 * its sentences, and a new check is documented where it is written.
 *
 * A type's own message is asked for each input that can reach it: nothing (a
 * field left out) unless it is optional, null unless it is nullable, and a value
 * of another type. A query's values are text: null never comes, and a text
 * field's "must be text" neither (`query`).
 */
function schemaMessages(schema: z.ZodType, query: boolean): string[] {
  const found = new Set<string>()
  const word = (error: Def['error'], input: unknown) => {
    const said = error?.({ code: 'invalid_type', input })
    const message = typeof said === 'string' ? said : (said as { message?: unknown } | undefined)?.message
    if (typeof message === 'string') found.add(message)
  }
  const visit = (node: Node | undefined, absentOk: boolean, nullOk: boolean) => {
    if (!node) return
    const def = node._zod.def
    if (!absentOk) word(def.error, undefined)
    if (!nullOk) word(def.error, null)
    if (!(query && def.type === 'string')) word(def.error, query ? '' : 1)
    for (const check of def.checks ?? []) word(check._zod.def.error, '')
    // Optional and nullable wrap the type they let those inputs past; the rest start again.
    const optional = def.type === 'optional' || def.type === 'default' || def.type === 'prefault'
    for (const inner of [def.innerType, def.in]) visit(inner, absentOk || optional, nullOk || def.type === 'nullable')
    for (const inner of [def.out, def.element, ...(def.options ?? []), ...Object.values(def.shape ?? {})]) visit(inner, false, query)
  }
  visit(schema as unknown as Node, true, true)
  return [...found]
}

/** The refusals of a JSON body's schema (`LogIn`, `NewProject`…): each field's, nested ones too. */
export const bodyMessages = (schema: z.ZodType): string[] => schemaMessages(schema, false)

/** The refusals of a query's schema (`LogQuery`…). */
export const queryMessages = (schema: z.ZodObject): string[] => schemaMessages(schema, true)
