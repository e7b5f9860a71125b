import type { Context } from 'hono'
import type { ServerResponse } from 'node:http'
import type { RateLimitConfig } from '../config'
import type { Queryable } from '../db/index'
import { addressBucket, badTokenBucket, budget, hitRateLimit, sharedCounter } from '../security/rate-limit'
import { clientIp } from './client-ip'
import { holdFor, timerPause, tooManyRequests, type Pause } from './throttle'
import { REFUSAL_HOLD_MS, USER_WINDOW_SECONDS } from './user-limit'

/**
 * What one client address (an IPv6 /64) may spend on the routes behind a
 * bearer token, whoever's tokens it holds:
 * - calls with a token the database does not know (made up, expired, signed
 *   out): `badTokensPerIp` a minute. Each costs a look-up, so beyond the
 *   budget the address's token calls are refused from memory, with no
 *   look-up, until the window ends;
 * - calls with a user's access token: `perAddress` a minute, several users'
 *   worth, so a shared office is never refused but a handful of accounts
 *   from one address cannot multiply one user's fair share; a large answer
 *   counts as several (CALL_UNIT_BYTES).
 * Counted in 10 s windows like the user's share, in database rows shared by
 * instances. A refused address is remembered here until its window ends, and
 * each call refused from memory is held a moment (REFUSAL_HOLD_MS), so a
 * flood of refusals costs neither database work nor much of anything else.
 * A token this instance has just seen valid is let past a made-up-token
 * block (and still looked up), so the office's users keep working while
 * someone behind the same address floods.
 */
export interface AddressLimit {
  /**
   * Seconds this token's call must wait, known without the database (0: go on
   * and look it up). `counted`: the call would count against the address's
   * budget (an access token's, not a log-in's or a sign-out's).
   */
  blocked(c: Context, tokenHash: string, counted: boolean): number
  /** Holds a call refused from memory for a moment before its 429. */
  hold(seconds: number): Promise<void>
  /**
   * Looks a token up (`find`); one the database does not know is counted against the address, 429 once it is
   * over budget. At most as many other tokens of the address are under way as that budget, unless this one was
   * seen valid: a flood of made-up tokens sent in parallel would otherwise all reach the database before the
   * first of them is counted. Past it the look-up waits, and is refused from memory once the address is.
   */
  lookUp<T>(c: Context, tokenHash: string, find: () => Promise<T | undefined>): Promise<T | undefined>
  /** A token found valid: counted (for access tokens) against the address's budget, 429 beyond it. */
  call(c: Context, tokenHash: string, { count }: { count: boolean }): Promise<void>
  /**
   * The address's turn for a read that may be long (a project list not in
   * memory): its reads run one at a time, other addresses' meanwhile, so
   * another user's queries wait behind one of them at most (the embedded
   * database runs on the server's own thread). A large answer also paces the
   * address's next read: it starts once the budget has refilled by what the
   * answer weighs, and not at all if the address is refused by then, so the
   * address gets as much over a window, spread out.
   */
  readTurn(c: Context): ReadTurn
  /**
   * A counted call's answer of `bytes`, weighed before it is written (a route
   * that holds its answer made, the project list): past the address's budget
   * it is refused (429) rather than written, and answered() charges it
   * nothing more.
   */
  weigh(c: Context, bytes: number): Promise<void>
  /**
   * A counted call's handler has returned: once its answer has been written
   * to the socket, a large one is charged its weight, without holding the
   * request up.
   */
  answered(c: Context): void
  /** Writes the counts held in memory (sharedCounter), so none is lost when the app closes. */
  settle(): Promise<void>
}

/**
 * A call counts once, and one more for each further CALL_UNIT_BYTES its
 * answer took (at most MAX_CALL_UNITS): calls differ a thousandfold in cost,
 * which is in making and writing the bytes, so counting calls alone let a few
 * accounts at one address, each within its own share, keep the server busy
 * for everyone. Bytes, not time: they do not grow when the server is slow for
 * other reasons, so an office's ordinary calls always count one.
 */
export const CALL_UNIT_BYTES = 64 * 1024
const MAX_CALL_UNITS = 50

/** Runs a read when its turn comes; `bytesOf` its answer's size, which paces the next. */
export type ReadTurn = <T>(read: () => Promise<T>, bytesOf: (answer: T) => number) => Promise<T>

export type AddressLimitEnv = { Variables: { addressLimit?: AddressLimit; clientIp?: string; addressWeighed?: boolean } }

/** How long a token seen valid is let past a made-up-token block. */
const VALID_FOR_MS = 60_000
/** Bound on the tokens remembered as valid: not a policy, the database still counts. */
const MAX_REMEMBERED = 10_000
const WINDOW = USER_WINDOW_SECONDS

/**
 * Look-ups of tokens not seen valid, at most `limit` different ones of an address under way at a time
 * (AddressLimit.lookUp); a client's burst with its one token counts once. Past it a look-up waits for a
 * slot, not refused: many users behind one office address may start at once. A slot frees once its token
 * is known good or counted bad, so a waiter then finds a flood's address refused (`refused`, from memory).
 */
