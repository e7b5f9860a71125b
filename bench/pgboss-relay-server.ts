/**
 * The webhook-delivery bench's peer: a durable relay built on pg-boss, the
 * job queue a provider would otherwise reach for, on the same PostgreSQL
 * (DATABASE_URL). Node's own http server takes the provider's POST, stores a
 * job (pg-boss's send: committed before the 202, so it survives a crash) and
 * wakes its workers; WORKERS workers fetch up to BATCH jobs each, sign the
 * Standard Webhooks envelope with Node's HMAC and POST it to RELAY_TARGET
 * over keep-alive, at most WORKERS × BATCH at once (the reference server's
 * default concurrency). A batch with a failed delivery fails and pg-boss
 * retries it: at least once, as the reference server.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import PgBoss from 'pg-boss'

const QUEUE = 'webhooks'
const WORKERS = 4
const BATCH = 16
type Job = { id: string; eventType: string; payload: unknown; at: string }

const target = new URL(process.env.RELAY_TARGET!)
const agent = new http.Agent({ keepAlive: true, maxSockets: WORKERS * BATCH })
const key = randomBytes(32)

function deliver({ id, eventType, payload, at }: Job): Promise<void> {
  const body = JSON.stringify({ type: eventType, timestamp: at, data: payload })
  const timestamp = String(Math.floor(Date.parse(at) / 1000))
  const signature = `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`
  return new Promise((resolve, reject) => {
    const out = http.request(target, {
      method: 'POST',
      agent,
      timeout: 15_000,
      headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature },
    })
    out.on('response', (answer) => {
      answer.resume()
      answer.on('end', () => ((answer.statusCode ?? 500) < 300 ? resolve() : reject(new Error(`receiver answered ${answer.statusCode}`))))
    })
    out.on('timeout', () => out.destroy(new Error('timeout')))
    out.on('error', reject)
    out.end(body)
  })
}

const boss = new PgBoss({ connectionString: process.env.DATABASE_URL, max: WORKERS + 6 })
boss.on('error', (err) => console.error(`relay: ${err.message}`))
await boss.start()
await boss.createQueue(QUEUE)
const workers: string[] = []
for (let i = 0; i < WORKERS; i++) {
  workers.push(await boss.work<Job>(QUEUE, { batchSize: BATCH, pollingIntervalSeconds: 0.5 }, (jobs) => Promise.all(jobs.map((j) => deliver(j.data)))))
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    const { eventType, payload } = JSON.parse(Buffer.concat(chunks).toString()) as { eventType: string; payload: unknown }
    const id = `msg_${randomUUID()}`
    boss
      .send(QUEUE, { id, eventType, payload, at: new Date().toISOString() }, { retryLimit: 5, retryDelay: 1, retryBackoff: true })
      .then(() => {
        res.writeHead(202, { 'content-type': 'application/json' }).end(JSON.stringify({ id }))
        // A worker waiting out its polling interval fetches at once.
        for (const w of workers) boss.notifyWorker(w)
      })
      .catch((err: Error) => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: err.message })))
  })
})
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening at http://127.0.0.1:${(server.address() as AddressInfo).port}`)
})
process.on('SIGTERM', () => server.close(() => void boss.stop({ graceful: false }).finally(() => process.exit(0))))
