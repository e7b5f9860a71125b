/**
 * The key dialog's own check of an IP allowlist, line by line, before it is
 * sent: an IPv4 or IPv6 address, or a CIDR range of one. The server checks
 * again and is the one that counts; this check only says at once which line
 * it would refuse.
 */

const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)'
const IPV4 = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`)

/** An IPv6 address: hex groups with at most one `::`, an IPv4 tail allowed. The URL parser knows the rest of the grammar. */
function isIpv6(text: string): boolean {
  if (!/^[\d.:a-f]+$/i.test(text) || !text.includes(':')) return false
  try {
    return new URL(`http://[${text}]/`).hostname.length > 2
  } catch {
    return false
  }
}

/** An address or range as the server takes it: `203.0.113.7`, `203.0.113.0/24`, `2001:db8::/32`. */
export function isIpOrRange(entry: string): boolean {
  const [address = '', prefix, ...more] = entry.split('/')
  if (more.length > 0) return false
  const v4 = IPV4.test(address)
  if (!v4 && !isIpv6(address)) return false
  if (prefix === undefined) return true
  return /^(0|[1-9]\d{0,2})$/.test(prefix) && Number(prefix) <= (v4 ? 32 : 128)
}

/** The allowlist's entries: one per line (or comma), blanks dropped, each once. */
export const ipEntries = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\n,]/)
      .map((line) => line.trim())
      .filter(Boolean),
  ),
]

/** The first entry the server would refuse, if any. */
export const firstInvalid = (entries: readonly string[]): string | undefined => entries.find((e) => !isIpOrRange(e))
