/**
 * A message is plain text, or a plain function of its parameters (plurals,
 * names, numbers): no message syntax is parsed at run time, so the first
 * screen carries no parser. Ids are stable, dotted and namespaced by screen
 * (`login.heading`); they are what a host's `strings` property names.
 */
export type Params = Record<string, string | number>
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each message names its own parameters
export type Message = string | ((params: any, locale: Locale) => string)
export type Messages = Record<string, Message>

/** What a message function may use to format: the language it speaks (for Intl). */
export interface Locale {
  /** The page's BCP 47 tag for a bundled language's text ('de-CH', 'es-MX', 'pt'), 'en' for English's: numbers in the reader's region. */
  lang: string
}

/** The parameters a message takes: none for text, its function's first argument otherwise. */
export type ParamsOf<M> = M extends (params: infer P, locale: Locale) => string ? P : undefined
