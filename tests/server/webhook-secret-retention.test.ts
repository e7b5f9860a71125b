/** A rolled-away webhook signing secret: kept, to sign beside the new one, for its grace alone; then deleted by the retention schedule. */
import { afterEach, expect, it } from 'vitest'
import { createTestServer, newProject, signUp, type TestServer } from './harness'

const NOON = Date.UTC(2026, 2, 10, 12)
const HOUR = 3_600_000
let s: TestServer | undefined
afterEach(() => s?.close())

it('is kept through its grace and deleted at the first retention run after it', async () => {
  let now = NOON
  s = await createTestServer({ clock: () => now })
  const owner = await signUp(s)
  const project = await newProject(s, owner.accessToken)
  const rolled = await s.request('POST', `/api/manage/dapp/${project.id}/webhooks/secret/roll`, { token: owner.accessToken, body: { graceSeconds: 3600 } })
  expect(rolled.status).toBe(201)
  const stored = async () =>
    (await s!.db.query<{ previous_enc: string | null }>('SELECT previous_enc FROM webhook_secrets WHERE project_id = $1', [project.id]))[0].previous_enc
  now = NOON + HOUR / 2
  await s.app.retention.tick()
  expect(await stored()).not.toBeNull()
  now = NOON + 2 * HOUR
  await s.app.retention.tick()
  expect(await stored()).toBeNull()
})
