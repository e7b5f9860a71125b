import type { Context } from 'hono'
import {
  NewWebhookEndpoint,
  WEBHOOK_PAYLOAD_MAX_BYTES,
  WEBHOOK_TEST_EVENT,
  WebhookEndpointPatch,
  WebhookMessage,
  WebhookSecretRoll,
  WebhookTestEvent,
} from '../../../contract/webhooks'
import { WebhookAttemptsQuery } from '../../../contract/queries'
import type { Queryable } from '../../db/index'
import type { AuthEnv } from '../../http/auth'
import { parseBody, readBody, readOptionalBody } from '../../http/body'
import { fastBodyLimit } from '../../http/body-limit'
import { readQuery } from '../../http/query'
import { BODY, readJsonObject } from '../../http/validate'
import { badRequest, conflict, HttpError, notFound } from '../../http/errors'
import { refused } from '../../http/throttle'
import type { RouteDeps } from '../../http/route-deps'
import { requireServiceToken } from '../../http/service-token'
import { ContractApp } from '../../openapi/contract-app'
import { withRoles } from '../../openapi/roles'
import { audit } from '../../security/audit-log'
import { authorize, PROJECTS, type Action } from '../../security/authorization'
import { hitRateLimit, testEventBucket } from '../../security/rate-limit'
import { holdUnverified } from '../accounts'
import { checkEndpointUrl } from './address'
import { eventCatalog } from './catalog'
import {
  createEndpointRoute,
  deleteEndpointRoute,
  eventTypesRoute,
  listAttemptsRoute,
  listEndpointsRoute,
  resendRoute,
  rollSecretRoute,
  sendMessageRoute,
  testEndpointRoute,
  updateEndpointRoute,
} from './operations'
import {
  acceptMessage,
  countEndpoints,
  deleteEndpoint,
  getEndpoint,
  insertEndpoint,
  listEndpoints,
  resendMessage,
  sendTestMessage,
  updateEndpoint,
} from './data'
import { listAttempts } from './attempts'
import { WEBHOOKS } from './errors'
import { hasSigningSecret, rollSigningSecret } from './secrets'

export const MESSAGES_NOT_CONFIGURED = WEBHOOKS.WEBHOOK_MESSAGES_NOT_CONFIGURED.message
/** The test events' budget is spent: each is a delivery to the project's own endpoint, and sent in a loop they would be a flood. */
export const tooManyTestEvents = (perMinute: number, retryAfter: number) => refused(retryAfter, WEBHOOKS.TEST_EVENT_LIMIT_REACHED(perMinute, retryAfter))
/** The provider's call carries a payload of up to 256 kB, beyond the API's 64 kB: its own limit, with room for the envelope. */
export const MESSAGE_BODY_LIMIT = WEBHOOK_PAYLOAD_MAX_BYTES + 8 * 1024
export const MESSAGES_PATH = '/webhooks/messages'

/**
 * The webhook calls. Those under /manage sit behind the access-token guard
 * app.ts puts there, and answer a project that is missing or someone else's
 * with the same 404.
 */
export function webhookRoutes(deps: RouteDeps) {
  const checks = webhookChecks(deps)
  return new ContractApp<AuthEnv>()
    .route('/', messageRoutes(deps, checks))
    .route('/', endpointRoutes(deps, checks))
    .route('/', deliveryRoutes(deps, checks))
    .route('/', secretRoutes(deps, checks))
}

type Checks = ReturnType<typeof webhookChecks>

/** What the calls check before they act: event types, an endpoint's address, who owns the project and the endpoint. */
function webhookChecks({ db, config }: RouteDeps) {
  const catalog = () => eventCatalog(config)
  const known = (name: string) => catalog().find((t) => t.name === name)

  function checkTypes(types: string[] | undefined) {
    for (const name of types ?? []) {
      if (!known(name)) throw badRequest(WEBHOOKS.EVENT_TYPE_UNKNOWN(name.slice(0, 100)))
    }
  }
  async function checkUrl(url: string): Promise<string> {
    const checked = await checkEndpointUrl(url, config.webhooks.allowPrivateNetworks)
    if (checked.error) throw badRequest(checked.error)
    return checked.url!
  }
  /** The project of the call, once the caller's role allows `action` (404 for a non-member, 403 short of the role). */
  async function owned(q: Queryable, c: Context<AuthEnv>, action: Action, lock = false): Promise<string> {
    const projectId = c.req.param('id')!
    await authorize(q, c.var.userId, projectId, action, { lock })
    return projectId
  }
  async function ownedEndpoint(c: Context<AuthEnv>, action: Action) {
    const projectId = await owned(db, c, action)
    const found = await getEndpoint(db, projectId, c.req.param('endpointId')!)
    if (!found) throw notFound(WEBHOOKS.ENDPOINT_NOT_FOUND)
    return { projectId, endpoint: found }
  }
  return { catalog, known, checkTypes, checkUrl, owned, ownedEndpoint }
}