function lookUps(limit: number, refused: (ip: string) => number) {
  /** Per address: each token under way with how many look-ups of it, and the look-ups waiting for a slot. */
  const under = new Map<string, { tokens: Map<string, number>; waiting: Array<() => void> }>()
  return async <T>(ip: string, tokenHash: string, find: () => Promise<T>): Promise<T> => {
    let at = under.get(ip)
    if (!at) under.set(ip, (at = { tokens: new Map(), waiting: [] }))
    // A waiter woken goes on with the entry (never deleted while one is), and hands the turn on when it cannot.
    const handOn = () => {
      const next = at!.waiting.shift()
      if (next) next()
      else if (at!.tokens.size === 0 && under.get(ip) === at) under.delete(ip)
    }
    while (!at.tokens.has(tokenHash) && at.tokens.size >= limit) {
      await new Promise<void>((resolve) => at!.waiting.push(resolve))
      const wait = refused(ip)
      if (wait > 0) {
        handOn() // the next waiter is refused as well, and so on down the line
        throw tooManyRequests(wait)
      }
    }
    at.tokens.set(tokenHash, (at.tokens.get(tokenHash) ?? 0) + 1)
    try {
      return await find()
    } finally {
      const left = at.tokens.get(tokenHash)! - 1
      if (left > 0) at.tokens.set(tokenHash, left)
      else at.tokens.delete(tokenHash)
      handOn()
    }
  }
}

/**
 * One object for the whole app, told the request at each call, so a cheap
 * route does not pay for making one. The address is worked out once per
 * request, and only by a call that needs it.
 */
export function addressLimits(db: Queryable, cfg: RateLimitConfig, trustProxy: boolean, pause: Pause = timerPause): AddressLimit {
  const badTokens = budget(cfg.badTokensPerIp, WINDOW, (key, limit, weight) => hitRateLimit(db, [{ key, limit, weight }], WINDOW))
  const counter = sharedCounter(db, WINDOW)
  const calls = budget(cfg.perAddress, WINDOW, counter.hit)
  const seenValid = new Map<string, number>()
  const wasValid = (tokenHash: string) => (seenValid.get(tokenHash) ?? 0) > Date.now()
  const lookUp = lookUps(badTokens.limit, (ip) => badTokens.left(ip))
  // Below the whole window, so a fresh window always serves one answer, however large.
  const units = (bytes: number) => Math.min(MAX_CALL_UNITS, calls.limit - 1, Math.floor(bytes / CALL_UNIT_BYTES))
  /** How long the address's budget takes to refill by one unit. */
  const unitRefillMs = (WINDOW * 1000) / calls.limit
  /** Each address's last read in line, while it has any. */
  const reads = new Map<string, Promise<unknown>>()
  /** Counts `n` units against the address; past its budget, remembers the refusal and answers 429. */
  const spend = async (ip: string, n = 1) => {
    const wait = await calls.spend(addressBucket(ip), n, ip)
    if (wait > 0) throw tooManyRequests(wait)
  }
  const address = (c: Context<AddressLimitEnv>): string => {
    let ip = c.get('clientIp')
    if (ip === undefined) c.set('clientIp', (ip = clientIp(c, trustProxy)))
    return ip
  }
  return {
    settle: counter.flush,
    blocked(c, tokenHash, counted) {
      const busy = counted ? calls.left(address(c)) : 0
      if (busy > 0) return busy
      const bad = badTokens.left(address(c))
      return bad === 0 || wasValid(tokenHash) ? 0 : bad
    },
    hold: holdFor(REFUSAL_HOLD_MS, pause),
    lookUp(c, tokenHash, find) {
      const ip = address(c)
      // A token seen valid skips the line, not the count: signed out since, it is a bad one like any other.
      const counted = async () => {
        const row = await find()
        if (row) return row
        // Found bad (signed out or expired since it was served): let past a block no more, or each call of its
        // flood would cost a look-up and a count for the rest of the minute, where a made-up token's costs none.
        seenValid.delete(tokenHash)
        const wait = await badTokens.spend(badTokenBucket(ip), 1, ip)
        if (wait > 0) throw tooManyRequests(wait)
        return row
      }
      return wasValid(tokenHash) ? counted() : lookUp(ip, tokenHash, counted)
    },
    async call(c, tokenHash, { count }) {
      if (seenValid.size > MAX_REMEMBERED) seenValid.clear()
      seenValid.set(tokenHash, Date.now() + VALID_FOR_MS)
      if (count) await spend(address(c))
    },
    readTurn(c) {
      const ip = address(c)
      return (read, bytesOf) => {
        const before = reads.get(ip)
        const go = async () => {
          // Refused since it queued (the address's earlier answers spent its budget): no read.
          const refused = calls.left(ip)
          if (refused > 0) throw tooManyRequests(refused)
          return read()
        }
        const mine = before ? before.then(go, go) : go()
        // The next in line waits for the budget to refill by what this answer weighs.
        const last = mine.then(
          (answer) => {
            const wait = units(bytesOf(answer)) * unitRefillMs
            return wait > 0 ? pause(wait) : undefined
          },
          () => undefined,
        )
        reads.set(ip, last)
        void last.then(() => {
          if (reads.get(ip) === last) reads.delete(ip)
        })
        return mine
      }
    },
    async weigh(c, bytes) {
      c.set('addressWeighed', true)
      const extra = units(bytes)
      if (extra > 0) await spend(address(c), extra)
    },
    answered(c) {
      if (c.get('addressWeighed')) return
      const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing
      // One response at a time per connection (HTTP/1.1), so the socket's count is this answer's bytes.
      const socket = outgoing?.socket // the response lets go of it once finished
      const sentBefore = socket?.bytesWritten ?? 0
      if (!outgoing || !socket) return // in-process: nothing is written
      const ip = address(c)
      outgoing.once('finish', () => {
        const extra = units(socket.bytesWritten - sentBefore)
        // The answer is out: past the budget, the address's next calls are the ones refused (spend
        // remembers it; its 429 is for no one). A failed count (the database closing) only forgets a charge.
        if (extra > 0) spend(ip, extra).catch(() => {})
      })
    },
  }
}
