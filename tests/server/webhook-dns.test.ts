/**
 * Webhook hosts are looked up by DNS on c-ares's own sockets when only public
 * addresses may be reached (server/resources/webhooks/address.ts): a name
 * server that never answers must hold none of the threads that hash
 * passwords. A name server of the test's own, on loopback, answers as told.
 */
import { scrypt } from 'node:crypto'
import { createSocket, type Socket } from 'node:dgram'
import type { AddressInfo } from 'node:net'
import ipaddr from 'ipaddr.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkEndpointUrl, publicOnlyLookup, webhookResolver } from '../../server/resources/webhooks/address'
import { post } from '../../server/resources/webhooks/deliver'

type Records = Record<string, { A?: string[]; AAAA?: string[]; silent?: true }>

/** A name server on loopback (UDP): answers each name's records, NXDOMAIN for a name it does not know, nothing for a silent one. */
function nameServer(records: Records): { socket: Socket; asked: () => number } {
  let asked = 0
  const socket = createSocket('udp4')
  socket.on('message', (query, from) => {
    let at = 12
    const labels: string[] = []
    while (query[at] !== 0) {
      labels.push(query.subarray(at + 1, at + 1 + query[at]).toString())
      at += query[at] + 1
    }
    const type = query.readUInt16BE(at + 1)
    const question = query.subarray(12, at + 5)
    const record = records[labels.join('.').toLowerCase()]
    asked++
    if (record?.silent) return
    const addresses = (type === 1 ? record?.A : type === 28 ? record?.AAAA : undefined) ?? []
    const header = Buffer.alloc(12)
    header.writeUInt16BE(query.readUInt16BE(0), 0)
    header.writeUInt16BE(0x8180 | (record ? 0 : 3), 2) // an answer, recursion available; rcode 3 is NXDOMAIN
    header.writeUInt16BE(1, 4)
    header.writeUInt16BE(addresses.length, 6)
    const answers = addresses.map((address) => {
      const data = Buffer.from(ipaddr.parse(address).toByteArray())
      const rr = Buffer.alloc(12)
      rr.writeUInt16BE(0xc00c, 0) // the question's name
      rr.writeUInt16BE(type, 2)
      rr.writeUInt16BE(1, 4)
      rr.writeUInt32BE(60, 6)
      rr.writeUInt16BE(data.length, 10)
      return Buffer.concat([rr, data])
    })
    socket.send(Buffer.concat([header, question, ...answers]), from.port, from.address)
  })
  return { socket, asked: () => asked }
}

const lookup = (host: string, options: { all?: boolean; family?: number } = {}) =>
  new Promise<unknown>((resolve, reject) =>
    publicOnlyLookup(host, { all: false, ...options } as never, (err: Error | null, address: unknown, family?: number) =>
      err ? reject(err) : resolve(options.all ? address : { address, family }),
    ),
  )

let server: ReturnType<typeof nameServer>
const systemServers = webhookResolver.getServers()
beforeAll(async () => {
  server = nameServer({
    'hooks.example': { A: ['93.184.216.34'], AAAA: ['2606:2800:220:1:248:1893:25c8:1946'] },
    'v6only.example': { AAAA: ['2606:4700:4700::1111'] },
    'rebind.example': { A: ['93.184.216.34', '10.1.2.3'] },
    'mapped.example': { AAAA: ['::ffff:127.0.0.1'] },
    'blackhole.example': { silent: true },
  })
  await new Promise<void>((resolve) => server.socket.bind(0, '127.0.0.1', resolve))
  webhookResolver.setServers([`127.0.0.1:${(server.socket.address() as AddressInfo).port}`])
})
afterAll(async () => {
  webhookResolver.cancel()
  webhookResolver.setServers(systemServers)
  await new Promise<void>((resolve) => server.socket.close(resolve))
})

describe('webhook hosts, looked up by DNS when only public addresses may be reached', () => {
  it('give every public address, IPv4 first, or only the family the connection asks for', async () => {
    expect(await lookup('hooks.example', { all: true })).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
    ])
    expect(await lookup('hooks.example')).toEqual({ address: '93.184.216.34', family: 4 })
    expect(await lookup('hooks.example', { family: 6 })).toEqual({ address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 })
    expect(await lookup('v6only.example')).toEqual({ address: '2606:4700:4700::1111', family: 6 })
  })

  it('refuse a name with any private address among its answers, and say a name that has none does not resolve', async () => {
    for (const host of ['rebind.example', 'mapped.example']) await expect(lookup(host)).rejects.toThrow(`${host} is not allowed: it is not a public address.`)
    await expect(lookup('nowhere.example')).rejects.toMatchObject({ code: 'ENOTFOUND' })
    await expect(lookup('v6only.example', { family: 4 })).rejects.toMatchObject({ code: 'ENOTFOUND' })
    expect(await checkEndpointUrl('https://rebind.example/hook', false)).toMatchObject({ error: { code: 'ENDPOINT_URL_PRIVATE_HOST' } })
    expect(await checkEndpointUrl('https://hooks.example/hook', false)).toEqual({ url: 'https://hooks.example/hook' })
    // A delivery's attempt says so in the owner's words, and never which private address the name had.
    const attempt = await post('https://rebind.example/hook', {}, '{}', { timeoutMs: 5000 })
    expect(attempt.body).toBe('Refused: rebind.example is not allowed: it is not a public address.')
    expect((await post('https://nowhere.example/hook', {}, '{}', { timeoutMs: 5000 })).body).toBe('The host name does not resolve.')
  })

  it('hold no thread while a name server never answers: passwords are hashed meanwhile, and the lookups give up as unresolved', async () => {
    // More lookups than libuv has threads (four): with getaddrinfo they would all be taken until the name server gave up.
    const askedBefore = server.asked()
    const stuck = Array.from({ length: 8 }, () =>
      lookup('blackhole.example').then(
        () => 'resolved',
        (err: NodeJS.ErrnoException) => err.code,
      ),
    )
    const attempt = post('https://blackhole.example/hook', {}, '{}', { timeoutMs: 20_000 })
    await expect.poll(() => server.asked() - askedBefore).toBeGreaterThanOrEqual(9)
    let settled = 0
    for (const s of stuck) void s.then(() => settled++)
    const hashes = await Promise.all(
      Array.from(
        { length: 4 },
        () => new Promise<Buffer>((resolve, reject) => scrypt('password', 'salt', 32, { N: 1024 }, (e, k) => (e ? reject(e) : resolve(k)))),
      ),
    )
    expect(hashes).toHaveLength(4)
    expect(settled).toBe(0)
    expect(new Set(await Promise.all(stuck))).toEqual(new Set(['EAI_AGAIN']))
    expect((await attempt).body).toBe('The host name could not be resolved.')
  })
})
