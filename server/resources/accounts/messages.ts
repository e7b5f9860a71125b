import { errorTable } from '../../http/errors'
import { longWaitWords, refused } from '../../http/throttle'
import { VERIFIED_EMAIL } from '../../openapi/error-responses'

/** The account calls' refusals, each code beside its wording. */
export const ACCOUNTS = errorTable({
  /** One answer for a wrong, used, burned or expired code: which of them it was helps only a guesser. */
  CODE_REFUSED: 'This code is wrong or no longer valid. Check the latest e-mail, or ask for a new code.',
  WRONG_PASSWORD: 'Incorrect password.',
  HOST_ACCOUNT_NO_PASSWORD: 'This account signs in through your provider’s website and has no password here. Manage it there.',
  ALREADY_VERIFIED: 'Your e-mail address is already verified.',
  /** The 429 past an account's budget of wrong codes (code-budget.ts, WRONG_CODES_PER_ACCOUNT). */
  WRONG_CODES_ACCOUNT_LIMIT: (retryAfter: number) =>
    `Too many wrong codes were entered for this account. For its safety, codes are not checked for ${longWaitWords(retryAfter)}.`,
  /** The 429 past a client address's budget of wrong codes (WRONG_CODES_PER_ADDRESS, per /48 WRONG_CODES_PER_SITE). */
  WRONG_CODES_NETWORK_LIMIT: (retryAfter: number) => `Too many wrong codes were entered from your network. Try again in ${longWaitWords(retryAfter)}.`,
})
export const CODE_REFUSED = ACCOUNTS.CODE_REFUSED.message
export const WRONG_PASSWORD = ACCOUNTS.WRONG_PASSWORD.message
export const HOST_ACCOUNT = ACCOUNTS.HOST_ACCOUNT_NO_PASSWORD.message
export const VERIFY_FIRST = VERIFIED_EMAIL.VERIFY_EMAIL_FIRST.message
export const tooManyWrongCodes = (retryAfter: number) => ACCOUNTS.WRONG_CODES_ACCOUNT_LIMIT(retryAfter).message
export const tooManyWrongCodesHere = (retryAfter: number) => ACCOUNTS.WRONG_CODES_NETWORK_LIMIT(retryAfter).message

/** The 429 for a refused try, whichever budget refused it. */
export const wrongCodesRefusal = ({ over, retryAfter }: { over: 'address' | 'account'; retryAfter: number }) =>
  refused(retryAfter, over === 'address' ? ACCOUNTS.WRONG_CODES_NETWORK_LIMIT(retryAfter) : ACCOUNTS.WRONG_CODES_ACCOUNT_LIMIT(retryAfter))
