/** What an attempt records of a receiver's answer that is still coming when its time limit ends, or that is no HTTP answer at all. */
import type { ServerResponse } from 'node:http'
import { afterEach, expect, it } from 'vitest'
import { post } from '../../server/resources/webhooks/deliver'
import { startReceiver } from './webhook-receiver'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

it('a status that came within the time limit is the answer, its body cut where the limit found it: never "no answer"', async () => {
  const open: ServerResponse[] = []
  // 200 and the first part of the body at once; the rest never, while the attempt lasts.
  const receiver = await startReceiver((_req, _n, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' })
    res.write('received')
    open.push(res)
  })
  cleanups.push(async () => {
    for (const res of open) res.destroy()
    await receiver.close()
  })
  // The limit is long enough for the status to come on a loaded machine (at 200 ms it once did not): the test
  // lasts as long, since the body never ends.
  const outcome = await post(receiver.url, {}, '{}', { timeoutMs: 2000, allowPrivate: true })
  expect(outcome).toMatchObject({ status: 200, body: 'received' })
})

it('a 101 Switching Protocols is an answer like any other non-2xx: the attempt ends at once with it, never holding its slot', async () => {
  const sockets: Array<{ destroy(): void }> = []
  // The status line of a protocol switch, written on the connection itself; then nothing more.
  const receiver = await startReceiver((_req, _n, res) => {
    sockets.push(res.socket!)
    res.socket!.write('HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n')
  })
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy()
    await receiver.close()
  })
  // Before, the attempt never ended: not at its time limit, not when called off (a stop waited for it for ever).
  expect(await post(receiver.url, {}, '{}', { timeoutMs: 2000, allowPrivate: true })).toMatchObject({ status: 101 })
})

it('an attempt waiting for a connection (all of one origin’s are in use) still ends at its own time limit', async () => {
  const open: ServerResponse[] = []
  // Takes every request and never answers, while the attempts last.
  const receiver = await startReceiver((_req, _n, res) => void open.push(res))
  cleanups.push(async () => {
    for (const res of open) res.destroy()
    await receiver.close()
  })
  // Deliveries keep at most 64 connections to one origin: these hold them all, each until its own limit.
  const holding = Array.from({ length: 64 }, () => post(receiver.url, {}, '{}', { timeoutMs: 4000, allowPrivate: true }))
  await receiver.until((all) => all.length === 64)
  const waiting = post(receiver.url, {}, '{}', { timeoutMs: 300, allowPrivate: true })
  // Before, it ended only once a connection came free (when the others ended), long past its limit.
  const first = await Promise.race([waiting.then(() => 'waiting'), Promise.race(holding).then(() => 'holding')])
  expect(first).toBe('waiting')
  expect((await waiting).body).toBe('No answer within 0.3 s.')
  await Promise.all(holding)
})
