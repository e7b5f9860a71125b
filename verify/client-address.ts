/** Something with the socket a request came in on (Node's IncomingMessage, Express's Request). */
export interface AddressSource {
  socket?: { remoteAddress?: string | undefined } | undefined
}

// An IPv4 client on a dual-stack socket reads ::ffff:a.b.c.d; proxies and allowlists write a.b.c.d.
const plain = (address: string) => address.trim().replace(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i, '$1')

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/

/** IPv6 text as its eight 16-bit groups (an IPv4 tail as two), or undefined for anything else. */
function groupsOf(address: string): number[] | undefined {
  const [head, tail, extra] = address.split('::')
  if (extra !== undefined) return undefined
  const parts = (text: string) => (text ? text.split(':') : [])
  const [front, back] = [parts(head), tail === undefined ? [] : parts(tail)]
  const last = tail === undefined ? front : back
  const octets = IPV4.exec(last.at(-1) ?? '')
  const v4 = octets?.slice(1).map(Number)
  if (v4 && v4.every((n) => n < 256)) last.splice(-1, 1, ((v4[0] << 8) | v4[1]).toString(16), ((v4[2] << 8) | v4[3]).toString(16))
  const gap = 8 - front.length - back.length
  // `::` stands for one group of zeros or more; without it there are eight.
  if (tail === undefined ? gap !== 0 : gap < 1) return undefined
  const all = [...front, ...Array<string>(tail === undefined ? 0 : gap).fill('0'), ...back]
  return all.every((g) => /^[0-9a-f]{1,4}$/i.test(g)) ? all.map((g) => parseInt(g, 16)) : undefined
}

// Four numbers to 255, none with a leading zero: Node's reading, which the portal refuses a request log's ip by.
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)'
const STRICT_IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`)

/** Whether the portal takes `text` as an address (IPv4 or IPv6, no zone, as Node's net.isIP reads one). */
export function isAddress(text: string): boolean {
  if (STRICT_IPV4.test(text)) return true
  const last = text.slice(text.lastIndexOf(':') + 1)
  return (!last.includes('.') || STRICT_IPV4.test(last)) && groupsOf(text) !== undefined
}

/**
 * One spelling of an address, so that a proxy is known however it is written
 * (`2001:DB8::5`, `2001:db8:0:0:0:0:0:5`, `::ffff:10.0.0.1`): IPv6 as its
 * groups in lower case without leading zeros, an IPv4-mapped one as the IPv4
 * address; anything else as it is.
 */
function spelling(text: string): string {
  const address = plain(text)
  const g = address.includes(':') ? groupsOf(address) : undefined
  if (!g) return address
  const mapped = g.slice(0, 5).every((n) => n === 0) && g[5] === 0xffff
  return mapped ? [g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255].join('.') : g.map((n) => n.toString(16)).join(':')
}

/**
 * The client's address: the socket's peer, unless that peer is one of
 * `trustedProxies`; then X-Forwarded-For is read from the right (each proxy
 * appends the address it saw), skipping the trusted ones, and the first
 * address no trusted proxy owns is the client's. A client can write anything
 * into the header, so nothing in it is believed past the last trusted hop.
 */
export function clientAddress(socket: string | undefined, forwardedFor: string | undefined, trustedProxies: readonly string[] = []): string | undefined {
  if (socket === undefined) return undefined
  let address = plain(socket)
  if (trustedProxies.length === 0 || !forwardedFor) return address
  const trusted = new Set(trustedProxies.map(spelling))
  const hops = forwardedFor.split(',')
  while (trusted.has(spelling(address)) && hops.length > 0) address = plain(hops.pop()!)
  return address
}
