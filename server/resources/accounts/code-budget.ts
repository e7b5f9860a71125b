import type { Queryable } from '../../db/index'
import { clientSite } from '../../http/client-ip'
import { countHits, refundRateLimit } from '../../security/rate-limit'

/**
 * What wrong codes may cost, beyond a code's own MAX_TRIES (codes.ts). The
 * arithmetic is in docs/security.md ("Mailed codes"): with 10-digit codes,
 * these keep a year's guessing at one account under 0.1% from any number of
 * addresses, and one person's addresses cannot spend the account's budget.
 * Windows are a day long, so a refusal lasts at most a day.
 */
export const WRONG_CODES_WINDOW_SECONDS = 24 * 60 * 60
/** Wrong codes one client address (an IPv4 address, an IPv6 /64) may send a day, both purposes together. */
export const WRONG_CODES_PER_ADDRESS = 20
/** Wrong codes one IPv6 /48 may send a day: five /64s' worth, not 65,536. */
export const WRONG_CODES_PER_SITE = 100
/** Wrong codes of one purpose one account may receive a day, from every address together: 500 addresses' worth. */
export const WRONG_CODES_PER_ACCOUNT = 10_000

export type CodePurpose = 'reset' | 'verify'

/**
 * The bucket of one account's wrong codes of `purpose`: for a reset its log-in
 * e-mail, counted alike whether or not an account uses it (so a 429 tells
 * nothing either); for a verification the signed-in account's id.
 */
export const wrongCodesBucket = (purpose: CodePurpose, subject: string) => `wrong-codes|${purpose}|${subject}`
const addressBucket = (network: string) => `wrong-codes|address|${network}`

/** Which budget refused a try, and for how many seconds. */
export interface Refusal {
  over: 'address' | 'account'
  retryAfter: number
}

/**
 * Counts one try against the client's address (and its /48), then the
 * account, stopping at the first budget spent: a refused address adds
 * nothing to the account's count. Resolves with the buckets counted (to give
 * back if the code is right) and the refusal, if any.
 */
export async function spendTry(tx: Queryable, ip: string, account: string): Promise<{ counted: string[]; refusal?: Refusal }> {
  const site = clientSite(ip)
  const budgets: Array<[string, number, Refusal['over']]> = [
    [addressBucket(ip), WRONG_CODES_PER_ADDRESS, 'address'],
    ...(site ? [[addressBucket(site), WRONG_CODES_PER_SITE, 'address'] as [string, number, Refusal['over']]] : []),
    [account, WRONG_CODES_PER_ACCOUNT, 'account'],
  ]
  const counted: string[] = []
  for (const [bucket, limit, over] of budgets) {
    const { hits, retryAfter } = await countHits(tx, bucket, 1, WRONG_CODES_WINDOW_SECONDS)
    counted.push(bucket)
    if (hits > limit) return { counted, refusal: { over, retryAfter } }
  }
  return { counted }
}

/** Gives back what a right code counted: the budgets are for wrong ones. */
export async function refundTry(tx: Queryable, counted: readonly string[]): Promise<void> {
  for (const bucket of counted) await refundRateLimit(tx, bucket)
}
