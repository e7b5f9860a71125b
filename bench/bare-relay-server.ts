/**
 * The ceiling of the webhook-delivery benchmark: a relay with no database and
 * no framework. Node's own http server takes the provider's POST, answers 202,
 * then signs the Standard Webhooks envelope with Node's HMAC and POSTs it to
 * RELAY_TARGET over keep-alive. Nothing is stored, so nothing survives a
 * crash: it shows what any server in its place, on this machine, beside the
 * same producers and receiver, could deliver at most.
 *
 * Without RELAY_TARGET it answers 202 and sends nothing on: the bare handler
 * of the producers' yardstick, which shows whether the bench's load client,
 * not the server, is what holds the producers back.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

const target = process.env.RELAY_TARGET ? new URL(process.env.RELAY_TARGET) : undefined
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
const key = randomBytes(32)

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    const { eventType, payload } = JSON.parse(Buffer.concat(chunks).toString()) as { eventType: string; payload: unknown }
    const id = `msg_${randomUUID()}`
    const at = new Date()
    res.writeHead(202, { 'content-type': 'application/json' }).end(JSON.stringify({ id }))
    if (!target) return
    const body = JSON.stringify({ type: eventType, timestamp: at.toISOString(), data: payload })
    const timestamp = String(Math.floor(at.getTime() / 1000))
    const signature = `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`
    const out = http.request(target, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature },
    })
    out.on('response', (answer) => answer.resume())
    out.on('error', (err) => console.error(`relay: ${err.message}`))
    out.end(body)
  })
})
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening at http://127.0.0.1:${(server.address() as AddressInfo).port}`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
