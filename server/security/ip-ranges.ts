import { BlockList, SocketAddress, isIP } from 'node:net'

/**
 * IP addresses and CIDR ranges of a key's allowlist, with Node's own parser
 * and matcher (net.isIP, net.BlockList): no dependency, and no hand-written
 * address arithmetic to get wrong.
 *
 * Two shortcuts, each kept on an interleaved A/B (2026-11-28, load average
 * 4.9–14.3 on two shared cores): `BENCH_DURATION=10 npx tsx
 * bench/restricted-verify.ts`, three runs of each side, the sides' order
 * turning each run, B a copy of this file without the shortcut. CPU per call
 * of the restricted key's body (the server's), median of the runs (spread):
 * - as it is: 84.6 µs (83.7–85.0), 1.08× the unrestricted `{ key }` (1.06–1.08);
 * - without the `parsed` map: 100.8 µs (98.8–101.7), 1.24× (1.20–1.29): 1.20×
 *   the CPU (per run 1.16–1.20×). Each call then parses its address anew (twice:
 *   the route's check and the verifier's), and each key's answers, which are
 *   found by the parsed address itself, are never found again;
 * - without each key's answers: 94.6 µs (93.9–98.6), 1.20× (1.17–1.26): 1.12×
 *   the CPU (per run 1.12–1.16×).
 */

type Family = 'ipv4' | 'ipv6'
// A zone (`fe80::1%eth0`) is refused: Node reads the address and drops the zone, so an entry for one
// interface would match the same address on every other.
const family = (address: string): Family | undefined => (address.includes('%') ? undefined : ({ 4: 'ipv4', 6: 'ipv6' }[isIP(address)] as Family | undefined))

// An IPv4 client seen on a dual-stack socket arrives as ::ffff:a.b.c.d; an allowlist says a.b.c.d.
const MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/
/**
 * The IPv4 address an IPv6 one maps, whatever its spelling (`::ffff:102:304`,
 * `0:0:0:0:0:ffff:1.2.3.4`): read from Node's own text of it, which writes
 * every one as ::ffff:a.b.c.d. Otherwise another spelling of an IPv4 client
 * would pass for IPv6 and get past an allowlist of IPv6 ranges.
 */
const mappedIpv4 = (address: string): string | undefined => MAPPED.exec(new SocketAddress({ address, family: 'ipv6' }).address)?.[1]

/** Whether `text` is one IPv4 or IPv6 address (no zone), as an allowlist and POST /keys/verify read one: a request log's `ip` too. */
export const isIpAddress = (text: string): boolean => family(text) !== undefined

type Address = { address: string; family: Family }
// Parsed addresses by their text: a provider's clients come from few addresses, and the same
// object back lets each key's matcher find its answer by it (A/B in the header).
const parsed = new Map<string, Address | null>()
const PARSED_MAX = 4096

