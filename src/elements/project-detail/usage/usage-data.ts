import type { Usage } from '../../../../contract/responses'
import { DAY, intlFormat } from '../../../intl-format'

/** The range the project page shows. */
export const USAGE_DAYS = 30

/** `GET /manage/dapp/{id}/usage` (the contract's type) as the widget reads it: every array as long as `days`. */
export type UsageData = Usage
export type KeyUsage = Usage['keys'][number]

export const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0)

/** Day by day sums of the given keys. */
export function combine(keys: readonly KeyUsage[], length: number): { valid: number[]; invalid: number[] } {
  const valid = new Array<number>(length).fill(0)
  const invalid = new Array<number>(length).fill(0)
  for (const k of keys)
    for (let i = 0; i < length; i++) {
      valid[i] += k.valid[i] ?? 0
      invalid[i] += k.invalid[i] ?? 0
    }
  return { valid, invalid }
}

/** "1,200" in the reader's language (`lang`, a BCP 47 tag). */
export function formatCount(n: number, lang: string): string {
  return intlFormat(Intl.NumberFormat, lang, {}, n)
}

/** "Nov 3" for "2026-11-03" in the reader's language, read as the UTC day it names. */
export function formatDay(day: string, lang: string): string {
  return intlFormat(Intl.DateTimeFormat, lang, DAY, new Date(`${day}T00:00:00Z`))
}
