/**
 * The webhook calls (servers that name the `webhooks` feature), each under the
 * element's `api-base` with the access token. Answers are checked as parse.ts
 * checks the others: a broken or hostile server gives a clear error.
 */
// The shapes come from the schema contract the server validates with; type-only imports.
import type { WEBHOOK_SECRET_ROLL_NEEDED } from '../../contract/constants'
import type {
  NewWebhookEndpoint,
  WebhookAttempt,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEventType,
  WebhookEndpointPatch,
  WebhookLastAttempt,
} from '../../contract/webhooks'
import { bad as unreadable, isObject, raw, text } from './parse'
import type { Call, ManageCall } from './request'

export type AttemptStatus = WebhookAttempt['status']
/** What the widget reads of a catalog entry (the example payload stays on the server). */
export type EventType = Pick<WebhookEventType, 'name' | 'description'>
export type LastAttempt = WebhookLastAttempt
export type Endpoint = WebhookEndpoint
export type EndpointList = WebhookEndpointList
export type Attempt = WebhookAttempt

/** What the endpoint dialog sends: the contract's input, with every field filled. */
export type EndpointInput = { [K in keyof NewWebhookEndpoint]-?: NonNullable<NewWebhookEndpoint[K]> }
export type EndpointChange = WebhookEndpointPatch

/**
 * The code of the 409 that asks for a secret roll before an endpoint can be added. Typed as the
 * contract's constant, so it cannot drift; a value import would have the first screen hand it to
 * this chunk (about 40 bytes of its gzip budget).
 */
export const SECRET_ROLL_NEEDED: typeof WEBHOOK_SECRET_ROLL_NEEDED = 'WEBHOOK_SECRET_ROLL_NEEDED'

const count = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null)
const status = (x: unknown): AttemptStatus => (x === 'succeeded' || x === 'failed' ? x : 'pending')
const names = (x: unknown): string[] => (Array.isArray(x) ? x.filter((n): n is string => typeof n === 'string' && n !== '') : [])

export function parseEventTypes(x: unknown): EventType[] {
  if (!Array.isArray(x)) throw unreadable('error.unreadable')
  return x.filter((t) => isObject(t) && raw(t.name)).map((t) => ({ name: raw(t.name), description: text(t.description) || undefined }))
}

export function parseEndpoint(x: unknown): Endpoint {
  if (!isObject(x) || !text(x.id)) throw unreadable('error.unreadable')
  const last = x.lastAttempt
  return {
    id: text(x.id),
    url: text(x.url),
    description: text(x.description),
    eventTypes: names(x.eventTypes),
    disabled: x.disabled === true,
    createdAt: text(x.createdAt),
    lastAttempt: isObject(last) ? { attemptedAt: text(last.attemptedAt), status: status(last.status), responseStatus: count(last.responseStatus) } : null,
  }
}

export function parseEndpointList(x: unknown): EndpointList {
  if (!isObject(x) || !Array.isArray(x.endpoints)) throw unreadable('error.unreadable')
  return { endpoints: x.endpoints.map(parseEndpoint), needsSecretRoll: x.needsSecretRoll === true }
}

function parseAttempt(x: unknown): Attempt {
  if (!isObject(x) || !text(x.id)) throw unreadable('error.unreadable')
  return {
    id: text(x.id),
    messageId: text(x.messageId),
    eventType: text(x.eventType),
    status: status(x.status),
    responseStatus: count(x.responseStatus),
    responseBody: typeof x.responseBody === 'string' ? x.responseBody : null,
    durationMs: count(x.durationMs),
    attemptedAt: text(x.attemptedAt),
    attemptNumber: count(x.attemptNumber) ?? 1,
    nextAttemptAt: text(x.nextAttemptAt) || null,
    // A server without the field: a pending attempt is the one scheduled.
    scheduledFor: text(x.scheduledFor) || (status(x.status) === 'pending' ? text(x.attemptedAt) || null : null),
  }
}

export function parseAttempts(x: unknown): Attempt[] {
  if (!Array.isArray(x)) throw unreadable('error.unreadable')
  return x.map(parseAttempt)
}

export function parseSecret(x: unknown): string {
  if (!isObject(x) || typeof x.webhookSecret !== 'string' || !x.webhookSecret) throw unreadable('error.unreadable')
  return x.webhookSecret
}

const seg = encodeURIComponent
const hooks = (id: string) => `/manage/dapp/${seg(id)}/webhooks`
const one = (id: string, endpointId: string) => `${hooks(id)}/${seg(endpointId)}`

// Each call takes the session's caller (useManageApi's `call`) first, then the project's id.

/** The catalog of event types: public, so it takes the caller without a session (`at(apiBase)`) and sends no token. */
export const getEventTypes = async (call: Call, signal?: AbortSignal) => parseEventTypes(await call({ method: 'GET', path: '/webhooks/event-types', signal }))

export const listEndpoints = async (call: ManageCall, id: string, signal?: AbortSignal) =>
  parseEndpointList(await call({ method: 'GET', path: hooks(id), signal }))

export const createEndpoint = async (call: ManageCall, id: string, body: EndpointInput) => parseEndpoint(await call({ method: 'POST', path: hooks(id), body }))

export const updateEndpoint = async (call: ManageCall, id: string, endpointId: string, body: EndpointChange) =>
  parseEndpoint(await call({ method: 'PATCH', path: one(id, endpointId), body }))

export async function deleteEndpoint(call: ManageCall, id: string, endpointId: string): Promise<void> {
  await call({ method: 'DELETE', path: one(id, endpointId) })
}

/** Sends a test event; resolves with its message id ('' when the server named none). */
export async function testEndpoint(call: ManageCall, id: string, endpointId: string, eventType?: string): Promise<string> {
  const answer = await call({ method: 'POST', path: `${one(id, endpointId)}/test`, body: eventType ? { eventType } : {} })
  return isObject(answer) ? text(answer.id) : ''
}

export async function listAttempts(call: ManageCall, id: string, endpointId: string, page: { limit: number; before?: string }, signal?: AbortSignal) {
  const query = `?limit=${page.limit}${page.before ? `&before=${seg(page.before)}` : ''}`
  // No more than the page asked for: a broken server's 200,000 rows, drawn again at each look after a send, would hang the page.
  return parseAttempts(await call({ method: 'GET', path: `${one(id, endpointId)}/attempts${query}`, signal })).slice(0, page.limit)
}

export async function resendMessage(call: ManageCall, id: string, endpointId: string, messageId: string): Promise<void> {
  await call({ method: 'POST', path: `${one(id, endpointId)}/messages/${seg(messageId)}/resend` })
}

export const rollWebhookSecret = async (call: ManageCall, id: string, graceSeconds: number) =>
  parseSecret(await call({ method: 'POST', path: `${hooks(id)}/secret/roll`, body: { graceSeconds } }))
