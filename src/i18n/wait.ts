/**
 * A wait of `seconds` (a refusal's Retry-After) in the reader's language, as the server says it in English:
 * whole seconds under a minute, else minutes rounded up ("45 seconds", "1 minute", "15 Minuten"). Said by
 * useServerText, as the `wait` of the limits' messages.
 */
export const waitIn = (lang: string, seconds: number): string =>
  new Intl.NumberFormat(lang, { style: 'unit', unit: seconds < 60 ? 'second' : 'minute', unitDisplay: 'long' }).format(
    seconds < 60 ? seconds : Math.ceil(seconds / 60),
  )
