import { ContractApp } from '../../openapi/contract-app'
import type { RouteDeps } from '../../http/route-deps'
import { capabilitiesRoute } from './operations'
import { features } from './features'

/** What the widget may show: the same for every caller, computed once per app. */
export function capabilitiesRoutes({ config }: RouteDeps) {
  const body = { features: features(config) }
  return new ContractApp().operation(capabilitiesRoute, async (c) => c.json(body))
}
