import { CATALOG } from './en'

/**
 * Every id a host's `strings` may name (a chunk fetched only when a host sets
 * `strings`). The build writes this module as a plain list of the ids
 * (build/catalog-ids.ts), so that no screen's English is pulled in here.
 */
export const CATALOG_IDS: ReadonlySet<string> = new Set(Object.keys(CATALOG))
