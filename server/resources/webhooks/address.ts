import type { LookupAddress } from 'node:dns'
import { Resolver } from 'node:dns/promises'
import { errorTable, type Coded } from '../../http/errors'
import type { LookupFunction } from 'node:net'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'
import { WEBHOOK_URL_MAX } from '../../../contract/webhooks'

/**
 * The one address rule of endpoint URLs. It is checked when an endpoint is
 * added or edited, so the owner hears at once what is wrong, and again when a
 * delivery connects (publicOnlyLookup, deliver.ts), since a name may resolve
 * elsewhere by then (DNS rebinding).
 *
 * The host is taken from the WHATWG URL parser, which already turns every
 * spelling of an IPv4 address (decimal 2130706433, octal 0177.0.0.1, hex
 * 0x7f.1, short 127.1) into dotted form and IPv6 into its compressed form.
 */

// ipaddr.js names every special range (private, loopback, link-local,
// CGNAT, multicast, reserved, unique-local, and the IPv6 forms that carry or
// reach an IPv4 address: mapped, SIIT, NAT64, 6to4, Teredo); only what it
// calls plain unicast is public. It files the IPv4-compatible form
// (::a.b.c.d, deprecated) as unicast when written in hex, so that one is added.
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96')

/** Whether `ip` (IPv4 or IPv6 text, bracketed or not, as the URL parser or DNS gives it) is an ordinary public unicast address. */
export function isPublicAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  if (isIP(bare) === 0) return false
  const address = ipaddr.parse(bare)
  if (address.range() !== 'unicast') return false
  return !(address.kind() === 'ipv6' && address.match(IPV4_COMPATIBLE))
}

/**
 * A connection refused by the rule, in words the endpoint's owner may read in
 * its attempts: the host as the owner wrote it, never the address a name
 * resolved to, which would map the provider's internal DNS for them.
 */
export class AddressRefused extends Error {
  constructor(host: string) {
    super(`${host} is not allowed: it is not a public address.`)
  }
}

/**
 * Where webhook hosts are looked up when only public addresses may be reached:
 * c-ares, on sockets of its own, not getaddrinfo (dns.lookup), which holds one
 * of libuv's four threads for as long as a name server takes to answer. Those
 * threads also hash passwords and read files: a tenant whose endpoints name a
 * domain whose name servers never answer held all four, and every other
 * tenant's deliveries and every log-in waited behind them. c-ares reads
 * /etc/resolv.conf, not /etc/hosts, which maps nothing public. Each query is
 * given 2 s, and asked twice at most.
 */
export const webhookResolver = new Resolver({ timeout: 2000, tries: 2 })

// Names that mean this machine or a private network whatever DNS says.
const PRIVATE_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i

/** A name that means this machine or a private network, or one of a single label, which only a local search list completes. */
const privateName = (host: string) => PRIVATE_NAME.test(host) || !host.replace(/\.$/, '').includes('.')

/** A lookup failure with getaddrinfo's codes, which the attempts' descriptions read (deliver.ts). */
const lookupError = (host: string, err: NodeJS.ErrnoException) => {
  const missing = err.code === 'ENOTFOUND' || err.code === 'ENODATA'
  return Object.assign(new Error(`${missing ? 'No address' : 'No answer'} for ${host}.`), { code: missing ? 'ENOTFOUND' : 'EAI_AGAIN' })
}

/** Every address of `host` from DNS (family 4 or 6 only when asked for one), IPv4 first; rejects when it has none. */
export async function resolveHost(host: string, family = 0): Promise<LookupAddress[]> {
  const asked = [family !== 6 ? webhookResolver.resolve4(host) : undefined, family !== 4 ? webhookResolver.resolve6(host) : undefined]
  const [v4, v6] = await Promise.allSettled(asked.map((q) => q ?? Promise.resolve([])))
  const addresses: LookupAddress[] = [
    ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 })) : []),
    ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 })) : []),
  ]
  if (addresses.length > 0) return addresses
  const failed = [v4, v6].find((r): r is PromiseRejectedResult => r.status === 'rejected' && r.reason?.code !== 'ENODATA' && r.reason?.code !== 'ENOTFOUND')
  throw lookupError(host, failed?.reason ?? Object.assign(new Error(), { code: 'ENOTFOUND' }))
}

