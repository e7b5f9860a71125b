/** The connections deliveries keep open between attempts, shared by every project's endpoints. */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { post } from '../../server/resources/webhooks/deliver'

const servers: Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

/** A receiver on a port of its own (an origin of its own) that answers 200 at once, keeping the connection. */
async function receiver(): Promise<string> {
  const server = createServer((req, res) => req.resume().on('end', () => res.end('ok')))
  // It keeps an idle connection longer than the agent does (Node's server closes one after 5 s).
  server.keepAliveTimeout = 60_000
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
}

it('with 1,024 idle connections to other origins, a delivery to a new origin still connects: the one idle longest is closed for it', async () => {
  // 1,024 receivers, each answered once: their connections stay open, idle, for the next delivery (30 s).
  const others = await Promise.all(Array.from({ length: 1024 }, receiver))
  const answers = await Promise.all(others.map((url) => post(url, {}, '{}', { timeoutMs: 10_000, allowPrivate: true })))
  expect(answers.filter((a) => a.status === 200)).toHaveLength(1024)
  // Before, it waited for one of those to close after its 30 s idle, and failed unanswered at its time limit.
  const outcome = await post(await receiver(), {}, '{}', { timeoutMs: 3000, allowPrivate: true })
  expect(outcome).toMatchObject({ status: 200, body: 'ok' })
}, 60_000)
