import { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { createVerifier, honoApiKey, type ApiKeyVariables } from '../../verify/index'

/** Where `npm start` serves the demo API (outside production): the docs page's samples point here. */
export const DEMO_API_PATH = '/demo-api'

const SERVERS = [
  { id: 'srv_1', name: 'web-1', region: 'eu-west' },
  { id: 'srv_2', name: 'worker-1', region: 'us-east' },
]

/**
 * Acme Cloud's API, the product of the docs page (/docs.html), for a
 * newcomer's first calls: its routes sit behind `flex-portal/verify`'s
 * `honoApiKey` with request logs on, as a provider's would, so the calls a
 * developer makes with their key from the page's samples show up in the
 * portal's Usage and Requests. It asks this same app (`callApi`) for each
 * verification and sends its request logs there, with the service token.
 * A demo only: nothing is stored, every project has the same two servers.
 */
export function acmeDemoApi(callApi: (url: string, init: RequestInit) => Promise<Response>, serviceToken: string) {
  const verifier = createVerifier({
    url: `http://portal.internal/api/keys/verify`,
    serviceToken,
    // Every call a verification, so that Usage counts each of a newcomer's calls (the server's own cache answers them).
    cacheSeconds: 0,
    // A newcomer's call is in the page's logs at once: the batch waits a quarter second, not the default second
    // (the page's log polls every 2 s, so a call shows within 3 s with room for a slow machine).
    requestLogs: { intervalMs: 250 },
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => callApi(String(input), init ?? {})) as typeof fetch,
  })
  // The key's project is the only one it may name: another project's id is answered as unknown.
  const own = (projectId: string, apiKeyProject: string) => projectId === apiKeyProject

  const v1 = new Hono<{ Variables: ApiKeyVariables }>()
    .get('/projects/:projectId/ping', (c) => {
      if (!own(c.req.param('projectId'), c.get('apiKey').projectId)) return c.json({ message: 'No such project for this key.' }, 404)
      return c.json({ pong: true, projectId: c.req.param('projectId'), at: new Date().toISOString() })
    })
    .get('/projects/:projectId/servers', (c) => {
      if (!own(c.req.param('projectId'), c.get('apiKey').projectId)) return c.json({ message: 'No such project for this key.' }, 404)
      return c.json({ servers: SERVERS })
    })
    .get('/projects/:projectId/servers/:serverId', (c) => {
      const server = SERVERS.find((s) => s.id === c.req.param('serverId'))
      if (!own(c.req.param('projectId'), c.get('apiKey').projectId) || !server) return c.json({ message: 'No such server.' }, 404)
      return c.json(server)
    })
    // Answers the status it is asked for, to see errors in the logs: /status/404, /status/500. The code is checked
    // here, not by a pattern in the path: the template is what the Requests table shows, as /status/:code.
    .get('/status/:code', (c) => {
      const status = /^[2-5][0-9][0-9]$/.test(c.req.param('code')) ? Number(c.req.param('code')) : 0
      if (!status) return c.json({ message: 'Ask for a status from 200 to 599.' }, 400)
      if (status === 204 || status === 205 || status === 304) return c.body(null, status)
      return c.json(status < 400 ? { status } : { message: `Answered ${status}, as asked.` }, status as ContentfulStatusCode)
    })

  const app = new Hono<{ Variables: ApiKeyVariables }>().use('/v1/*', honoApiKey(verifier, { requestLogs: true })).route('/v1', v1)
  // close(): the request log entries still queued are sent before the portal's database closes.
  return Object.assign(app, { close: () => verifier.close(), requestLogStats: () => verifier.requestLogStats() })
}
