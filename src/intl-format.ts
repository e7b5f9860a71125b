/**
 * One Intl formatter per kind, language and options, made on first use: each
 * costs far more to make than to use, and the tables format hundreds of values.
 */
interface Formatter {
  format(value: number | Date): string
}
/** Intl.NumberFormat or Intl.DateTimeFormat. */
type Kind = new (lang: string | undefined, options: object) => Formatter

/** A day's month and number, read as the UTC day: "Nov 3" (the usage chart's and the request log's days). */
export const DAY = { month: 'short', day: 'numeric', timeZone: 'UTC' } as const

const made = new Map<string, Formatter>()

/** `value` formatted by a `kind` formatter for `lang` (a BCP 47 tag; none: the browser's) with `options`. */
export function intlFormat(kind: Kind, lang: string | undefined, options: object, value: number | Date): string {
  const key = `${kind.name} ${lang} ${JSON.stringify(options)}`
  let formatter = made.get(key)
  if (!formatter) made.set(key, (formatter = new kind(lang, options)))
  return formatter.format(value)
}
