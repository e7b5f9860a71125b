import type { AppConfig } from '../config'
import type { CacheSet } from '../db/cache'
import type { Database } from '../db/index'

/** What every resource's routes are built from; a resource that needs more says so in its own type. */
export interface RouteDeps {
  db: Database
  config: AppConfig
  /** Milliseconds since the epoch; tests move it instead of waiting. */
  clock: () => number
  /** The app's caches (db/cache.ts): what a resource keeps in memory is made in them, and stopped with the app. */
  caches: CacheSet
}
