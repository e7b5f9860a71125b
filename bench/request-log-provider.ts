/**
 * The provider's API of the request-log bench (request-log-cost.ts): a Hono
 * handler behind `honoApiKey`, in a process of its own, with request logs off
 * (REQUEST_LOGS=off), on and sent to PORTAL_URL (on), or on and sent to
 * LOGS_URL where nothing listens (down); or off with SPIN_US of busy work
 * added to each request (spin). Keys are checked against PORTAL_URL
 * and kept for an hour, so that after the first call every variant answers
 * from the verifier's cache and the difference between them is reporting
 * alone. Outside the middleware: GET /stats answers the reporter's counts,
 * GET /cpu the process's CPU so far (process.cpuUsage(), µs, user and system).
 * BENCH_VERIFY: another checkout's folder, whose `verify/` is used instead of
 * this one's (the A/B of request-log-cost.ts).
 */
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import type { ApiKeyVariables } from '../verify/index'

const { createVerifier, honoApiKey } = (await import(
  process.env.BENCH_VERIFY ? `${process.env.BENCH_VERIFY}/verify/index.ts` : '../verify/index'
)) as typeof import('../verify/index')

const mode = process.env.REQUEST_LOGS ?? 'off'
const verifier = createVerifier({
  url: `${process.env.PORTAL_URL}/api/keys/verify`,
  serviceToken: process.env.SERVICE_TOKEN ?? 'bench-service-token',
  cacheSeconds: 3600,
  requestLogs: mode === 'down' ? { url: process.env.LOGS_URL } : {},
})

// The 'spin' variant: reporting off, each request made SPIN_US µs of busy work longer, a known cost to read the bench by.
const spinUs = mode === 'spin' ? Number(process.env.SPIN_US ?? 10) : 0
const spin = async (_c: unknown, next: () => Promise<void>) => {
  for (const end = performance.now() + spinUs / 1000; performance.now() < end;);
  return next()
}

const app = new Hono<{ Variables: ApiKeyVariables }>()
  .get('/stats', (c) => c.json(verifier.requestLogStats()))
  .get('/cpu', (c) => c.json(process.cpuUsage()))
  .use('/v1/*', honoApiKey(verifier, { requestLogs: mode === 'on' || mode === 'down' }))
// Only in its own variant: every other one goes through the same middlewares.
if (spinUs) app.use('/v1/*', spin)
app.get('/v1/invoices/:id', (c) => c.json({ id: c.req.param('id'), project: c.get('apiKey').projectId, amount: 1200, currency: 'EUR' }))

const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: Number(process.env.PORT ?? 0) }, (info) => {
  console.log(`listening at http://127.0.0.1:${info.port}`)
})
process.on('SIGTERM', () => {
  server.close()
  void verifier.close().then(() => process.exit(0))
})
