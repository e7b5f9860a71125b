/**
 * How deeply a JSON body may nest. No request of the contract goes past 3;
 * the cap keeps every later walk of a body (ours, zod's, a driver's) far from
 * the stack's limit, which a recursive walk reached at about 3,100 levels.
 */
export const MAX_JSON_DEPTH = 64

export const TOO_DEEP = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels of objects and arrays).`

/** Whether a parsed JSON value nests objects and arrays more than `max` deep; a loop, not recursion, so any depth is safe to ask about. */
export function tooDeep(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]]
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!
    if (item === null || typeof item !== 'object') continue
    if (depth + 1 > max) return true
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1])
    }
  }
  return false
}
