/**
 * Look-ups of tokens not seen valid, per client address (server/http/address-limit.ts): at most the made-up-token
 * budget's number of different tokens under way, the rest waiting their turn, whatever order they end in.
 */
import type { Context } from 'hono'
import { describe, expect, it } from 'vitest'
import { DEFAULTS } from '../../server/config'
import type { Queryable } from '../../server/db/index'
import { addressLimits } from '../../server/http/address-limit'

/** The limits of an app whose made-up-token budget lets `perWindow` tokens a 10 s window, on no database (no token here is bad). */
function limits(perWindow: number) {
  const db: Queryable = { query: () => Promise.reject(new Error('no database in this test')) } as unknown as Queryable
  return addressLimits(db, { ...DEFAULTS.rateLimit, badTokensPerIp: perWindow * 6 }, false)
}

/** A request from one address, as the limits read it. */
function request(ip = '198.51.100.7') {
  const vars: Record<string, unknown> = { clientIp: ip }
  return { get: (k: string) => vars[k], set: (k: string, v: unknown) => (vars[k] = v) } as unknown as Context
}

/** Look-ups that end when the test says, noting which tokens are under way at once. */
function lookUps(limit: ReturnType<typeof limits>) {
  const running: string[] = []
  let most = 0
  const ends = new Map<string, Array<() => void>>()
  const start = (token: string) =>
    limit.lookUp(request(), token, async () => {
      running.push(token)
      most = Math.max(most, new Set(running).size)
      await new Promise<void>((resolve) => ends.set(token, [...(ends.get(token) ?? []), resolve]))
      running.splice(running.indexOf(token), 1)
      return { userId: 'u' }
    })
  const end = async (token: string) => {
    ends.get(token)!.shift()!()
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
  return { start, end, settle, running: () => new Set(running), most: () => most }
}

describe('token look-ups of one address', () => {
  it('past the budget, wait: the one woken last does not let a newcomer past the limit', async () => {
    const l = lookUps(limits(1))
    const one = l.start('t1')
    const two = l.start('t2')
    await l.settle()
    expect([...l.running()]).toEqual(['t1'])
    await l.end('t1')
    expect([...l.running()]).toEqual(['t2'])
    const three = l.start('t3')
    await l.settle()
    expect([...l.running()], 't3 waits while t2 is under way').toEqual(['t2'])
    await l.end('t2')
    await l.end('t3')
    await Promise.all([one, two, three])
    expect(l.most()).toBe(1)
  })

  it('a token looked up twice holds its slot until both are done', async () => {
    const l = lookUps(limits(2))
    const started = [l.start('t1'), l.start('t2'), l.start('t3'), l.start('t3')]
    await l.settle()
    await l.end('t1')
    await l.end('t2')
    expect([...l.running()]).toEqual(['t3'])
    await l.end('t3')
    started.push(l.start('t4'), l.start('t5'))
    await l.settle()
    expect(l.running().size, 't3 still under way, and one of t4 and t5').toBe(2)
    await l.end('t3')
    await l.settle()
    for (const token of ['t4', 't5']) if (l.running().has(token)) await l.end(token)
    await l.settle()
    for (const token of ['t4', 't5']) if (l.running().has(token)) await l.end(token)
    await Promise.all(started)
    expect(l.most()).toBe(2)
  })
})
