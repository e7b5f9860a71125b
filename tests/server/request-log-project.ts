/**
 * The set-up the request-log filter tests share: a server whose clock stands
 * at NOON, its owner, a project with its first key and one more, and the
 * provider's POST /logs of a batch (which must be taken: 202); the owner's readings of the
 * project's log page; and a filter as the served API document shows it.
 */
import { expect } from 'vitest'
import { createTestServer, newProject, signUp, type SignedUp, type TestServer } from './harness'

export const NOON = Date.UTC(2026, 2, 10, 12)
export const HOUR = 3_600_000
export const SERVICE_TOKEN = 'a-long-random-service-token-for-request-log-filters'

export interface LogProject {
  s: TestServer
  owner: SignedUp
  projectId: string
  firstKey: string
  secondKey: string
  /** POSTs the entries as the provider does; answers the 202's body. */
  report(entries: unknown[]): Promise<{ accepted: number }>
  /**
   * Reports calls req_1, req_2, … a second apart from an hour before NOON, newest last: each a
   * GET of /v1/invoices answered 200 in 5 ms unless it says otherwise; every one must be taken.
   */
  reportCalls(calls: Array<Record<string, unknown> & { keyId: string }>): Promise<void>
  /** The owner's GET of the project's log page with this query (`?…`, or ''). */
  page(query: string): ReturnType<TestServer['request']>
  /** The request ids of that page, newest first. */
  ids(query: string): Promise<string[]>
  /** The request ids of every page of `query` (a filter with its `limit`, no `?`), each answered 200, `next` followed. */
  allPages(query: string): Promise<string[]>
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
  async function reportCalls(calls: Array<Record<string, unknown> & { keyId: string }>) {
    const base = { method: 'GET', route: '/v1/invoices', status: 200, durationMs: 5 }
    const entries = calls.map((call, i) => ({ ...base, requestId: `req_${i + 1}`, at: new Date(NOON - HOUR + i * 1000).toISOString(), ...call }))
    expect((await report(entries)).accepted).toBe(calls.length)
  }
  const page = (query: string) => s.request('GET', `/api/manage/dapp/${p.id}/logs${query}`, { token: owner.accessToken })
  const idsOf = (body: { entries: { requestId: string }[] }) => body.entries.map((e) => e.requestId)
  const ids = async (query: string) => idsOf((await page(query)).body)
  async function allPages(query: string) {
    const seen: string[] = []
    let before = ''
    for (let n = 0; n < 20; n++) {
      const answer = await page(`?${query}${before}`)
      expect(answer.status).toBe(200)
      seen.push(...idsOf(answer.body))
      if (!answer.body.next) return seen
      before = `&before=${answer.body.next}`
    }
    throw new Error(`${query}: more than 20 pages`)
  }
  return { s, owner, projectId: p.id, firstKey: Object.keys(p.apiKey)[0], secondKey: Object.keys(made.body)[0], report, reportCalls, page, ids, allPages }
}

/**
 * A filter's refusal, as a caller and the served API document see it: each of `queries` (`?…`)
 * answered 400 with `refusal`, and the page operation's parameter `name` of `type` listed with
 * that refusal among its 400's examples.
 */
export async function expectFilterRefusal(
  logs: LogProject,
  name: string,
  type: 'string' | 'integer',
  queries: string[],
  refusal: { message: string; code: string },
) {
  for (const query of queries) {
    const answer = await logs.page(query)
    expect(answer.status, query).toBe(400)
    expect(answer.body).toEqual(refusal)
  }
  const page = (await logs.s.request('GET', '/api/openapi.json')).body.paths['/manage/dapp/{id}/logs'].get
  const parameter = (page.parameters as { name: string }[]).find((p) => p.name === name)
  const refusals = Object.values(page.responses['400'].content['application/json'].examples as Record<string, { value: unknown }>).map((e) => e.value)
  expect(parameter).toMatchObject({ in: 'query', required: false, schema: { type } })
  expect(refusals).toContainEqual(refusal)
}
