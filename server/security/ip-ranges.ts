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

type Address = { address: string; family: Family }
// Parsed addresses by their text: a provider's clients come from few addresses, and parsing one
// (net.isIP's patterns) cost more than the rest of a restricted key's checks (bench/restricted-verify.ts).
const parsed = new Map<string, Address | null>()
const PARSED_MAX = 4096

/** `address` as the allowlist compares it (an IPv4-mapped IPv6 address as its IPv4 one), or undefined when it is no IP address. */
export function clientAddress(address: string): Address | undefined {
  let known = parsed.get(address)
  if (known === undefined) {
    const mapped = MAPPED.exec(address)
    const plain = mapped ? mapped[1] : address
    const f = family(plain)
    known = f ? { address: plain, family: f } : null
    if (parsed.size >= PARSED_MAX) parsed.clear()
    parsed.set(address, known)
  }
  return known ?? undefined
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
export type IpMatcher = (address: Address) => boolean

/** The matcher of `entries` (each already accepted by parseIpRange). */
export function ipMatcher(entries: readonly string[]): IpMatcher {
  const list = new BlockList()
  for (const entry of entries) {
    const range = parseIpRange(entry)
    if (!range) continue
    if (range.bits === undefined) list.addAddress(range.address, range.family)
    else list.addSubnet(range.address, range.bits, range.family)
  }
  // Each key remembers its answers for the addresses it was last used from (a native call each time cost a tenth of a verification).
  const seen = new Map<Address, boolean>()
  return (address) => {
    let inside = seen.get(address)
    if (inside === undefined) {
      inside = list.check(address.address, address.family)
      if (seen.size >= 64) seen.clear()
      seen.set(address, inside)
    }
    return inside
  }
}
