import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Env } from 'hono'
import { ErrorBody } from '../../../contract/responses'
import { ERROR_RESPONSES } from '../../openapi/error-responses'

// Rendered as the Quickstart section of the reference at GET /docs (the portal's
// "Flex Quickstart Guide" link points there).
const QUICKSTART = `

# Quickstart

1. **Get a device token.** \`POST /api/device\` with the device fields returns \`{ "accessToken" }\`.
2. **Sign up or log in.** \`POST /api/register\` (name, email, password) or \`POST /api/auth/authenticate\` (email, password), with \`Authorization: Bearer <device token>\`. The answer carries your \`accessToken\`.
3. **Create a project.** \`POST /api/manage/dapp\` with \`{ "name", "description" }\` and \`Authorization: Bearer <access token>\`. The answer shows its API key and webhook secret once: copy them now.
4. **Call the API with your key**, from your server only: a key in a browser or an app is a key anyone can read.

\`\`\`sh
curl -X POST https://your-host/api/manage/dapp \\
  -H "Authorization: Bearer $ACCESS_TOKEN" -H "Content-Type: application/json" \\
  -d '{"name":"My app","description":"First project"}'
\`\`\`
`

const SECURITY_SCHEMES = {
  deviceToken: { type: 'http', scheme: 'bearer', description: 'From POST /device.' },
  accessToken: { type: 'http', scheme: 'bearer', description: 'From register or authenticate. A device token is refused.' },
  serviceToken: { type: 'http', scheme: 'bearer', description: 'The SERVICE_TOKEN the server is configured with.' },
} as const

/**
 * Adds what the operations share (error answers, security schemes) to the
 * app's registry, once per app.
 */
export function registerComponents<E extends Env>(app: OpenAPIHono<E>): void {
  const registry = app.openAPIRegistry
  registry.register('Error', ErrorBody)
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) registry.registerComponent('securitySchemes', name, scheme)
  for (const [name, response] of Object.entries(ERROR_RESPONSES)) registry.registerComponent('responses', name, response)
}

/** The OpenAPI 3.1 document of the API under /api, generated from the routes mounted on `app` and their schemas. */
export function openApiDocument<E extends Env>(app: OpenAPIHono<E>) {
  return app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Flex Portal reference API',
      version: '1.0.0',
      license: { name: 'MIT', url: 'https://opensource.org/license/mit' },
      description: 'Devices, accounts, projects and API keys. Every error is JSON `{ "message": "…" }` with a sentence a user can read.' + QUICKSTART,
    },
    servers: [{ url: '/api' }],
    tags: [
      { name: 'Session', description: 'A device token for the browser, then sign-up, log-in and sign-out.' },
      { name: 'Projects', description: "The signed-in user's projects and their API keys." },
      { name: 'Verification', description: "For the API provider's own services: is a key a client presented good?" },
      { name: 'Operations', description: 'For load balancers and monitoring.' },
    ],
  })
}
