import { BlockList, isIP } from 'node:net'

/**
 * IP addresses and CIDR ranges of a key's allowlist, with Node's own parser
 * and matcher (net.isIP, net.BlockList): no dependency, and no hand-written
 * address arithmetic to get wrong.
 */

type Family = 'ipv4' | 'ipv6'
const family = (address: string): Family | undefined => ({ 4: 'ipv4', 6: 'ipv6' })[isIP(address)] as Family | undefined

// An IPv4 client seen on a dual-stack socket arrives as ::ffff:a.b.c.d; an allowlist says a.b.c.d.
const MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i

/** `address` as the allowlist compares it (an IPv4-mapped IPv6 address as its IPv4 one), or undefined when it is no IP address. */
export function clientAddress(address: string): { address: string; family: Family } | undefined {
  const mapped = MAPPED.exec(address)
  const plain = mapped ? mapped[1] : address
  const f = family(plain)
  return f && { address: plain, family: f }
}

/** An entry as stored: the address, or the range written `address/bits`; undefined when it is neither. */
export function parseIpRange(text: string): { address: string; bits?: number; family: Family } | undefined {
  const slash = text.indexOf('/')
  const address = slash < 0 ? text : text.slice(0, slash)
  const f = family(address)
  if (!f) return undefined
  if (slash < 0) return { address, family: f }
  const bits = text.slice(slash + 1)
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > (f === 'ipv4' ? 32 : 128)) return undefined
  return { address, bits: Number(bits), family: f }
}

/** Whether an address lies in any entry of an allowlist; made once per key, asked on each verification. */
export type IpMatcher = (address: { address: string; family: Family }) => boolean

/** The matcher of `entries` (each already accepted by parseIpRange). */
export function ipMatcher(entries: readonly string[]): IpMatcher {
  const list = new BlockList()
  for (const entry of entries) {
    const range = parseIpRange(entry)
    if (!range) continue
    if (range.bits === undefined) list.addAddress(range.address, range.family)
    else list.addSubnet(range.address, range.bits, range.family)
  }
  return ({ address, family }) => list.check(address, family)
}
