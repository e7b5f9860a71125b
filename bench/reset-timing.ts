/**
 * `npx tsx bench/reset-timing.ts`: the answer time of a password reset with a
 * wrong code, for an address with an account (and a code waiting) and for
 * one without, interleaved, against a server listening on loopback (PGlite,
 * or PostgreSQL with DATABASE_URL, an empty database of its own). Each sample uses an e-mail address
 * and a client address (X-Forwarded-For) of its own, so every one is judged (a 400), none is past a
 * budget of wrong codes.
 * Prints the medians; the goal is that they differ by less than 1 ms.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer } from '../server/start'
import { postgresDatabase } from './verify-load'

const SAMPLES = Number(process.env.SAMPLES ?? 80)
const WARM_UP = 10

const dir = await mkdtemp(join(tmpdir(), 'flex-reset-timing-'))
const database = process.env.DATABASE_URL ? await postgresDatabase(process.env.DATABASE_URL) : undefined
const high = 1_000_000
const server = await startServer({
  port: 0,
  dataDir: join(dir, 'data'),
  databaseUrl: database?.url,
  log: () => {},
  trustProxy: true,
  mail: { smtpUrl: undefined, folder: join(dir, 'mail') },
  rateLimit: { perIp: high, perEmail: high, failuresPerIp: high, devicesPerIp: high, perAddress: high, perUser: high },
})

let clients = 0
async function call(path: string, body: object, token?: string) {
  const client = ++clients
  const res = await fetch(`${server.url}api${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': `10.${client >> 16}.${(client >> 8) & 255}.${client & 255}`,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Record<string, string> }
}

const device = (await call('/device', { deviceType: 'WEB', deviceUDID: 'web-reset-timing' })).body.accessToken
const run = `${process.pid}-${Date.now()}`
const known: string[] = []
for (let i = 0; i < SAMPLES + WARM_UP; i++) {
  const email = `known-${run}-${i}@example.com`
  const signUp = await call('/register', { name: 'Timing', email, password: 'correct horse battery' }, device)
  if (signUp.status !== 200) throw new Error(`register: ${signUp.status} ${JSON.stringify(signUp.body)}`)
  await call('/auth/password/forgot', { email }, device)
  known.push(email)
}
// The codes are issued after the 202s: let the last ones land.
await new Promise((r) => setTimeout(r, 500))

const times = { known: [] as number[], unknown: [] as number[] }
for (let i = 0; i < SAMPLES + WARM_UP; i++) {
  const pairs: Array<['known' | 'unknown', string]> = [
    ['known', known[i]],
    ['unknown', `nobody-${run}-${i}@example.com`],
  ]
  // Alternate which goes first, so neither always follows the other.
  if (i % 2 === 1) pairs.reverse()
  for (const [kind, email] of pairs) {
    const started = performance.now()
    const res = await call('/auth/password/reset', { email, code: '0000000000', password: 'a brand new passphrase' }, device)
    const ms = performance.now() - started
    if (res.status !== 400) throw new Error(`reset (${kind}): ${res.status} ${JSON.stringify(res.body)}`)
    if (i >= WARM_UP) times[kind].push(ms)
  }
}

const median = (xs: number[]) => {
  const s = xs.toSorted((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
const k = median(times.known)
const u = median(times.unknown)
const above = times.known.filter((t) => t > u).length
console.log(
  `reset with a wrong code on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${SAMPLES} interleaved samples each: ` +
    `existing account median ${k.toFixed(2)} ms, unknown address ${u.toFixed(2)} ms, difference ${(k - u).toFixed(2)} ms; ` +
    `${Math.round((100 * above) / SAMPLES)}% of the existing account's samples above the unknown median`,
)
await server.close()
await database?.drop()
await rm(dir, { recursive: true, force: true })
