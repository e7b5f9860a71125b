import type { KeyInfo } from '../../api/types'

/** True once a key's expiry has passed: it no longer verifies, and no longer counts toward the limit. */
export const isExpired = (k: KeyInfo, now = Date.now()) => k.expiresAt !== null && !(Date.parse(k.expiresAt) > now)

/** "Active", "Expires in 23 h" (rounded down, as a countdown reads) or "Expired". */
export function keyStatus(k: KeyInfo, now = Date.now()): string {
  if (!k.expiresAt) return 'Active'
  if (isExpired(k, now)) return 'Expired'
  const min = Math.floor((Date.parse(k.expiresAt) - now) / 60_000)
  return `Expires in ${min < 60 ? `${Math.max(min, 1)} min` : min < 2880 ? `${Math.floor(min / 60)} h` : `${Math.floor(min / 1440)} days`}`
}
