/** The webhook benches' own requests: JSON POSTs to set a server up, and one message at a time over a keep-alive agent. */
import http from 'node:http'

export async function json(url: string, body: unknown, headers: Record<string, string> = {}) {
  const init = { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }
  const res = await fetch(url, init)
  const data = (await res.json()) as Record<string, string>
  if (res.status >= 300) throw new Error(`${url}: ${res.status} ${JSON.stringify(data)}`)
  return data
}

/** One message, over a keep-alive agent: the latency runs send one at a time, from the bench's process. */
export function postJson(agent: http.Agent, url: string, body: unknown, headers: Record<string, string>): Promise<Record<string, string>> {
  const once = () =>
    new Promise<Record<string, string>>((resolve, reject) => {
      const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } })
      req.on('response', (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const data = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, string>
          if ((res.statusCode ?? 500) >= 300) reject(new Error(`${url}: ${res.statusCode} ${JSON.stringify(data)}`))
          else resolve(data)
        })
      })
      req.on('error', reject)
      req.end(JSON.stringify(body))
    })
  // A keep-alive connection the server closed as idle can fail a request as it is sent; the
  // messages carry an idempotency key, so sending one again cannot deliver it twice.
  return once().catch((err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' ? once() : Promise.reject(err)))
}
