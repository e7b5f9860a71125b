import type { HttpBindings } from '@hono/node-server'
import type { Context } from 'hono'
import { isIPv6 } from 'node:net'

/**
 * The address rate limits count against. Behind a trusted proxy it is the
 * last X-Forwarded-For entry — the one our proxy appended; earlier entries are
 * whatever the client claimed. An IPv6 client is counted by its /64
 * (clientNetwork): one subscriber or host commonly holds a whole /64.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim()
    if (forwarded) return clientNetwork(forwarded)
  }
  // In-process requests (app.request) have no socket.
  const socket = (c.env as Partial<HttpBindings> | undefined)?.incoming?.socket
  return clientNetwork(socket?.remoteAddress ?? 'unknown')
}

// Some proxies write the client's port beside its address (`198.51.100.7:50123`, `[2001:db8::1]:50123`): each
// connection has a port of its own, and counted with it, every new connection was a new client to every limit.
// Some write an IPv6 one without the brackets (`2001:db8::1:50123`): a tail that makes no address of what is
// otherwise one is a port. One that still reads as an address (`2001:db8::1:5012`) cannot be told from one,
// and is taken as one; such a proxy is better set to write brackets (docs/production.md).
const withoutPort = (address: string) =>
  /^\[([^\]]+)\](?::\d+)?$/.exec(address)?.[1] ?? /^(\d+(?:\.\d+){3}):\d+$/.exec(address)?.[1] ?? unbracketed(address) ?? address

const unbracketed = (address: string) => {
  const head = isIPv6(address) ? undefined : /^(.+):\d+$/.exec(address)?.[1]
  return head && isIPv6(head) ? head : undefined
}

/**
 * An IPv6 address as its /64 (`2001:db8:0:1::/64`), an IPv4-mapped one as
 * the IPv4 address, either without a port written beside it; anything else as it is.
 */
export function clientNetwork(written: string): string {
  const address = withoutPort(written)
  const ip = address.replace(/%.*$/, '') // a zone id names a local interface, not a client
  if (!isIPv6(ip)) return address
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped) return mapped[1]
  const [head, tail] = ip.split('::')
  const groups = (part: string | undefined) => (part ? part.split(':') : [])
  // The first four groups are all the /64 needs; an embedded IPv4 tail lies past them.
  const front = groups(head)
  const back = tail === undefined ? [] : groups(tail)
  const full = tail === undefined ? front : [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back]
  return `${full
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`
}

/**
 * The /48 an IPv6 network (clientNetwork's `…::/64`) lies in, or undefined for
 * anything else. A /48 is what one customer or tunnel is commonly given: its
 * 65,536 /64s are one person's, so a budget that a /64 would multiply is
 * also counted per /48.
 */
export function clientSite(network: string): string | undefined {
  const m = /^([0-9a-f]{1,4}:[0-9a-f]{1,4}:[0-9a-f]{1,4}):[0-9a-f]{1,4}::\/64$/.exec(network)
  return m ? `${m[1]}::/48` : undefined
}
