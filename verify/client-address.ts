/** Something with the socket a request came in on (Node's IncomingMessage, Express's Request). */
export interface AddressSource {
  socket?: { remoteAddress?: string | undefined } | undefined
}

// An IPv4 client on a dual-stack socket reads ::ffff:a.b.c.d; proxies and allowlists write a.b.c.d.
const plain = (address: string) => address.trim().replace(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i, '$1')

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
  const trusted = new Set(trustedProxies.map(plain))
  const hops = forwardedFor.split(',')
  while (trusted.has(address) && hops.length > 0) address = plain(hops.pop()!)
  return address
}
