import { FEATURES, type Feature } from '../../contract/constants'
import type { AppConfig } from '../config'
import { accounts } from './accounts'
import { apiKeys } from './api-keys'
import { audit } from './audit'
import { capabilities } from './capabilities'
import { docs } from './docs'
import { health } from './health'
import { hostSessions } from './host-sessions'
import { logs } from './logs'
import { members } from './members'
import { projects } from './projects'
import type { Resource } from './resource'
import { session } from './session'
import { usage } from './usage'
import { verify } from './verify'
import { webhooks } from './webhooks'

export type { Resource, ResourceDeps, Started } from './resource'

/**
 * Every resource the app mounts under /api, in the order of the OpenAPI
 * document (its operations, and so the generated client's types, follow it).
 * Verification is last, so its description stays last in the document.
 */
export const RESOURCES: readonly Resource[] = [
  session,
  accounts,
  hostSessions,
  projects,
  apiKeys,
  health,
  capabilities,
  docs,
  usage,
  webhooks,
  members,
  audit,
  logs,
  verify,
]

/** The features the mounted resources offer (GET /capabilities), once each, in FEATURES' order. */
export function featuresOf(resources: readonly Resource[], config: AppConfig): Feature[] {
  const offered = new Set(resources.flatMap((r) => r.features?.(config) ?? []))
  return FEATURES.filter((f) => offered.has(f))
}
