import type { KeyInfo } from '../../api/types'

export const EXPIRED = 'Expired'

export type KeyState = {
  /** What the Status column says: "Active", "Expires in 23 h", "Replaced — stops in 23 h", "Expired". */
  text: string
  tone: 'active' | 'ending' | 'ended'
  /** The key can still be rolled: neither expired nor already rolled away. */
  rollable: boolean
  /** Set on a key that replaced another which still works (its grace period): that key. */
  replaces?: KeyInfo
}

/** "23 h", "5 min", "3 days": rounded down, as a countdown reads. */
function left(ms: number): string {
  const h = ms / 36e5
  return h < 1 ? `${Math.max(1, Math.floor(ms / 6e4))} min` : h < 48 ? `${Math.floor(h)} h` : `${Math.floor(h / 24)} days`
}

const working = (k: KeyInfo, now: number) => !k.expiresAt || Date.parse(k.expiresAt) > now

/**
 * A key's state as the table shows it. An expired key no longer verifies, nor
 * counts toward the limit; a rolled-away one works until its grace period
 * ends and cannot be rolled again. `keys` (the project's) finds the key a
 * successor replaces.
 */
export function keyState(k: KeyInfo, now = Date.now(), keys: readonly KeyInfo[] = []): KeyState {
  if (!working(k, now)) return { text: EXPIRED, tone: 'ended', rollable: false }
  const ms = k.expiresAt ? Date.parse(k.expiresAt) - now : Infinity
  if (k.rolledAt) return { text: `Replaced — stops in ${left(ms)}`, tone: 'ending', rollable: false }
  const replaces = keys.find((o) => o.replacedBy === k.id && working(o, now))
  if (ms === Infinity) return { text: 'Active', tone: 'active', rollable: true, replaces }
  return { text: `Expires in ${left(ms)}`, tone: 'ending', rollable: true, replaces }
}

/** The Status column's text alone (see keyState). */
export const keyStatus = (k: KeyInfo, now = Date.now()): string => keyState(k, now).text

/** A key that works now: neither expired nor rolled away (a rolled one works until its end, but is not one to hand out). */
export const isUsable = (k: KeyInfo, now = Date.now()): boolean => working(k, now) && !k.rolledAt
