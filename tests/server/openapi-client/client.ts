/**
 * A client an outside developer would write: types generated from
 * /api/openapi.json by openapi-typescript (api.d.ts beside this file), calls by
 * openapi-fetch. It calls every operation once, numbers where the API means
 * numbers; tests/server/openapi-client.test.ts type-checks it and holds api.d.ts
 * to what the served document makes.
 */
import createClient from 'openapi-fetch'
import type { paths } from './api'

export type ApiClient = ReturnType<typeof createClient<paths>>

export const client = (baseUrl: string, token: string): ApiClient => createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } })

/** Every operation of the document, in its order. */
export async function callEveryOperation(api: ApiClient, id: string, keyId: string, endpointId: string, messageId: string) {
  const project = { params: { path: { id } } }
  const key = { params: { path: { id, keyId } } }
  const endpoint = { params: { path: { id, endpointId } } }
  await api.POST('/device', { body: { deviceUDID: 'web-1', deviceType: 'WEB' } })
  await api.POST('/register', { body: { name: 'Ada', email: 'ada@example.com', password: 'correct horse battery' } })
  await api.POST('/auth/authenticate', { body: { email: 'ada@example.com', password: 'correct horse battery' } })
  await api.POST('/auth/logout')
  await api.POST('/auth/password/forgot', { body: { email: 'ada@example.com' } })
  await api.POST('/auth/password/reset', { body: { email: 'ada@example.com', code: '1234567890', password: 'another long phrase' } })
  await api.POST('/auth/email/verify/send')
  await api.POST('/auth/email/verify', { body: { code: '1234567890' } })
  await api.GET('/me')
  await api.PATCH('/me', { body: { name: 'Ada L.' } })
  await api.DELETE('/me', { body: { password: 'correct horse battery' } })
  await api.POST('/me/password', { body: { currentPassword: 'correct horse battery', newPassword: 'another long phrase' } })
  await api.POST('/auth/logout-all')
  await api.POST('/sessions', { body: { externalId: 'user-42', email: 'ada@example.com', name: 'Ada' } })
  await api.DELETE('/sessions/{externalId}', { params: { path: { externalId: 'user-42' } } })
  await api.POST('/auth/exchange', { body: { code: 'a-code' } })
  await api.POST('/manage/dapp', { body: { name: 'Weather app', description: null } })
  await api.GET('/manage/dapp/owner', { params: { header: { 'if-none-match': '"etag"' } } })
  await api.GET('/manage/dapp/{id}', project)
  await api.PATCH('/manage/dapp/{id}', { ...project, body: { description: 'Forecasts' } })
  await api.DELETE('/manage/dapp/{id}', project)
  await api.POST('/manage/dapp/{id}/api-key', { ...project, body: { name: 'Production', expiresAt: null } })
  await api.POST('/manage/dapp/{id}/api-key', { ...project, body: { mode: 'test', scopes: ['invoices:read'], allowedIps: ['203.0.113.0/24'] } })
  await api.GET('/manage/dapp/{id}/scopes', project)
  await api.DELETE('/manage/dapp/{id}/api-key/{keyId}', key)
  await api.PATCH('/manage/dapp/{id}/api-key/{keyId}', { ...key, body: { name: 'Staging' } })
  await api.POST('/manage/dapp/{id}/api-key/{keyId}/roll', { ...key, body: { graceSeconds: 3600 } })
  await api.GET('/health')
  await api.GET('/capabilities')
  await api.GET('/manage/dapp/{id}/usage', { params: { path: { id }, query: { days: 7, mode: 'test' } } })
  await api.GET('/webhooks/event-types')
  await api.POST('/webhooks/messages', { body: { projectId: id, eventType: 'invoice.paid', payload: { amount: 1200 }, idempotencyKey: 'in_1-paid' } })
  await api.POST('/manage/dapp/{id}/webhooks', { ...project, body: { url: 'https://hooks.example.com/flex', eventTypes: ['invoice.paid'] } })
  await api.GET('/manage/dapp/{id}/webhooks', project)
  await api.PATCH('/manage/dapp/{id}/webhooks/{endpointId}', { ...endpoint, body: { disabled: true } })
  await api.DELETE('/manage/dapp/{id}/webhooks/{endpointId}', endpoint)
  await api.POST('/manage/dapp/{id}/webhooks/{endpointId}/test', { ...endpoint, body: { eventType: 'webhook.test' } })
  await api.GET('/manage/dapp/{id}/webhooks/{endpointId}/attempts', { params: { path: { id, endpointId }, query: { limit: 50, before: 'wha_1' } } })
  await api.POST('/manage/dapp/{id}/webhooks/{endpointId}/messages/{messageId}/resend', { params: { path: { id, endpointId, messageId } } })
  await api.POST('/manage/dapp/{id}/webhooks/secret/roll', { ...project, body: { graceSeconds: 0 } })
  await api.POST('/keys/verify', { body: { key: 'fxk_example' } })
  const member = { params: { path: { id, memberId: 'mem_1' } } }
  await api.POST('/manage/dapp/{id}/members', { ...project, body: { email: 'grace@example.com', role: 'developer' } })
  await api.GET('/manage/dapp/{id}/members', project)
  await api.PATCH('/manage/dapp/{id}/members/{memberId}', { ...member, body: { role: 'viewer' } })
  await api.GET('/manage/dapp/{id}/members/{memberId}/removal', member)
  await api.DELETE('/manage/dapp/{id}/members/{memberId}', { params: { path: { id, memberId: 'mem_1' }, query: { keep: 'apid_1,whe_1' } } })
  await api.POST('/manage/dapp/{id}/members/{memberId}/resend', member)
  await api.POST('/manage/dapp/{id}/owner', { ...project, body: { memberId: 'mem_1', password: 'correct horse battery' } })
  await api.POST('/invitations/accept', { body: { code: 'fxi_example' } })
  await api.GET('/invitations')
  await api.POST('/invitations/{invitationId}/accept', { params: { path: { invitationId: 'mem_1' } } })
  await api.POST('/invitations/{invitationId}/decline', { params: { path: { invitationId: 'mem_1' } } })
  await api.GET('/me/deletion')
  await api.GET('/manage/dapp/{id}/audit', { params: { path: { id }, query: { limit: 50, before: 'aud_1', format: 'json' } } })
  const at = '2026-11-28T12:00:00Z'
  await api.POST('/logs', {
    body: { entries: [{ requestId: 'req_1', keyId: 'apid_1', method: 'GET', route: '/v1/invoices/:id', status: 200, durationMs: 12, at }] },
  })
  await api.GET('/logs/{requestId}', { params: { path: { requestId: 'req_1' } } })
  await api.GET('/manage/dapp/{id}/logs', { params: { path: { id }, query: { key: 'apid_1', status: '5xx', route: '/v1/invoices/:id', limit: 50 } } })
  await api.GET('/manage/dapp/{id}/logs/summary', { params: { path: { id }, query: { days: 30 } } })
}
