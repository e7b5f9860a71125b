/**
 * The webhook-delivery bench's receiver, in a process of its own (forked by
 * webhook-delivery.ts through ipc-child.ts): it answers every POST 204 at
 * once and keeps when each webhook-id first arrived, so that deliveries are
 * counted without sharing the bench's event loop. The bench asks it:
 * - `{ arrival: id }`: when that id arrived (waiting for it if need be);
 * - `{ mark: true }`: start counting again from here;
 * - `{ count: n }`: when the n-th new id since the mark arrived.
 * Times are clock() readings, comparable with the bench's.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { clock } from './ipc-child'

const arrivals = new Map<string, number>()
const waiting = new Map<string, () => void>()
let counted: number[] = []
let onCount: (() => void) | undefined
let target = Infinity

const server = http.createServer((req, res) => {
  req.resume()
  req.on('end', () => {
    const at = clock()
    res.writeHead(204).end()
    const id = String(req.headers['webhook-id'])
    if (arrivals.has(id)) return
    arrivals.set(id, at)
    counted.push(at)
    waiting.get(id)?.()
    waiting.delete(id)
    if (counted.length >= target) onCount?.()
  })
})

type Request = { arrival?: string; mark?: true; count?: number }

process.on('message', (m: Request) => {
  if (m.arrival !== undefined) {
    const id = m.arrival
    const reply = () => process.send!({ at: arrivals.get(id) })
    if (arrivals.has(id)) reply()
    else waiting.set(id, reply)
  } else if (m.mark) {
    counted = []
    process.send!({ ok: true })
  } else if (m.count !== undefined) {
    const n = m.count
    const reply = () => {
      target = Infinity
      onCount = undefined
      process.send!({ at: counted[n - 1] })
    }
    if (counted.length >= n) reply()
    else [target, onCount] = [n, reply]
  }
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
server.listen(0, '127.0.0.1', () => process.send!({ ready: true, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` }))
