/** timestamptz as an ISO string; both drivers return a Date, but be lenient. */
export const iso = (value: unknown): string => (value instanceof Date ? value : new Date(String(value))).toISOString()
