/**
 * The webhook-delivery bench's bare loop, in a process of its own (forked by
 * webhook-delivery.ts through ipc-child.ts): `producers` at once, each
 * signing a Standard Webhooks envelope with the standardwebhooks library and
 * POSTing it over keep-alive to the receiver, until `messages` have been
 * answered. What a sender that stores nothing and does nothing but sign and
 * send delivers on this machine; the bench divides its servers' rates by it.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import http from 'node:http'
import { Webhook } from 'standardwebhooks'

type Run = { url: string; messages: number; producers: number }

const signer = new Webhook(`whsec_${randomBytes(32).toString('base64')}`)

function post(agent: http.Agent, target: URL, i: number) {
  return new Promise<void>((resolve, reject) => {
    const id = `msg_${randomUUID()}`
    const at = new Date()
    const data = { invoiceId: `in_${i}`, amount: 1200 + i, currency: 'EUR', customer: { id: 'cus_1', email: 'ada@example.com' } }
    const body = JSON.stringify({ type: 'webhook.test', timestamp: at.toISOString(), data })
    const req = http.request(target, {
      method: 'POST',
      agent,
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signer.sign(id, at, body),
      },
    })
    req.on('response', (res) => {
      res.resume()
      res.on('end', resolve)
    })
    req.on('error', reject)
    req.end(body)
  })
}

async function run({ url, messages, producers }: Run) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: producers })
  const target = new URL(url)
  const started = performance.now()
  let next = 0
  await Promise.all(
    Array.from({ length: producers }, async () => {
      while (next < messages) await post(agent, target, next++)
    }),
  )
  const seconds = (performance.now() - started) / 1000
  agent.destroy()
  return { seconds }
}

process.on('message', (m: Run) => {
  run(m).then(
    (reply) => process.send!(reply),
    (err: Error) => process.send!({ error: err.message }),
  )
})
process.send!({ ready: true })
