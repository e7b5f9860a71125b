/**
 * OpenAPI 3.1 description of the API under /api. tests/server/openapi.test.ts
 * keeps it in step with the routes registered on the app and checks real
 * responses against these schemas.
 */

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const json = (schema: object) => ({ 'application/json': { schema } })
const body = (name: string) => ({ required: true, content: json(ref(name)) })
const ok = (description: string, name: string) => ({ description, content: json(ref(name)) })
const error = (name: string) => ({ $ref: `#/components/responses/${name}` })
const string = (description: string, extra: object = {}) => ({ type: 'string', description, ...extra })

const projectId = { name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: 'Project ID (prj_…).' }
const keyId = { name: 'keyId', in: 'path', required: true, schema: { type: 'string' }, description: 'API project ID (apid_…).' }

const jsonErrors = { '400': error('BadRequest'), '413': error('PayloadTooLarge'), '415': error('UnsupportedMediaType') }
const signIn = { ...jsonErrors, '401': error('Unauthorized'), '429': error('TooManyRequests'), '500': error('InternalError') }
const managed = { '400': error('BadRequest'), '401': error('Unauthorized'), '429': error('TooManyRequests'), '500': error('InternalError') }
const nullableDate = (description: string) => ({ type: ['string', 'null'], format: 'date-time', description })
const keyBody = (required: boolean) => ({ required, content: json(ref('KeyFields')) })

const summaryProperties = {
  id: string('Project ID.', { examples: ['prj_3q2-7wEJ6l8cT1vY0aBcDg'] }),
  name: string('Project name.', { maxLength: 120 }),
  description: string('Project description; may be empty.', { maxLength: 2000 }),
  createDate: string('When the project was created.', { format: 'date-time' }),
  status: string('Project status.', { examples: ['ACTIVE'] }),
}
const summaryRequired = ['id', 'name', 'description', 'createDate', 'status']

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