/**
 * The lookup of connections that may reach public addresses only: a name
 * with any private address among its answers is refused whole.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  if (privateName(hostname)) return process.nextTick(() => callback(new AddressRefused(hostname), '', 0))
  resolveHost(hostname, options.family === 4 || options.family === 6 ? options.family : 0).then(
    (addresses) => {
      if (addresses.some((a) => !isPublicAddress(a.address))) return callback(new AddressRefused(hostname), '', 0)
      if (options.all) return callback(null, addresses)
      callback(null, addresses[0].address, addresses[0].family)
    },
    (err: NodeJS.ErrnoException) => callback(err, '', 0),
  )
}

export interface UrlCheck {
  /** The URL as stored: parsed and written back by the URL parser. */
  url?: string
  /** Why it is refused, fit to show the owner. */
  error?: Coded
}

export const PRIVATE_REFUSED =
  'Endpoint URL must be on a public address: loopback, private, link-local, carrier-grade NAT, multicast and cloud metadata addresses are refused ' +
  '(for development only, the server can allow them with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true).'

export const URL_REFUSED = errorTable({
  ENDPOINT_URL_NOT_A_URL: 'Endpoint URL must be a full URL, such as https://example.com/webhooks.',
  ENDPOINT_URL_SCHEME: 'Endpoint URL must start with https:// or http://.',
  ENDPOINT_URL_CREDENTIALS: 'Endpoint URL must not contain a user name or password.',
  ENDPOINT_URL_NO_HOST: 'Endpoint URL must name a host.',
  // Stored as the URL parser writes it back: longer than the field allows, it could not be sent back on an edit.
  ENDPOINT_URL_TOO_LONG: `Endpoint URL must be at most ${WEBHOOK_URL_MAX} characters as stored, where each character outside ASCII is written %-escaped (é as %C3%A9).`,
  ENDPOINT_URL_PRIVATE: PRIVATE_REFUSED,
  ENDPOINT_URL_PRIVATE_HOST: (host: string) => `Endpoint URL's host ${host} is not a public address. ${PRIVATE_REFUSED}`,
})

/**
 * Checks an endpoint URL: http(s), no user name or password, at most
 * WEBHOOK_URL_MAX characters as stored, and (unless private networks are
 * allowed) a host that is, or resolves only to, public addresses. A name that does not resolve now is accepted: the check at
 * connect time still applies.
 */
export async function checkEndpointUrl(text: string, allowPrivate: boolean | undefined, resolve = resolveAll): Promise<UrlCheck> {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return { error: URL_REFUSED.ENDPOINT_URL_NOT_A_URL }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: URL_REFUSED.ENDPOINT_URL_SCHEME }
  if (url.username || url.password) return { error: URL_REFUSED.ENDPOINT_URL_CREDENTIALS }
  if (!url.hostname) return { error: URL_REFUSED.ENDPOINT_URL_NO_HOST }
  if (url.href.length > WEBHOOK_URL_MAX) return { error: URL_REFUSED.ENDPOINT_URL_TOO_LONG }
  if (allowPrivate) return { url: url.href }
  const host = url.hostname.replace(/\.$/, '')
  if (host.startsWith('[') || isIP(host)) return isPublicAddress(host) ? { url: url.href } : { error: URL_REFUSED.ENDPOINT_URL_PRIVATE }
  if (privateName(host)) return { error: URL_REFUSED.ENDPOINT_URL_PRIVATE }
  const addresses = await resolve(host)
  if (!addresses.every(isPublicAddress)) return { error: URL_REFUSED.ENDPOINT_URL_PRIVATE_HOST(host) }
  return { url: url.href }
}

/** Every address of `host`; none when it does not resolve (within 3 s). */
async function resolveAll(host: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<string[]>((resolve) => {
    timer = setTimeout(() => resolve([]), 3000)
  })
  try {
    return await Promise.race([resolveHost(host).then((list) => list.map((a) => a.address)), timeout])
  } catch {
    return []
  } finally {
    clearTimeout(timer)
  }
}