/** The provider's side: the event types it may send, and its messages (with the service token). */
function messageRoutes({ db, config, clock }: RouteDeps, { catalog, known }: Checks) {
  const serviceOnly = requireServiceToken(config.serviceToken, WEBHOOKS.WEBHOOK_MESSAGES_NOT_CONFIGURED)
  const messageBodyLimit = fastBodyLimit(MESSAGE_BODY_LIMIT, () => {
    throw new HttpError(413, BODY.BODY_TOO_LARGE(MESSAGE_BODY_LIMIT / 1024))
  })

  return new ContractApp<AuthEnv>()
    .operation(eventTypesRoute, async (c) => c.json(catalog()))
    .operation(sendMessageRoute, messageBodyLimit, serviceOnly, async (c) => {
      const body = await readJsonObject(c)
      // The payload as sent: zod's copy of a record drops a key named __proto__ (it sets the copy's prototype), and
      // the message delivered, and the idempotency key's check, would miss it.
      const m = { ...parseBody(WebhookMessage, body), payload: (body as { payload: Record<string, unknown> }).payload }
      if (Buffer.byteLength(JSON.stringify(m.payload)) > WEBHOOK_PAYLOAD_MAX_BYTES) {
        throw new HttpError(413, WEBHOOKS.PAYLOAD_TOO_LARGE)
      }
      if (!known(m.eventType)) throw badRequest(WEBHOOKS.EVENT_TYPE_UNKNOWN(m.eventType))
      const accepted = await acceptMessage(db, m, new Date(clock()))
      if (!accepted) throw notFound(PROJECTS.PROJECT_NOT_FOUND)
      if ('reused' in accepted) throw conflict(WEBHOOKS.IDEMPOTENCY_KEY_REUSED)
      return c.json({ id: accepted.id }, 202)
    })
}

/** A project's endpoints: adding, listing, changing and deleting them. */
function endpointRoutes({ db, config }: RouteDeps, { checkTypes, checkUrl, owned }: Checks) {
  return new ContractApp<AuthEnv>()
    .operation(withRoles('webhooks.write', createEndpointRoute), async (c) => {
      const body = await readBody(c, NewWebhookEndpoint)
      checkTypes(body.eventTypes)
      const url = await checkUrl(body.url)
      const id = await db.transaction(async (tx) => {
        const projectId = await owned(tx, c, 'webhooks.write', true)
        if (!(await hasSigningSecret(tx, projectId))) throw conflict(WEBHOOKS.WEBHOOK_SECRET_ROLL_NEEDED)
        const limit = config.webhooks.endpointLimit
        if ((await countEndpoints(tx, projectId)) >= limit) {
          throw conflict(WEBHOOKS.ENDPOINT_LIMIT_REACHED(limit))
        }
        const endpointId = await insertEndpoint(tx, projectId, { url, description: body.description, eventTypes: body.eventTypes }, c.var.userId)
        await audit(tx, projectId, c.var.userId, 'endpoint.added', endpointId, { url: new URL(url).origin })
        return endpointId
      })
      return c.json((await getEndpoint(db, c.req.param('id'), id))!, 201)
    })
    .operation(withRoles('webhooks.read', listEndpointsRoute), async (c) => {
      const projectId = await owned(db, c, 'webhooks.read')
      const [endpoints, secret] = await Promise.all([listEndpoints(db, projectId), hasSigningSecret(db, projectId)])
      return c.json({ endpoints, needsSecretRoll: !secret })
    })
    .operation(withRoles('webhooks.write', updateEndpointRoute), async (c) => {
      const change = await readBody(c, WebhookEndpointPatch)
      checkTypes(change.eventTypes)
      const url = change.url === undefined ? undefined : await checkUrl(change.url)
      const endpointId = c.req.param('endpointId')
      const projectId = await db.transaction(async (tx) => {
        const projectId = await owned(tx, c, 'webhooks.write', true)
        const before = url === undefined ? undefined : await getEndpoint(tx, projectId, endpointId)
        // Re-pointing an endpoint is adding one at a new address: REQUIRE_VERIFIED_EMAIL holds it as it holds creation.
        // Its address sent unchanged (the widget's Edit sends every field) is no new address.
        if (before && before.url !== url && config.requireVerifiedEmail) await holdUnverified(tx, c.var.userId)
        if (!(await updateEndpoint(tx, projectId, endpointId, { ...change, url }, c.var.userId))) throw notFound(WEBHOOKS.ENDPOINT_NOT_FOUND)
        const fields = Object.keys(change).filter((k) => k !== 'disabled')
        if (change.disabled === true) await audit(tx, projectId, c.var.userId, 'endpoint.disabled', endpointId)
        if (fields.length > 0 || change.disabled === false) {
          await audit(tx, projectId, c.var.userId, 'endpoint.changed', endpointId, {
            fields: fields.join(','),
            // Where a re-pointed endpoint's events went and go now: origins only, as endpoint.added records, since a path or query may hold a token.
            ...(before && url ? { from: new URL(before.url).origin, to: new URL(url).origin } : {}),
            ...(change.disabled === false ? { enabled: true } : {}),
          })
        }
        return projectId
      })
      return c.json((await getEndpoint(db, projectId, endpointId))!)
    })
    .operation(withRoles('webhooks.delete', deleteEndpointRoute), async (c) => {
      const endpointId = c.req.param('endpointId')
      await db.transaction(async (tx) => {
        const projectId = await owned(tx, c, 'webhooks.delete', true)
        if (!(await deleteEndpoint(tx, projectId, endpointId))) throw notFound(WEBHOOKS.ENDPOINT_NOT_FOUND)
        await audit(tx, projectId, c.var.userId, 'endpoint.deleted', endpointId)
      })
      return c.body(null, 204)
    })
}

