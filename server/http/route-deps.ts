import type { AppConfig } from '../config'
import type { Database } from '../db/index'
import type { KeyVerifier } from '../resources/verify/key-verifier'

/** What every route module is built from. */
export interface RouteDeps {
  db: Database
  config: AppConfig
  /** Milliseconds since the epoch; tests move it instead of waiting. */
  clock: () => number
  keys: KeyVerifier
}
