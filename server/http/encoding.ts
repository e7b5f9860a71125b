/**
 * Which of a script's compressed copies (written by the build beside it,
 * build/precompress.ts) a request gets, by its Accept-Encoding, q-values
 * included (RFC 9110 §12.5.3).
 */

/** The encodings the build writes, best first, with the suffix of their copies. */
export const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const

export type Encoding = (typeof ENCODINGS)[number]

/** Each coding the header names, lower-cased, with its weight (1 when not given; a malformed one counts as 0). */
function weights(header: string): Map<string, number> {
  const found = new Map<string, number>()
  for (const part of header.split(',')) {
    const [coding, ...params] = part.split(';').map((s) => s.trim().toLowerCase())
    if (!coding) continue
    const q = params.find((p) => p.startsWith('q='))
    const weight = q === undefined ? 1 : /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(q.slice(2)) ? Number(q.slice(2)) : 0
    found.set(coding, weight)
  }
  return found
}

/**
 * The encodings a client accepts, in the order to try them: highest weight
 * first, the build's order among equals. None (identity) when it accepts
 * neither, or names identity with a higher weight than theirs.
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  if (!header) return []
  const given = weights(header)
  const weightOf = (coding: string) => given.get(coding) ?? given.get('*') ?? 0
  const identity = given.get('identity') ?? 0
  return ENCODINGS.map((e, i) => ({ e, i, q: weightOf(e.name) }))
    .filter(({ q }) => q > 0 && q >= identity)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map(({ e }) => e)
}
