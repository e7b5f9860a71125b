/**
 * A wait of `seconds` (a refusal's Retry-After) in the reader's language, as the server says it in English:
 * whole seconds under a minute, else minutes rounded up ("45 seconds", "1 minute", "15 Minuten"); a day's
 * budget (`long`: the invitation limits) from 2 hours in hours and from 2 days in days, rounded up, as the
 * server's longWaitWords says it ("5 Stunden"). Said by useServerText, as the `wait` of the limits' messages.
 */
export const waitIn = (lang: string, seconds: number, long?: boolean): string => {
  const [unit, size] = long && seconds >= 172_800 ? ['day', 86_400] : long && seconds >= 7200 ? ['hour', 3600] : seconds < 60 ? ['second', 1] : ['minute', 60]
  return new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'long' }).format(Math.ceil(seconds / size))
}
