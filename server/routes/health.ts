import { OpenAPIHono } from '@hono/zod-openapi'
import { mount } from '../contract/mount'
import { healthRoute } from '../contract/operations'
import type { RouteDeps } from './context'

/** For load balancers: up only when the database answers. */
export function healthRoutes({ db }: RouteDeps) {
  const app = new OpenAPIHono()
  mount(app, healthRoute, async (c) => {
    try {
      await db.query('SELECT 1')
    } catch {
      return c.json({ message: 'Database unavailable.' }, 503)
    }
    return c.json({ status: 'ok' })
  })
  return app
}
