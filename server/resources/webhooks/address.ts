import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'

/**
 * The address rule of endpoint URLs, checked when an endpoint is added or
 * edited so the owner hears at once what is wrong. Deliveries check again when
 * they connect (request-filtering-agent, deliver.ts), since a name may resolve
 * elsewhere by then (DNS rebinding).
 *
 * The host is taken from the WHATWG URL parser, which already turns every
 * spelling of an IPv4 address (decimal 2130706433, octal 0177.0.0.1, hex
 * 0x7f.1, short 127.1) into dotted form and IPv6 into its compressed form;
 * IPv6 addresses that carry an IPv4 address inside are judged by that one.
 */

type Range = [bytes: number[], prefix: number]

const v4 = (text: string, prefix: number): Range => [text.split('.').map(Number), prefix]

// Everything that is not an ordinary public unicast address.
const PRIVATE_V4: Range[] = [
  v4('0.0.0.0', 8), // "this network", including the unspecified 0.0.0.0
  v4('10.0.0.0', 8),
  v4('100.64.0.0', 10), // CGNAT (and Alibaba's metadata at 100.100.100.200)
  v4('127.0.0.0', 8),
  v4('169.254.0.0', 16), // link-local, and the cloud metadata address 169.254.169.254
  v4('172.16.0.0', 12),
  v4('192.0.0.0', 24), // IETF protocol assignments (Oracle's metadata 192.0.0.192)
  v4('192.0.2.0', 24),
  v4('192.88.99.0', 24),
  v4('192.168.0.0', 16),
  v4('198.18.0.0', 15),
  v4('198.51.100.0', 24),
  v4('203.0.113.0', 24),
  v4('224.0.0.0', 4), // multicast
  v4('240.0.0.0', 4), // reserved, and the broadcast address
]

const PRIVATE_V6: Range[] = [
  [[], 128], // :: unspecified (all zero, compared over 128 bits)
  [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], 128], // ::1 loopback
  [[0x01, 0x00], 64], // 100::/64 discard
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0xfc], 7], // unique-local (AWS's metadata fd00:ec2::254 is one)
  [[0xfe, 0x80], 10], // link-local
  [[0xfe, 0xc0], 10], // site-local (deprecated)
  [[0xff], 8], // multicast
]

function inRange(address: number[], [net, prefix]: Range): boolean {
  for (let bit = 0; bit < prefix; bit++) {
    const byte = bit >> 3
    const mask = 0x80 >> (bit & 7)
    if ((address[byte] & mask) !== ((net[byte] ?? 0) & mask)) return false
  }
  return true
}

/** The 16 bytes of an IPv6 address (no zone), or undefined. */
function ipv6Bytes(text: string): number[] | undefined {
  let head = text
  let tail: number[] = []
  const dotted = /:(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    if (isIP(dotted[1]) !== 4) return undefined
    head = text.slice(0, dotted.index + 1) + '0:0'
    tail = dotted[1].split('.').map(Number)
  }
  const halves = head.split('::')
  if (halves.length > 2) return undefined
  const groups = (part: string) => (part ? part.split(':') : [])
  const left = groups(halves[0])
  const right = halves.length === 2 ? groups(halves[1]) : []
  const missing = 8 - left.length - right.length
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return undefined
  const all = [...left, ...Array<string>(missing).fill('0'), ...right]
  if (!all.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return undefined
  const bytes = all.flatMap((g) => [parseInt(g, 16) >> 8, parseInt(g, 16) & 0xff])
  if (tail.length) bytes.splice(12, 4, ...tail)
  return bytes
}

/** The IPv4 address inside an IPv6 one that carries it (mapped, compatible, NAT64, 6to4, SIIT), if any. */
function embeddedIpv4(b: number[]): number[] | undefined {
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0)
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return b.slice(12) // ::ffff:a.b.c.d
  if (zeros(0, 8) && b[8] === 0xff && b[9] === 0xff && zeros(10, 12)) return b.slice(12) // ::ffff:0:a.b.c.d
  if (zeros(0, 12) && !zeros(12, 16)) return b.slice(12) // ::a.b.c.d (and ::1, judged as 0.0.0.1: refused either way)
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b) return b.slice(12) // 64:ff9b::/96
  if (b[0] === 0x20 && b[1] === 0x02) return b.slice(2, 6) // 2002::/16
  return undefined
}

/** Whether `ip` (IPv4 or IPv6 text, as the URL parser or DNS gives it) is anything but a public unicast address. */
export function isPrivateAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '')
  const kind = isIP(bare)
  if (kind === 4) return PRIVATE_V4.some((r) => inRange(bare.split('.').map(Number), r))
  if (kind === 6 || bare.includes(':')) {
    const bytes = ipv6Bytes(bare.replace(/%.*$/, ''))
    if (!bytes) return true
    const inner = embeddedIpv4(bytes)
    if (inner) return PRIVATE_V4.some((r) => inRange(inner, r)) || PRIVATE_V6.some((r) => inRange(bytes, r))
    return PRIVATE_V6.some((r) => inRange(bytes, r))
  }
  return true
}

// Names that mean this machine or a private network whatever DNS says.
const PRIVATE_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i

export interface UrlCheck {
  /** The URL as stored: parsed and written back by the URL parser. */
  url?: string
  /** Why it is refused, fit to show the owner. */
  error?: string
}

const PRIVATE_REFUSED =
  'Endpoint URL must be on a public address: loopback, private, link-local, carrier-grade NAT, multicast and cloud metadata addresses are refused.'

/**
 * Checks an endpoint URL: http(s), no user name or password, and (unless
 * private networks are allowed) a host that is, or resolves only to, public
 * addresses. A name that does not resolve now is accepted: the check at
 * connect time still applies.
 */
export async function checkEndpointUrl(text: string, allowPrivate: boolean, resolve = resolveAll): Promise<UrlCheck> {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return { error: 'Endpoint URL must be a full URL, such as https://example.com/webhooks.' }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: 'Endpoint URL must start with https:// or http://.' }
  if (url.username || url.password) return { error: 'Endpoint URL must not contain a user name or password.' }
  if (!url.hostname) return { error: 'Endpoint URL must name a host.' }
  if (allowPrivate) return { url: url.href }
  const host = url.hostname.replace(/\.$/, '')
  if (host.startsWith('[') || isIP(host)) return isPrivateAddress(host) ? { error: PRIVATE_REFUSED } : { url: url.href }
  if (PRIVATE_NAME.test(host) || !host.includes('.')) return { error: PRIVATE_REFUSED }
  const addresses = await resolve(host)
  if (addresses.some(isPrivateAddress)) return { error: `Endpoint URL's host ${host} resolves to a private address. ${PRIVATE_REFUSED}` }
  return { url: url.href }
}

/** Every address of `host`; none when it does not resolve (within 3 s). */
async function resolveAll(host: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<string[]>((resolve) => {
    timer = setTimeout(() => resolve([]), 3000)
  })
  try {
    return await Promise.race([lookup(host, { all: true, verbatim: true }).then((list) => list.map((a) => a.address)), timeout])
  } catch {
    return []
  } finally {
    clearTimeout(timer)
  }
}
