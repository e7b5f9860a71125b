/**
 * The key a message is kept under at run time. In the source (and its tests)
 * that is the id itself; a build writes every id in the widget as a short hash
 * (build/catalog-ids.ts) and puts the same hash here, so that the ids a host
 * names in `strings` find their texts.
 */
export const keyOf = (id: string): string => id
