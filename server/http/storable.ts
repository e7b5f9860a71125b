import { badRequest, errorTable } from './errors'

// PostgreSQL text cannot hold NUL, and UTF-8 cannot encode a lone surrogate:
// either would fail deep in the driver as a 500. Refused at the door instead.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

export const CANNOT_STORE = 'contains a character that cannot be stored (a NUL byte or an unpaired surrogate).'

/** A path or query refused before any route reads it. */
export const ADDRESS = errorTable({
  ADDRESS_NOT_STORABLE: `The address of the request ${CANNOT_STORE}`,
  ADDRESS_MALFORMED: 'The address of the request is not valid (a malformed % escape).',
})

export const isStorable = (s: string): boolean => !UNSTORABLE.test(s)

/**
 * The first place in a parsed JSON value (keys too) holding a string that
 * cannot be stored, as a readable field path ("name", "tags[2]"), or undefined.
 */
export function findUnstorable(value: unknown, at = ''): string | undefined {
  if (typeof value === 'string') return isStorable(value) ? undefined : at || 'The request body'
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorable(value[i], `${at}[${i}]`)
      if (found) return found
    }
    return undefined
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const path = at ? `${at}.${key}` : key
      if (!isStorable(key)) return at || 'A field name'
      const found = findUnstorable(item, path)
      if (found) return found
    }
  }
  return undefined
}

/**
 * Every path segment and query value of an API call, decoded, must be text
 * that can be stored: `%00` or a malformed escape answers 400 (thrown here),
 * for every route, before any route code (or the body) is touched.
 */
export function checkStorablePath(address: string): void {
  // Only an escape can make one: Node's parser refuses a raw NUL in the
  // address, and a raw lone surrogate cannot be sent. Most calls have none.
  if (!address.includes('%')) return
  const url = new URL(address)
  const parts = [...url.pathname.split('/'), ...url.search.slice(1).split(/[&=]/)]
  for (const part of parts) {
    let decoded: string
    try {
      decoded = decodeURIComponent(part.replace(/\+/g, ' '))
    } catch {
      throw badRequest(ADDRESS.ADDRESS_MALFORMED)
    }
    if (!isStorable(decoded)) throw badRequest(ADDRESS.ADDRESS_NOT_STORABLE)
  }
}
