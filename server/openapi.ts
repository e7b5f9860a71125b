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

const summaryProperties = {
  id: string('Project ID.', { examples: ['prj_3q2-7wEJ6l8cT1vY0aBcDg'] }),
  name: string('Project name.', { maxLength: 120 }),
  description: string('Project description; may be empty.', { maxLength: 2000 }),
  createDate: string('When the project was created.', { format: 'date-time' }),
  status: string('Project status.', { examples: ['ACTIVE'] }),
}
const summaryRequired = ['id', 'name', 'description', 'createDate', 'status']

export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Flex Portal reference API',
    version: '1.0.0',
    description:
      'Devices, accounts, projects and API keys. Every error is JSON `{ "message": "…" }` with a sentence a user can read.',
  },
  servers: [{ url: '/api' }],
  tags: [{ name: 'Session' }, { name: 'Projects' }, { name: 'Operations' }],
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
        description: 'The only answer that shows the whole new key. 409 once the project holds the most keys allowed (default 20).',
        security: [{ accessToken: [] }],
        parameters: [projectId],
        responses: { '201': ok('Key created.', 'KeyMap'), ...managed, '404': error('NotFound'), '409': error('Conflict') },
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
        required: [...summaryRequired, 'apiKey'],
        properties: {
          ...summaryProperties,
          apiKey: {
            ...ref('KeyMap'),
            description: 'API project ID → masked key (fxk_…last 4), in creation order.',
          },
        },
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
          'Missing, unknown, expired or revoked token, a token of the wrong kind, or (authenticate) wrong credentials. An unknown device token carries code DEVICE_UNKNOWN.',
        headers: { 'WWW-Authenticate': { description: 'Sent when the bearer token is the problem.', schema: { type: 'string' } } },
        content: json(ref('Error')),
      },
      NotFound: { description: 'No such project (or not the caller’s), or no such key.', content: json(ref('Error')) },
      Conflict: {
        description: 'E-mail already registered, the project holds the most keys allowed, or the account the most projects (PROJECT_LIMIT).',
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
