/**
 * A webhook message sent while its project is being deleted (PostgreSQL, several connections): the project was
 * there when the message's statement looked, and gone by the time its reference was checked. The answer is the
 * one for a project that is not there (404), never a 500.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { holdOpen, waiting, waitingOn } from './blocked'
import { createTestServer, newProject, signUp, usePostgres, type SignedUp, type TestServer } from './harness'

const SERVICE_TOKEN = 'service-token-for-the-message-races'

let s: TestServer
let owner: SignedUp
beforeEach(async () => {
  s = await createTestServer({ config: { serviceToken: SERVICE_TOKEN, webhooks: { allowPrivateNetworks: true, eventTypes: [{ name: 'invoice.paid' }] } } })
  owner = await signUp(s)
})
afterEach(() => s.close())

/**
 * Sends a message into a project's deletion: its batch waits for an endpoint's deletion while the project's deletion
 * waits for the batch; once the endpoint is gone the batch fails its reference and its lone retry races the project's
 * deletion for the project's row. Answers whether the retry met the deletion ('met'), or was stored ahead of it
 * ('ahead', also right: the deletion then takes the message with the project), as PostgreSQL scheduled them.
 */
async function sendIntoDeletion(): Promise<'met' | 'ahead'> {
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
  let answered = false
  try {
    message = s.request('POST', '/api/webhooks/messages', {
      headers: { Authorization: `Bearer ${SERVICE_TOKEN}` },
      body: { projectId: project.id, eventType: 'invoice.paid', payload: {} },
    })
    const settled = () => void (answered = true)
    message.then(settled, settled)
    await waitingOn(s.db, [endpointGone, keyHeld], 1, endpointGone)
    deletion = s.request('DELETE', `/api/manage/dapp/${project.id}`, { token: owner.accessToken })
    await waitingOn(s.db, [endpointGone, keyHeld], 2)
    endpointGone.release()
    // Either the deletion took the project first, and waits for the key while the lone retry waits for it, or the
    // retry took the project first and was stored.
    await vi.waitFor(
      async () => {
        if (answered) return
        const now = await waiting(s.db, [keyHeld], keyHeld)
        expect(now).toEqual({ n: 2, direct: 1 })
      },
      { timeout: 10_000, interval: 20 },
    )
  } finally {
    endpointGone.release()
    keyHeld.release()
  }
  const ahead = answered
  const [sent, deleted] = await Promise.all([message, deletion])
  expect(deleted!.status, deleted!.text).toBe(204)
  if (ahead) {
    expect(sent!.status, sent!.text).toBe(202)
    return 'ahead'
  }
  expect(sent!.status, sent!.text).toBe(404)
  expect(sent!.body.code).toBe('PROJECT_NOT_FOUND')
  return 'met'
}

describe.runIf(usePostgres)('a webhook message sent while its project is deleted', () => {
  it('is answered 404 when its lone retry meets the deleted project, not 500', async () => {
    // The retry meets the deletion nearly always; on a machine short of CPU the retry can come first. Each try
    // checks its answer; the one the test is for must come within a few.
    for (let tries = 1; (await sendIntoDeletion()) === 'ahead'; tries++) expect(tries, 'the retry never met the deletion').toBeLessThan(5)
  })
})
