/**
 * The HTTP methods an hour's calls used, as request_log_hours.methods keeps
 * them (migration 024): a bit for each of the usual methods, one shared by
 * every other, so a page filtered by a method walks only the hours that hold
 * one. The bits are stored rows' meaning: changing them needs a migration.
 */
export const NAMED_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']

/** The bit of a method as the log stores it (in capitals). */
export function methodBit(method: string): number {
  const i = NAMED_METHODS.indexOf(method)
  return 1 << (i < 0 ? NAMED_METHODS.length : i)
}
