import type { KeyInfo } from '../../api/types'

export const EXPIRED = 'Expired'

/**
 * "Active", "Expires in 23 h" (rounded down, as a countdown reads) or
 * "Expired": an expired key no longer verifies, nor counts toward the limit.
 */
export function keyStatus(k: KeyInfo, now = Date.now()): string {
  const left = k.expiresAt ? Date.parse(k.expiresAt) - now : Infinity
  if (!(left > 0)) return EXPIRED
  if (left === Infinity) return 'Active'
  const h = left / 36e5
  return `Expires in ${h < 1 ? `${Math.max(1, Math.floor(left / 6e4))} min` : h < 48 ? `${Math.floor(h)} h` : `${Math.floor(h / 24)} days`}`
}
