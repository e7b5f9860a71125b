/** An ISO-8601 date and time with its offset (`Z` or ±hh:mm), seconds and fractions optional. */
export const ISO_8601 = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::(\d\d)(?:\.\d{1,9})?)?(?:Z|[+-](\d\d):(\d\d))$/i

/** The first and last instants of four-digit years in UTC: stored and answered as ISO text, one beyond them reads `+010000-…`, which PostgreSQL refuses. */
const FIRST_INSTANT = -62_135_596_800_000 // 0001-01-01T00:00:00Z
const LAST_INSTANT = 253_402_300_799_999 // 9999-12-31T23:59:59.999Z

/**
 * Whether the text names an instant that exists. Date.parse rolls values
 * over instead of refusing them (February 30 becomes March 2, 24:00 the next
 * day), so each part is checked against the calendar first; an offset must
 * not carry it past the four-digit years (9999-12-31T23:59:59-00:01).
 */
export function realInstant(v: string): boolean {
  const m = ISO_8601.exec(v)
  if (!m) return false
  const [year, month, day, hour, minute, second = 0, offsetHours = 0, offsetMinutes = 0] = m.slice(1).map((x) => (x === undefined ? undefined : Number(x)))
  const daysInMonth = new Date(Date.UTC(year!, month!, 0)).getUTCDate()
  return (
    month! >= 1 &&
    month! <= 12 &&
    day! >= 1 &&
    day! <= daysInMonth &&
    hour! <= 23 &&
    minute! <= 59 &&
    second! <= 59 &&
    offsetHours! <= 23 &&
    offsetMinutes! <= 59 &&
    Date.parse(v) >= FIRST_INSTANT &&
    Date.parse(v) <= LAST_INSTANT
  )
}
