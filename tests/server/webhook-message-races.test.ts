/**
 * A webhook message sent while its project is being deleted (PostgreSQL, several connections): the project was
 * there when the message's statement looked, and gone by the time its reference was checked. The answer is the
 * one for a project that is not there (404), never a 500.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { holdOpen, type Held } from './blocked'
import { createTestServer, newProject, signUp, usePostgres, type SignedUp, type TestServer } from './harness'

const SERVICE_TOKEN = 'service-token-for-the-message-races'

let s: TestServer
let owner: SignedUp
beforeEach(async () => {
  s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN, webhooks: { allowPrivateNetworks: true, eventTypes: [{ name: 'invoice.paid' }] } } })
  owner = await signUp(s)
})
afterEach(() => s.close())

/** Waits until `n` connections wait for a lock, `by` (when given) holding one of those locks. */
const blocked = (n: number, by?: Held) =>
  vi.waitFor(
    async () => {
      const [row] = await s.db.query<{ n: number; by: number }>(
        'SELECT count(*)::int AS n, count(*) FILTER (WHERE $1 = ANY(pg_blocking_pids(pid)))::int AS by FROM pg_stat_activity WHERE cardinality(pg_blocking_pids(pid)) > 0',
        [by?.pid ?? 0],
      )
      expect(row.n).toBe(n)
      if (by) expect(row.by).toBe(1)
    },
    { timeout: 10_000, interval: 20 },
  )

describe.runIf(usePostgres)('a webhook message sent while its project is deleted', () => {
  it('is answered 404 when its lone retry meets the deleted project, not 500', async () => {
    const project = await newProject(s, owner.accessToken)
    const endpoint = await s.request('POST', `/api/manage/dapp/${project.id}/webhooks`, { token: owner.accessToken, body: { url: 'http://127.0.0.1:9/hook' } })
    expect(endpoint.status, endpoint.text).toBe(201)
    const [key] = await s.db.query<{ id: string }>('SELECT id FROM api_keys WHERE project_id = $1', [project.id])
    // The endpoint's deletion, held: the message's batch waits for it, then fails its reference and is retried alone.
    const endpointGone = await holdOpen(s.db, async (tx) => void (await tx.query('DELETE FROM webhook_endpoints WHERE id = $1', [endpoint.body.id])))
    // A key of the project, held: the project's deletion waits for it while it holds the project.
    const keyHeld = await holdOpen(s.db, async (tx) => void (await tx.query('SELECT 1 FROM api_keys WHERE id = $1 FOR UPDATE', [key.id])))
    let message: ReturnType<typeof s.request> | undefined
    let deletion: ReturnType<typeof s.request> | undefined
    try {
      message = s.request('POST', '/api/webhooks/messages', {
        headers: { Authorization: `Bearer ${SERVICE_TOKEN}` },
        body: { projectId: project.id, eventType: 'invoice.paid', payload: {} },
      })
      await blocked(1, endpointGone)
      deletion = s.request('DELETE', `/api/manage/dapp/${project.id}`, { token: owner.accessToken })
      await blocked(2)
      endpointGone.release()
      // The deletion now holds the project and waits for the key; the lone retry waits for the deletion.
      await blocked(2, keyHeld)
    } finally {
      endpointGone.release()
      keyHeld.release()
    }
    const [sent, deleted] = await Promise.all([message, deletion])
    expect(deleted!.status, deleted!.text).toBe(204)
    expect(sent!.status, sent!.text).toBe(404)
    expect(sent!.body.code).toBe('PROJECT_NOT_FOUND')
  })
})