/** What an endpoint was sent: a test event, its delivery attempts, a message sent again. */
function deliveryRoutes({ db, config, clock }: RouteDeps, { known, ownedEndpoint }: Checks) {
  const perMinute = config.webhooks.testEventsPerMinute
  /** Test events and resends share one budget per project: each is a delivery the caller orders, and a loop of either is a flood. */
  const spendTestBudget = async (projectId: string) => {
    const budget = await hitRateLimit(db, [{ key: testEventBucket(projectId), limit: perMinute }], 60)
    if (!budget.allowed) throw tooManyTestEvents(perMinute, budget.retryAfter)
  }
  /** The caller's role asked again once the project is held: the first look was before any wait for its lock. */
  const stillMay = async (tx: Queryable, c: Context<AuthEnv>, projectId: string) => void (await authorize(tx, c.var.userId, projectId, 'webhooks.send'))
  return new ContractApp<AuthEnv>()
    .operation(withRoles('webhooks.send', testEndpointRoute), async (c) => {
      const { eventType = WEBHOOK_TEST_EVENT } = await readOptionalBody(c, WebhookTestEvent)
      const type = known(eventType)
      if (!type) throw badRequest(WEBHOOKS.EVENT_TYPE_UNKNOWN(eventType))
      const { projectId, endpoint } = await ownedEndpoint(c, 'webhooks.send')
      // Refused before the budget is spent; the queueing holds the endpoint for one disabled meanwhile (data.ts).
      if (endpoint.disabled) throw conflict(WEBHOOKS.ENDPOINT_DISABLED)
      await spendTestBudget(projectId)
      const id = await sendTestMessage(db, projectId, endpoint.id, type.name, type.example ?? {}, new Date(clock()), {
        allowed: (tx) => stillMay(tx, c, projectId),
        along: (tx) => audit(tx, projectId, c.var.userId, 'test_event.sent', endpoint.id, { eventType: type.name }),
      })
      // Disabled since it was read (a member's removal): nothing was queued.
      if (!id) throw conflict(WEBHOOKS.ENDPOINT_DISABLED)
      return c.json({ id }, 202)
    })
    .operation(withRoles('webhooks.read', listAttemptsRoute), async (c) => {
      const { limit = 20, before } = readQuery(c, WebhookAttemptsQuery)
      const { endpoint } = await ownedEndpoint(c, 'webhooks.read')
      const attempts = await listAttempts(db, endpoint.id, limit, before)
      if (!attempts) throw badRequest(WEBHOOKS.ATTEMPT_BEFORE_INVALID)
      return c.json(attempts)
    })
    .operation(withRoles('webhooks.send', resendRoute), async (c) => {
      const { projectId, endpoint } = await ownedEndpoint(c, 'webhooks.send')
      if (endpoint.disabled) throw conflict(WEBHOOKS.ENDPOINT_DISABLED)
      await spendTestBudget(projectId)
      const messageId = c.req.param('messageId')
      const resent = await resendMessage(db, projectId, endpoint.id, messageId, new Date(clock()), {
        allowed: (tx) => stillMay(tx, c, projectId),
        along: (tx) => audit(tx, projectId, c.var.userId, 'message.resent', endpoint.id, { messageId }),
      })
      if (resent === 'disabled') throw conflict(WEBHOOKS.ENDPOINT_DISABLED)
      if (resent === 'unknown') throw notFound(WEBHOOKS.MESSAGE_NOT_FOUND)
      return c.json({ id: messageId }, 202)
    })
}

/** The project's signing secret, rolled with a grace period for the old one. */
function secretRoutes({ db, config, clock }: RouteDeps, { owned }: Checks) {
  const key = config.secretEncryptionKey!
  return new ContractApp<AuthEnv>().operation(withRoles('secret.roll', rollSecretRoute), async (c) => {
    const { graceSeconds } = await readBody(c, WebhookSecretRoll)
    const now = clock()
    const webhookSecret = await db.transaction(async (tx) => {
      const projectId = await owned(tx, c, 'secret.roll', true)
      const secret = await rollSigningSecret(tx, key, projectId, new Date(now + graceSeconds * 1000), new Date(now))
      await audit(tx, projectId, c.var.userId, 'secret.rolled', projectId, { graceSeconds })
      return secret
    })
    return c.json({ webhookSecret }, 201)
  })
}
