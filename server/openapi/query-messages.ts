import type { z } from 'zod'

type Def = {
  type: string
  error?: (issue: { code: string; input: unknown }) => unknown
  checks?: { _zod: { def: Def } }[]
  innerType?: Node
  in?: Node
  out?: Node
}
type Node = { _zod: { def: Def } }

/**
 * The refusals a query schema of the contract words, read from its checks
 * (the `coded()` messages of contract/logs.ts, queries.ts), so an operation
 * documents a new parameter's 400 by naming the schema, never by restating
 * its sentences. A query's values are text: a text field's "must be text"
 * never comes, and is left out.
 */
export function queryMessages(schema: z.ZodObject): string[] {
  const found = new Set<string>()
  const word = (error: Def['error']) => {
    const said = error?.({ code: 'invalid_type', input: '' })
    const message = typeof said === 'string' ? said : (said as { message?: unknown } | undefined)?.message
    if (typeof message === 'string') found.add(message)
  }
  const visit = (node: Node | undefined) => {
    if (!node) return
    const def = node._zod.def
    if (def.type !== 'string') word(def.error)
    for (const check of def.checks ?? []) word(check._zod.def.error)
    for (const inner of [def.innerType, def.in, def.out]) visit(inner)
  }
  for (const field of Object.values(schema.shape)) visit(field as unknown as Node)
  return [...found]
}
