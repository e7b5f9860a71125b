import type { KeyInfo } from '../../api/types'
import type { Translate } from '../../i18n'
import { keys as texts } from '../../i18n/en/keys'
import { english } from './english'

export type KeyState = {
  /** What the Status column says: "Active", "Expires in 23 h", "Replaced — stops in 23 h", "Expired". */
  text: string
  tone: 'active' | 'ending' | 'ended'
  /** The key can still be rolled: neither expired nor already rolled away. */
  rollable: boolean
  /** Set on a key that replaced another which still works (its grace period): that key. */
  replaces?: KeyInfo
}

type T = Translate<typeof texts>

/** "23 h", "5 min", "3 days": rounded down, as a countdown reads. */
function left(ms: number, t: T): string {
  const h = ms / 36e5
  if (h < 1) return t('keys.left.minutes', { count: Math.max(1, Math.floor(ms / 6e4)) })
  return h < 48 ? t('keys.left.hours', { count: Math.floor(h) }) : t('keys.left.days', { count: Math.floor(h / 24) })
}

const working = (k: KeyInfo, now: number) => !k.expiresAt || Date.parse(k.expiresAt) > now

/**
 * A key's state as the table shows it, its text in `t`'s language. An expired
 * key no longer verifies, nor counts toward the limit; a rolled-away one works
 * until its grace period ends and cannot be rolled again. `keys` (the
 * project's) finds the key a successor replaces.
 */
export function keyState(k: KeyInfo, now = Date.now(), keys: readonly KeyInfo[] = [], t: T = english(texts)): KeyState {
  if (!working(k, now)) return { text: t('keys.status.expired'), tone: 'ended', rollable: false }
  const ms = k.expiresAt ? Date.parse(k.expiresAt) - now : Infinity
  if (k.rolledAt) return { text: t('keys.status.replaced', { left: left(ms, t) }), tone: 'ending', rollable: false }
  const replaces = keys.find((o) => o.replacedBy === k.id && working(o, now))
  if (ms === Infinity) return { text: t('keys.status.active'), tone: 'active', rollable: true, replaces }
  return { text: t('keys.status.expires', { left: left(ms, t) }), tone: 'ending', rollable: true, replaces }
}

/** The Status column's text alone, in English (see keyState). */
export const keyStatus = (k: KeyInfo, now = Date.now()): string => keyState(k, now).text

/** A key that still verifies: not expired (it counts toward the limit). */
export const isLive = (k: KeyInfo, now = Date.now()): boolean => working(k, now)

/** A key that works now: neither expired nor rolled away (a rolled one works until its end, but is not one to hand out). */
export const isUsable = (k: KeyInfo, now = Date.now()): boolean => working(k, now) && !k.rolledAt

/** Another key of the project has this key's name (a roll keeps it): the two need telling apart. */
export const sameName = (k: KeyInfo, keys: readonly KeyInfo[]): boolean => keys.some((o) => o !== k && o.id !== k.id && o.name === k.name)

/** The key as a control's name or an option says it: its name, and its id when another key has the name too. */
export const keyLabel = (k: KeyInfo, keys: readonly KeyInfo[]): string => (sameName(k, keys) ? `${k.name} (${k.id})` : k.name)
