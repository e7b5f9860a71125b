import { keyOf } from './key'

/**
 * The host's `strings` property: `{ [messageId]: text }`, partial, read live.
 * A value that is not a string is dropped at once; an id the catalog does not
 * have is reported once, by name, when the catalog's ids have been fetched
 * (a chunk only a host that sets `strings` pays for).
 */
const warned = new Set<string>()

function warn(what: string) {
  if (warned.has(what)) return
  warned.add(what)
  // eslint-disable-next-line no-console -- the host's developer is told, once, what was ignored
  console.warn(`flex-portal: strings: ${what}`)
}

export function readStrings(value: unknown): Readonly<Record<string, string>> | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'object' || Array.isArray(value)) {
    warn('ignored: not an object of { id: text }')
    return undefined
  }
  // Kept by key, as the build keeps the catalog's texts (key.ts).
  const texts: Record<string, string> = Object.create(null) as Record<string, string>
  const ids: string[] = []
  try {
    for (const [id, text] of Object.entries(value)) {
      if (typeof text !== 'string') warn(`"${id}" ignored: its value is not a string`)
      else {
        texts[keyOf(id)] = text
        ids.push(id)
      }
    }
  } catch {
    // A getter or proxy that throws: ignored as a whole (Object.entries reads every value first), the element still shows.
    warn('ignored: reading it threw')
  }
  void import('./catalog-ids').then(
    ({ CATALOG_IDS }) => {
      for (const id of ids) if (!CATALOG_IDS.has(keyOf(id))) warn(`"${id}" ignored: no text has this id`)
    },
    () => undefined,
  )
  return texts
}