export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Flex Portal reference API',
    version: '1.0.0',
    description: 'Devices, accounts, projects and API keys. Every error is JSON `{ "message": "…" }` with a sentence a user can read.' + QUICKSTART,
  },
  servers: [{ url: '/api' }],
  tags: [{ name: 'Session' }, { name: 'Projects' }, { name: 'Operations' }, { name: 'Verification' }],
  paths: {
    '/device': {
      post: {
        tags: ['Session'],
        operationId: 'registerDevice',
        summary: 'Register an anonymous device',
        description: 'Returns a device token, the bearer credential for register and authenticate.',
        requestBody: body('DeviceRegistration'),
        responses: { '201': ok('Device registered.', 'DeviceToken'), ...jsonErrors, '429': error('TooManyRequests'), '500': error('InternalError') },
      },
    },
    '/register': {
      post: {
        tags: ['Session'],
        operationId: 'register',
        summary: 'Create an account and sign in',
        security: [{ deviceToken: [] }],
        requestBody: body('SignUp'),
        responses: { '200': ok('Signed up and signed in.', 'AccessData'), ...signIn, '409': error('Conflict') },
      },
    },
    '/auth/authenticate': {
      post: {
        tags: ['Session'],
        operationId: 'authenticate',
        summary: 'Sign in',
        description: 'An unknown e-mail and a wrong password get the same 401 answer.',
        security: [{ deviceToken: [] }],
        requestBody: body('LogIn'),
        responses: { '200': ok('Signed in.', 'AccessData'), ...signIn },
      },
    },
    '/auth/logout': {
      post: {
        tags: ['Session'],
        operationId: 'logout',
        summary: 'Sign out: revoke the access token',
        description: 'The token answers 401 on every call from then on, wherever a copy of it is.',
        security: [{ accessToken: [] }],
        responses: { '204': { description: 'Signed out; the token is revoked.' }, ...managed },
      },
    },
    '/manage/dapp': {
      post: {
        tags: ['Projects'],
        operationId: 'createProject',
        summary: 'Create a project with its first API key pair',
        description: 'The only answer that shows the whole API key and the webhook secret.',
        security: [{ accessToken: [] }],
        requestBody: body('NewProject'),
        responses: { '201': ok('Project created.', 'CreatedProject'), ...jsonErrors, ...managed, '409': error('Conflict') },
      },
    },
    '/manage/dapp/owner': {
      get: {
        tags: ['Projects'],
        operationId: 'listProjects',
        summary: "The caller's projects, newest first",
        security: [{ accessToken: [] }],
        responses: {
          '200': { description: 'Projects.', content: json({ type: 'array', items: ref('ProjectSummary') }) },
          ...managed,
        },
      },
    },
    '/manage/dapp/{id}': {
      get: {
        tags: ['Projects'],
        operationId: 'getProject',
        summary: 'One project, its keys masked',
        security: [{ accessToken: [] }],
        parameters: [projectId],
        responses: { '200': ok('The project.', 'Project'), ...managed, '404': error('NotFound') },
      },
    },
    '/manage/dapp/{id}/api-key': {
      post: {
        tags: ['Projects'],
        operationId: 'createApiKey',
        summary: 'Add an API key pair',
        description:
          'The only answer that shows the whole new key. 409 once the project holds the most unexpired keys allowed (default 20). ' +
          'The body is optional: without one the key is named "Default key" (a project\'s first) or "Key N", and never expires.',
        security: [{ accessToken: [] }],
        parameters: [projectId],
        requestBody: keyBody(false),
        responses: { '201': ok('Key created.', 'KeyMap'), ...jsonErrors, ...managed, '404': error('NotFound'), '409': error('Conflict') },
      },
    },
    '/manage/dapp/{id}/api-key/{keyId}': {
      delete: {
        tags: ['Projects'],
        operationId: 'deleteApiKey',
        summary: 'Delete an API key pair',
        security: [{ accessToken: [] }],
        parameters: [projectId, keyId],
        responses: { '200': ok('Key deleted.', 'Deleted'), ...managed, '404': error('NotFound') },
      },
      patch: {
        tags: ['Projects'],
        operationId: 'updateApiKey',
        summary: 'Rename an API key or change its expiry',
        description: 'An expired key can be renamed, but its expiry cannot be changed (409).',
        security: [{ accessToken: [] }],
        parameters: [projectId, keyId],
        requestBody: keyBody(true),
        responses: {
          '200': ok('The key, as the project lists it.', 'KeyEntry'),
          ...jsonErrors,
          ...managed,
          '404': error('NotFound'),
          '409': error('Conflict'),
        },
      },
    },
    '/manage/dapp/{id}/api-key/{keyId}/roll': {
      post: {
        tags: ['Projects'],
        operationId: 'rollApiKey',
        summary: 'Replace an API key, with a grace period for the old one',
        description:
          "Creates a key with the old key's name and answers it whole, this once. The old key keeps verifying until now + graceSeconds, then verification answers EXPIRED; " +
          'it stays listed until deleted. Works at the key limit. 409 for a key that has already expired.',
        security: [{ accessToken: [] }],
        parameters: [projectId, keyId],
        requestBody: body('Roll'),
        responses: { '201': ok('The new key.', 'KeyMap'), ...jsonErrors, ...managed, '404': error('NotFound'), '409': error('Conflict') },
      },
    },
    '/keys/verify': {
      post: {
        tags: ['Verification'],
        operationId: 'verifyApiKey',
        summary: 'Check an API key a client presented to your API',
        description:
          "For the API provider's own services, authenticated by the SERVICE_TOKEN the server is configured with. " +
          'A deleted or rolled-out key stops verifying at once on every instance. The answer never holds a secret.',
        security: [{ serviceToken: [] }],
        requestBody: body('VerifyRequest'),
        responses: {
          '200': ok('Whether the key is valid; a key that is not gets a code.', 'Verification'),
          ...jsonErrors,
          '401': error('Unauthorized'),
          '500': error('InternalError'),
          '503': { description: 'SERVICE_TOKEN is not set on this server, so verification is off.', content: json(ref('Error')) },
        },
      },
    },
    '/health': {
      get: {
        tags: ['Operations'],
        operationId: 'health',
        summary: 'Liveness and database check',
        responses: {
          '200': ok('Up.', 'Health'),
          '503': { description: 'The database does not answer.', content: json(ref('Error')) },
        },
      },
    },
  },
  components: {
    securitySchemes: {
      deviceToken: { type: 'http', scheme: 'bearer', description: 'From POST /device.' },
      accessToken: { type: 'http', scheme: 'bearer', description: 'From register or authenticate. A device token is refused.' },
      serviceToken: { type: 'http', scheme: 'bearer', description: 'The SERVICE_TOKEN the server is configured with.' },
    },
    schemas: {
      Error: {
        type: 'object',
        required: ['message'],
        properties: {
          message: string('What went wrong, fit to show a user.'),
          code: string('A stable reason a client can act on: DEVICE_UNKNOWN (register the device again).', { enum: ['DEVICE_UNKNOWN'] }),
        },
      },
      DeviceRegistration: {
        type: 'object',
        required: ['deviceUDID', 'deviceType'],
        properties: {
          deviceUDID: string('Device identifier; a placeholder on the web.', { minLength: 1, maxLength: 200 }),
          deviceType: string('WEB for browsers.', { minLength: 1, maxLength: 32, examples: ['WEB'] }),
          pushToken: string('Ignored; not stored.', { maxLength: 200 }),
          timeZone: string('Time zone.', { maxLength: 200 }),
          appVersion: string('Client version.', { maxLength: 200 }),
          osVersion: string('OS version.', { maxLength: 200 }),
          userId: string('Placeholder.', { maxLength: 200 }),
          deviceModel: string('Placeholder.', { maxLength: 200 }),
          country: string('Placeholder.', { maxLength: 200 }),
          language: string('Placeholder.', { maxLength: 200 }),
        },
      },
      DeviceToken: {
        type: 'object',
        required: ['accessToken'],
        properties: { accessToken: string('Device token (fxd_…).') },
      },
      SignUp: {
        type: 'object',
        required: ['name', 'email', 'password'],
        properties: {
          name: string('Display name.', { minLength: 1, maxLength: 120 }),
          email: string('E-mail address; case is ignored.', { format: 'email', maxLength: 254 }),
          password: string('At least 8 characters; not a common or breached password, not the e-mail address, not one character repeated.', {
            minLength: 8,
            maxLength: 1024,
          }),
        },
      },
      LogIn: {
        type: 'object',
        required: ['email', 'password'],
        properties: {
          email: string('E-mail address.', { format: 'email', maxLength: 254 }),
          password: string('Password.', { minLength: 1, maxLength: 1024 }),
        },
      },
      AccessData: {
        type: 'object',
        required: ['accessToken', 'tokenType', 'expiresAt', 'user'],
        properties: {
          accessToken: string('Access token (fxa_…) for the project calls.'),
          tokenType: string('Always Bearer.', { const: 'Bearer' }),
          expiresAt: string('When the access token stops working.', { format: 'date-time' }),
          user: {
            type: 'object',
            required: ['id', 'name', 'email'],
            properties: { id: string('User ID.'), name: string('Display name.'), email: string('E-mail address.') },
          },
        },
      },
      NewProject: {
        type: 'object',
        required: ['name'],
        properties: {
          name: string('Project name; surrounding spaces are trimmed.', { minLength: 1, maxLength: 120 }),
          description: string('Optional; missing means empty.', { maxLength: 2000 }),
        },
      },
      ProjectSummary: { type: 'object', required: summaryRequired, properties: summaryProperties },
      Project: {
        type: 'object',
        required: [...summaryRequired, 'apiKey', 'keys', 'keyLimit'],
        properties: {
          ...summaryProperties,
          apiKey: {
            ...ref('KeyMap'),
            description: 'API project ID → masked key (fxk_…last 4), in creation order.',
          },
          keys: { type: 'array', items: ref('KeyEntry'), description: 'The same keys with their metadata, in creation order; expired ones included.' },
          keyLimit: { type: 'integer', description: 'How many unexpired keys the project may hold.' },
        },
      },
      KeyEntry: {
        type: 'object',
        required: ['id', 'name', 'maskedKey', 'createdAt', 'lastUsedAt', 'expiresAt'],
        properties: {
          id: string('API project ID (apid_…).'),
          name: string('Key name.', { minLength: 1, maxLength: 60 }),
          maskedKey: string('The key masked: fxk_…last 4.'),
          createdAt: string('When the key was created.', { format: 'date-time' }),
          lastUsedAt: nullableDate('When POST /keys/verify last accepted it (written at most once a minute); null if never.'),
          expiresAt: nullableDate('When it stops verifying (EXPIRED after that); null if never.'),
        },
      },
      KeyFields: {
        type: 'object',
        properties: {
          name: string('Key name; surrounding spaces are trimmed.', { minLength: 1, maxLength: 60 }),
          expiresAt: nullableDate('An ISO-8601 date-time in the future, or null for no expiry.'),
        },
      },
      Roll: {
        type: 'object',
        required: ['graceSeconds'],
        properties: { graceSeconds: { type: 'integer', minimum: 0, maximum: 604800, description: 'How long the old key keeps working; 0 ends it now.' } },
      },
      VerifyRequest: {
        type: 'object',
        required: ['key'],
        properties: { key: string('The API key (fxk_…) a client presented.', { maxLength: 200 }) },
      },
      Verification: {
        oneOf: [
          {
            type: 'object',
            required: ['valid', 'keyId', 'projectId', 'name', 'expiresAt'],
            properties: {
              valid: { const: true },
              keyId: string('API project ID (apid_…).'),
              projectId: string('Project ID (prj_…).'),
              name: string('Key name.'),
              expiresAt: nullableDate('When the key stops verifying; null if never.'),
            },
          },
          {
            type: 'object',
            required: ['valid', 'code'],
            properties: { valid: { const: false }, code: { type: 'string', enum: ['NOT_FOUND', 'EXPIRED'] } },
          },
        ],
      },
      CreatedProject: {
        type: 'object',
        required: [...summaryRequired, 'apiKey', 'webhookSecret'],
        properties: {
          ...summaryProperties,
          apiKey: { ...ref('KeyMap'), description: 'API project ID → the whole key, shown this once.' },
          webhookSecret: string('Webhook signing secret (whsec_…), shown this once.'),
        },
      },
      KeyMap: {
        type: 'object',
        description: 'API project ID (apid_…) → API key (fxk_…).',
        additionalProperties: { type: 'string' },
      },
      Deleted: {
        type: 'object',
        required: ['deleted'],
        properties: { deleted: string('The API project ID that was deleted.') },
      },
      Health: {
        type: 'object',
        required: ['status'],
        properties: { status: string('Always ok.', { const: 'ok' }) },
      },
    },
    responses: {
      BadRequest: {
        description:
          'Malformed JSON, a missing field, a wrong type, a value out of bounds, a password the rule refuses, or text that cannot be stored (a NUL byte or an unpaired surrogate, in a field or the path).',
        content: json(ref('Error')),
      },
      Unauthorized: {
        description:
          'Missing, unknown, expired or revoked token, a token of the wrong kind, (authenticate) wrong credentials, or (verify) a missing or wrong service token. An unknown device token carries code DEVICE_UNKNOWN.',
        headers: { 'WWW-Authenticate': { description: 'Sent when the bearer token is the problem.', schema: { type: 'string' } } },
        content: json(ref('Error')),
      },
      NotFound: { description: 'No such project (or not the caller’s), or no such key.', content: json(ref('Error')) },
      Conflict: {
        description:
          'E-mail already registered, the project holds the most keys allowed, the account the most projects (PROJECT_LIMIT), or (edit, roll) the key has expired.',
        content: json(ref('Error')),
      },
      PayloadTooLarge: { description: 'The body is over 64 kB.', content: json(ref('Error')) },
      UnsupportedMediaType: { description: 'The body is not sent as application/json.', content: json(ref('Error')) },
      TooManyRequests: {
        description:
          'Too many attempts from this client or failed log-ins for this e-mail from this client (or, for /device, registrations from this client), or a user over their fair share of calls or project creations.',
        headers: { 'Retry-After': { description: 'Seconds to wait.', required: true, schema: { type: 'integer' } } },
        content: json(ref('Error')),
      },
      InternalError: { description: 'Something failed on the server; details are only in its log.', content: json(ref('Error')) },
    },
  },
} as const
