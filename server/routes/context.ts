import type { AppConfig } from '../config'
import type { Database } from '../db/index'

/** What every route module is built from. */
export interface RouteDeps {
  db: Database
  config: AppConfig
}
