import { errorBody, errorTable } from '../../http/errors'
import { ContractApp } from '../../openapi/contract-app'
import { healthRoute } from './operations'
import type { RouteDeps } from '../../http/route-deps'

const HEALTH = errorTable({ DATABASE_UNAVAILABLE: 'Database unavailable.' })

/** For load balancers: up only when the database answers. */
export function healthRoutes({ db }: RouteDeps) {
  return new ContractApp().operation(healthRoute, async (c) => {
    try {
      await db.query('SELECT 1')
    } catch {
      return c.json(errorBody(HEALTH.DATABASE_UNAVAILABLE), 503)
    }
    return c.json({ status: 'ok' })
  })
}
