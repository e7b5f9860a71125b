import { ContractApp } from '../../openapi/contract-app'
import type { ResourceDeps } from '../resource'
import { capabilitiesRoute } from './operations'

/**
 * What the widget may show: the features of the mounted resources (each
 * descriptor's `features`), the same for every caller. A server that lacks a
 * resource (or a spec-only one, which answers 404 here) shows none of its screens.
 */
export function capabilitiesRoutes({ features }: ResourceDeps) {
  const body = { features }
  return new ContractApp().operation(capabilitiesRoute, async (c) => c.json(body))
}
