/**
 * The yardstick of the verification benchmark: a bare Hono app on the same
 * Node adapter, whose one handler parses the same JSON body and answers a
 * constant JSON, and a GET answering a constant JSON. No middleware, no log,
 * no database.
 */
import { serve } from '@hono/node-server'
import { Hono } from 'hono'

const app = new Hono()
  .post('/keys/verify', async (c) => {
    await c.req.json()
    return c.json({ valid: false, code: 'NOT_FOUND' })
  })
  // The yardstick of the server-load part: a GET answering a constant JSON.
  .get('/health', (c) => c.json({ status: 'ok' }))

const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: Number(process.env.PORT ?? 0) }, (info) => {
  console.log(`listening at http://127.0.0.1:${info.port}`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