/** `address` as the allowlist compares it (an IPv4-mapped IPv6 address as its IPv4 one), or undefined when it is no IP address. */
export function clientAddress(address: string): Address | undefined {
  let known = parsed.get(address)
  if (known === undefined) {
    const f = family(address)
    const mapped = f === 'ipv6' ? mappedIpv4(address) : undefined
    known = mapped ? { address: mapped, family: 'ipv4' } : f ? { address, family: f } : null
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
  // An IPv4-mapped range wider than the mapped block (::ffff:0:0/96) would be every IPv4 client and IPv6 ones
  // beside: no one means that, and the matcher could not say which IPv4 range it is.
  if (f === 'ipv6' && Number(bits) < 96 && mappedIpv4(address)) return undefined
  return { address, bits: Number(bits), family: f }
}

/** An entry's clients as the matcher holds them (an IPv4-mapped entry as its IPv4 range, an address as a /32 or /128), ready to compare. */
type HeldRange = { bits: number; family: Family; prefix: BlockList; first: SocketAddress }

function heldRange(text: string): HeldRange | undefined {
  const range = parseIpRange(text)
  if (!range) return undefined
  const mapped = range.family === 'ipv6' ? mappedIpv4(range.address) : undefined
  // parseIpRange refuses a mapped range wider than /96: its IPv4 bits are never below 0.
  const held = mapped
    ? { address: mapped, bits: (range.bits ?? 128) - 96, family: 'ipv4' as const }
    : { address: range.address, bits: range.bits ?? (range.family === 'ipv4' ? 32 : 128), family: range.family }
  const prefix = new BlockList()
  prefix.addSubnet(held.address, held.bits, held.family)
  // Kept parsed: BlockList parses an address given as text on every check, and a list is compared entry by entry.
  return { bits: held.bits, family: held.family, prefix, first: new SocketAddress({ address: held.address, family: held.family }) }
}

/**
 * Whether two entries let in the same clients, however written: an IPv6 address in another case or
 * compression, an address and its /32 (/128), an IPv4-mapped entry and its IPv4 one, another address
 * inside the same prefix (10.0.0.7/24, 10.0.0.0/24).
 */
const sameRange = (x: HeldRange, y: HeldRange) => x.family === y.family && x.bits === y.bits && x.prefix.check(y.first)

/**
 * An allowlist's entries (each accepted by parseIpRange) without those that let in the same clients
 * as one before them: two would read as two ranges, and take two of its places. Each is parsed once.
 */
export function distinctRanges(entries: readonly string[]): string[] {
  const kept: HeldRange[] = []
  return entries.filter((entry) => {
    const range = heldRange(entry)
    if (range && kept.some((k) => sameRange(k, range))) return false
    if (range) kept.push(range)
    return true
  })
}

/** Whether two allowlists (their entries accepted by parseIpRange) let in the same clients, in any order or spelling. */
export function sameRanges(a: readonly string[], b: readonly string[]): boolean {
  const [x, y] = [a.map(heldRange), b.map(heldRange)]
  const within = (p: (HeldRange | undefined)[], q: (HeldRange | undefined)[]) => p.every((r) => r && q.some((o) => o && sameRange(r, o)))
  return within(x, y) && within(y, x)
}

/** Whether an address lies in any entry of an allowlist; made once per key, asked on each verification. */
export type IpMatcher = (address: Address) => boolean

/**
 * The matcher of `entries` (each already accepted by parseIpRange). An IPv4
 * client is matched by the IPv4 entries alone, and by IPv6 ones written as
 * IPv4-mapped (`::ffff:203.0.113.0/120`): BlockList would also match it by any
 * IPv6 range that covers the mapped space, so `::/0`, meant as "any IPv6",
 * let in every IPv4 client, while `0.0.0.0/0` lets in no IPv6 one. An IPv6
 * client is matched by every entry, as BlockList does.
 */
export function ipMatcher(entries: readonly string[]): IpMatcher {
  const list = new BlockList()
  const v4 = new BlockList()
  for (const entry of entries) {
    const range = parseIpRange(entry)
    if (!range) continue
    if (range.bits === undefined) list.addAddress(range.address, range.family)
    else list.addSubnet(range.address, range.bits, range.family)
    const mapped = range.family === 'ipv6' ? mappedIpv4(range.address) : undefined
    const bits = mapped ? (range.bits ?? 128) - 96 : range.bits
    if (range.family === 'ipv4' || (mapped && bits! >= 0)) {
      const address = mapped ?? range.address
      if (bits === undefined) v4.addAddress(address, 'ipv4')
      else v4.addSubnet(address, bits, 'ipv4')
    }
  }
  // Each key remembers its answers for the addresses it was last used from, by clientAddress's object (A/B in the header).
  const seen = new Map<Address, boolean>()
  return (address) => {
    let inside = seen.get(address)
    if (inside === undefined) {
      inside = (address.family === 'ipv4' ? v4 : list).check(address.address, address.family)
      if (seen.size >= 64) seen.clear()
      seen.set(address, inside)
    }
    return inside
  }
}
