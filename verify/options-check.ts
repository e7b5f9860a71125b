/**
 * The verifier's and the middlewares' options, checked once where they are given: a setting read from the
 * environment (`Number(process.env.X)`) is NaN when the variable is unset, and NaN or a fraction left the log queue or
 * the cache unbounded, failed sends retried every millisecond, or every check a 503; a `trustedProxies` that is no
 * list threw on every request. A clear TypeError at start-up instead, naming the option.
 */

/** The least each number option may be, and whether it must be a whole number. */
export type NumberRules = Record<string, readonly [min: number, whole?: boolean]>

/** Each option of `rules` that is given must be a finite number of at least its `min`, and a whole one where `whole`. */
export function checkNumbers(where: string, options: object | undefined, rules: NumberRules): void {
  for (const [name, [min, whole = false]] of Object.entries(rules)) {
    const value = (options as Record<string, unknown> | undefined)?.[name]
    if (value === undefined) continue
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || (whole && !Number.isInteger(value)))
      throw new TypeError(`${where}: ${name} must be a ${whole ? 'whole number' : 'number'} of at least ${min} (got ${String(value)}).`)
  }
}

/** trustedProxies, when given, must be a list of texts (addresses). */
export function checkProxies(proxies: unknown): void {
  if (proxies !== undefined && !(Array.isArray(proxies) && proxies.every((p) => typeof p === 'string')))
    throw new TypeError('trustedProxies must be a list of IP addresses (your proxies), such as ["10.0.0.2"].')
}
