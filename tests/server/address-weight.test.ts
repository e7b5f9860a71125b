import { serve } from '@hono/node-server'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, onTestFinished } from 'vitest'
import { createTestServer, newProject, signUp, type TestServer } from './harness'

let s: TestServer | undefined
let server: Server | undefined
afterEach(async () => {
  if (server) await new Promise((resolve) => server!.close(resolve))
  server = undefined
  await s?.close()
  s = undefined
})

describe('a large answer counts as several calls against its address', () => {
  it('refuses the address sooner when each answer is large', async () => {
    s = await createTestServer({ config: { rateLimit: { perAddress: 100_000, perUser: 100_000, projectsPerUser: 1000 } } })
    const u = await signUp(s)
    // About 130 kB of list: two units beyond its own count.
    for (let i = 0; i < 60; i++) await newProject(s, u.accessToken, { name: `Big ${i}`, description: 'x'.repeat(2000) })
    await s.db.query('DELETE FROM rate_limits') // the seeding's counts
    // The user's own share is lifted: the seeding's calls may still reach its row (counts are written in batches).
    const measured = await createTestServer({ storage: s.storage, config: { trustProxy: true, rateLimit: { perAddress: 60, perUser: 100_000 } } })
    onTestFinished(() => measured.close())
    const url = await new Promise<string>((resolve) => {
      server = serve({ fetch: measured.app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => resolve(`http://127.0.0.1:${info.port}`)) as Server
    })
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${url}/api/manage/dapp/owner`, { headers: { Authorization: `Bearer ${u.accessToken}`, 'X-Forwarded-For': '198.51.100.9' } })
      await res.arrayBuffer()
      statuses.push(res.status)
      await new Promise((r) => setTimeout(r, 20)) // the charge is counted once the answer is out
    }
    // 10 in the window: counted one each, 3 or 4 lists fill it.
    expect(statuses.indexOf(429)).toBeGreaterThan(0)
    expect(statuses.indexOf(429)).toBeLessThanOrEqual(5)
  })
})
