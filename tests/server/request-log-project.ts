/**
 * The set-up the request-log filter tests share: a server whose clock stands
 * at NOON, its owner, a project with its first key and one more, and the
 * provider's POST /logs of a batch (which must be taken: 202).
 */
import { expect } from 'vitest'
import { createTestServer, newProject, signUp, type SignedUp, type TestServer } from './harness'

export const NOON = Date.UTC(2026, 2, 10, 12)
const SERVICE_TOKEN = 'a-long-random-service-token-for-request-log-filters'

export interface LogProject {
  s: TestServer
  owner: SignedUp
  projectId: string
  firstKey: string
  secondKey: string
  /** POSTs the entries as the provider does; answers the 202's body. */
  report(entries: unknown[]): Promise<{ accepted: number }>
}

/** `second`: the body that makes the project's second key (its name, and a mode or scopes). */
export async function logProject(second: Record<string, unknown>): Promise<LogProject> {
  const s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN }, clock: () => NOON })
  const owner = await signUp(s)
  const p = await newProject(s, owner.accessToken)
  const made = await s.request('POST', `/api/manage/dapp/${p.id}/api-key`, { token: owner.accessToken, body: second })
  expect(made.status).toBe(201)
  async function report(entries: unknown[]) {
    const sent = await s.request('POST', '/api/logs', { headers: { Authorization: `Bearer ${SERVICE_TOKEN}` }, body: { entries } })
    expect(sent.status).toBe(202)
    return sent.body as { accepted: number }
  }
  return { s, owner, projectId: p.id, firstKey: Object.keys(p.apiKey)[0], secondKey: Object.keys(made.body)[0], report }
}
