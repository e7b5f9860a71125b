import { CATALOG } from './en'

/** Every id a host's `strings` may name (a chunk fetched only when a host sets `strings`). */
export const CATALOG_IDS: ReadonlySet<string> = new Set(Object.keys(CATALOG))
