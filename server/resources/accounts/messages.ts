import { longWaitWords, refused } from '../../http/throttle'

/** One answer for a wrong, used, burned or expired code: which of them it was helps only a guesser. */
export const CODE_REFUSED = 'This code is wrong or no longer valid. Check the latest e-mail, or ask for a new code.'
export const WRONG_PASSWORD = 'Incorrect password.'
export const HOST_ACCOUNT = 'This account signs in through your provider’s website and has no password here. Manage it there.'
export const ALREADY_VERIFIED = 'Your e-mail address is already verified.'
export const VERIFY_FIRST = 'Verify your e-mail address first: we sent you a code. You can ask for a new one from your profile.'

/** The 429 past an account's budget of wrong codes (code-budget.ts, WRONG_CODES_PER_ACCOUNT). */
export const tooManyWrongCodes = (retryAfter: number) =>
  `Too many wrong codes were entered for this account. For its safety, codes are not checked for ${longWaitWords(retryAfter)}.`

/** The 429 past a client address's budget of wrong codes (WRONG_CODES_PER_ADDRESS, per /48 WRONG_CODES_PER_SITE). */
export const tooManyWrongCodesHere = (retryAfter: number) => `Too many wrong codes were entered from your network. Try again in ${longWaitWords(retryAfter)}.`

/** The 429 for a refused try, whichever budget refused it. */
export const wrongCodesRefusal = ({ over, retryAfter }: { over: 'address' | 'account'; retryAfter: number }) =>
  refused(retryAfter, over === 'address' ? tooManyWrongCodesHere(retryAfter) : tooManyWrongCodes(retryAfter))
