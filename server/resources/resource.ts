import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Hono, MiddlewareHandler } from 'hono'
import type { Feature } from '../../contract/constants'
import type { AppConfig } from '../config'
import type { PruneJob } from '../db/retention'
import type { Log } from '../http/logger'
import type { RouteDeps } from '../http/route-deps'
import type { Mailer } from '../mail/index'

/** Something one resource does that another reacts to, without importing it: a new password account (accounts mails its first code). */
export interface AppEvents {
  signedUp: Array<(user: { id: string; email: string }) => void>
}

/** What every descriptor's parts are made from: the routes' deps and what the app holds for all of them. */
export interface ResourceDeps extends RouteDeps {
  /** Undefined: mail is off, and the routes that need it answer 503. */
  mailer: Mailer | undefined
  log: Log
  /** The API's route group: the OpenAPI document is generated from the descriptions mounted on it. */
  api: OpenAPIHono
  /** The token of the provider's POST /sessions: SERVICE_TOKEN, or the demo's own for this run. */
  sessionsToken: string | undefined
  /** Every mounted resource's features, in FEATURES' order (GET /capabilities answers them). */
  features: Feature[]
  events: AppEvents
}

/** A route group as the API mounts it (a ContractApp, whose descriptions join the OpenAPI document, or a plain Hono). */
// Any environment: each group types its own variables (AuthEnv behind the token guard), which Hono's types
// cannot widen to one; the API mounts them all alike, as its route() takes any.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Routes = Hono<any, any, any>

/** A resource's routes, with what they keep in memory that the app's settle() and close() must write first. */
export interface Mounted {
  app: Routes
  settle?(): Promise<void>
  /** What the app's close() calls instead of settle(): the same writes, and none after it (no timer left to fire). */
  close?(): Promise<void>
}

/** Background work a resource runs beside its routes (the webhook worker); startServer starts it, the app's close() stops it. */
export interface Started {
  stop(): Promise<void>
}

/** Paths under /api whose routes the app's cheap checks treat apart (app.ts says why each). */
export interface SpecialPaths {
  /** Answered whatever the address holds (a load balancer's probe). */
  anyQuery?: string[]
  /** The route sets its own body limit instead of the API's 64 kB. */
  ownBodyLimit?: string[]
  /** A POST that writes nothing the app's caches hold: its answer need not wait for them to hear changes. */
  writesNothingCached?: string[]
  /** `METHOD /api/path` of calls so frequent that their 200s are logged as one line a second. */
  summarisedLog?: string[]
  /** Routes whose path holds the caller's own words (an externalId, maybe an e-mail address): logged as this template (http/logger.ts). */
  templatedLog?: string[]
}

/**
 * One resource as the app mounts it (server/resources/<name>/index.ts exports
 * one): its routes, the features it offers the widget, the guards it puts on
 * other paths, its old rows on the retention schedule, and what it starts.
 */
export interface Resource {
  name: string
  routes(deps: ResourceDeps): Routes | Mounted
  /** Named in GET /capabilities (contract/constants.ts FEATURES) while this resource is mounted. */
  features?(config: AppConfig): Feature[]
  /** Middleware on paths under /api that other resources serve, mounted before any route. */
  guards?(deps: ResourceDeps): Array<{ path: string; handler: MiddlewareHandler }>
  retention?(deps: ResourceDeps): PruneJob[]
  start?(deps: ResourceDeps): Started
  paths?: SpecialPaths
}
