import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Env } from 'hono'
import { ErrorBody } from '../../../contract/responses'
import { ERROR_RESPONSES, RESTARTING, RESTARTING_EXAMPLE } from '../../openapi/error-responses'

// Rendered as the Quickstart section of the reference at GET /docs (the portal's
// "Flex Quickstart Guide" link points there). The curl sits in step 3, whose call it
// is, so it is not read as step 4's "call the API with your key".
const QUICKSTART = `

# Quickstart

1. **Get a device token.** \`POST /api/device\` with \`{ "deviceUDID": "my-script", "deviceType": "WEB" }\` (the other device fields are optional) returns \`{ "accessToken" }\`.
2. **Sign up or log in.** \`POST /api/register\` (name, email, password) or \`POST /api/auth/authenticate\` (email, password), with \`Authorization: Bearer <device token>\`. The answer carries your \`accessToken\`.
3. **Create a project.** \`POST /api/manage/dapp\` with \`{ "name", "description" }\` and \`Authorization: Bearer <access token>\`. The answer shows its API key and webhook secret once: copy them now.

   \`\`\`sh
   curl -X POST https://your-host/api/manage/dapp \\
     -H "Authorization: Bearer $ACCESS_TOKEN" -H "Content-Type: application/json" \\
     -d '{"name":"My app","description":"First project"}'
   \`\`\`
4. **Call the API with your key**, from your server only: a key in a browser or an app is a key anyone can read.
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
export function openApiDocument<E extends Env>(app: OpenAPIHono<E>, portalName = 'Flex Portal') {
  return titled(
    withoutUnusedResponses(
      withRestarting(
        withBodyRefusals(
          app.getOpenAPI31Document({
            openapi: '3.1.0',
            info: {
              title: `${portalName} reference API`,
              version: '1.0.0',
              license: { name: 'MIT', url: 'https://opensource.org/license/mit' },
              description:
                // The reference's first words on errors: the code is what a client matches (the Error schema says so too).
                'Devices, accounts, projects and API keys. Every error is JSON `{ "message": "…", "code": "…" }`: match `code`, stable and never renamed; show `message`, a sentence a user can read, which may be reworded.' +
                QUICKSTART,
            },
            servers: [{ url: '/api' }],
            tags: [
              { name: 'Session', description: 'A device token for the browser, then sign-up, log-in and sign-out.' },
              { name: 'Projects', description: "The signed-in user's projects and their API keys." },
              { name: 'Verification', description: "For the API provider's own services: is a key a client presented good?" },
              { name: 'Operations', description: 'For load balancers and monitoring.' },
            ],
          }),
        ),
      ),
    ),
  )
}

/**
 * Every named schema titled with its name, so a reader of the reference sees
 * "KeyValid" and "KeyRefused" where Redoc would otherwise say "object" (the
 * zod-to-openapi generator turns a zod `title` into a description).
 */
function titled<D extends { components?: { schemas?: Record<string, object> } }>(doc: D): D {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, Schema>
  for (const [name, schema] of Object.entries(schemas)) {
    schema.title ??= name
    // zod makes a discriminator of any discriminated union; OpenAPI's must be a
    // string property, and verify's answers are told apart by a boolean (`valid`).
    const by = schema.discriminator?.propertyName
    const member = schema.oneOf?.[0]?.$ref?.split('/').pop()
    if (by && member && schemas[member]?.properties?.[by]?.type !== 'string') delete schema.discriminator
  }
  return doc
}

interface Schema {
  title?: string
  discriminator?: { propertyName: string }
  oneOf?: { $ref?: string }[]
  properties?: Record<string, { type?: unknown }>
}

/**
 * The shared error answers (ERROR_RESPONSES) that no operation refers to any
 * more, dropped: most operations describe their own errors now, and a linter
 * rightly flags a component nothing uses.
 */
function withoutUnusedResponses<D extends { components?: { responses?: Record<string, unknown> } }>(doc: D): D {
  const responses = doc.components?.responses
  if (!responses) return doc
  const text = JSON.stringify({ ...doc, components: { ...doc.components, responses: {} } })
  for (const name of Object.keys(responses)) if (!text.includes(`"#/components/responses/${name}"`)) delete responses[name]
  if (Object.keys(responses).length === 0) delete doc.components!.responses
  return doc
}

interface Answer {
  description?: string
  headers?: Record<string, unknown>
  content?: Record<string, { schema?: unknown; examples?: Record<string, unknown> }>
}

type Operations = Record<string, Record<string, { responses?: Record<string, Answer> }>>

/**
 * Every call refuses, ahead of its route (http/body-limit.ts), a body over the limit (413: a call that reads none too,
 * a GET with a Content-Length of 100 kB) and a transfer coding besides chunked (501): the shared answers on each
 * operation that has none of its own (a body's 413 says that call's limit).
 */
function withBodyRefusals<D extends object>(doc: D): D {
  const paths = (doc as { paths?: Operations }).paths ?? {}
  for (const item of Object.values(paths))
    for (const operation of Object.values(item)) {
      const responses = operation.responses
      if (!responses) continue
      responses['413'] ??= { $ref: '#/components/responses/BodyTooLarge' } as Answer
      responses['501'] ??= { $ref: '#/components/responses/TransferCodingUnsupported' } as Answer
    }
  return doc
}

/**
 * Every call answers 503 SERVER_RESTARTING while the server drains for a stop
 * (start.ts, ahead of every route): the shared answer on each operation, or,
 * where the call has a 503 of its own (no SERVICE_TOKEN, no mail), said beside it.
 */
function withRestarting<D extends object>(doc: D): D {
  const paths = (doc as { paths?: Operations }).paths ?? {}
  for (const item of Object.values(paths))
    for (const operation of Object.values(item)) {
      const responses = operation.responses
      if (!responses) continue
      const own = responses['503']
      if (!own) {
        responses['503'] = { $ref: '#/components/responses/Restarting' } as Answer
        continue
      }
      // A copy: one call's answer may be the same object as another's.
      const body = own.content?.['application/json']
      responses['503'] = {
        ...own,
        description: `${own.description ?? ''} Or: ${RESTARTING}`,
        headers: { ...own.headers, 'Retry-After': { description: 'Seconds to wait; sent while the server is restarting.', schema: { type: 'integer' } } },
        content: { 'application/json': { ...body, examples: { ...body?.examples, restarting: RESTARTING_EXAMPLE } } },
      }
    }
  return doc
}
