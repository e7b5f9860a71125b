/**
 * The app's router remembers the match of each path: the same answers as
 * Hono's default router, whatever order paths come in, with a bounded memory.
 */
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { REMEMBERED_METHODS, REMEMBERED_PATH_MAX, REMEMBERED_PATHS, RememberingRouter } from '../../server/http/router'

/** This API's shape where the default router falls back to its tree: a static segment beside a parameter. */
function routes(app: Hono) {
  return app
    .use('/manage/*', async (c, next) => {
      c.header('X-Guard', 'manage')
      await next()
    })
    .get('/manage/dapp/owner', (c) => c.json({ route: 'owner' }))
    .get('/manage/dapp/:id', (c) => c.json({ route: 'project', id: c.req.param('id') }))
    .post('/keys/verify', (c) => c.json({ route: 'verify' }))
    .get('*', (c) => c.json({ route: 'static', path: c.req.path }))
}

const answer = async (app: Hono, method: string, path: string) => {
  const res = await app.request(path, { method })
  return { status: res.status, guard: res.headers.get('x-guard'), body: await res.json().catch(() => null) }
}

describe('RememberingRouter', () => {
  it('answers every path as the default router does, the first time and again', async () => {
    const plain = routes(new Hono())
    const remembering = routes(new Hono({ router: new RememberingRouter() }))
    const calls: Array<[string, string]> = [
      ['GET', '/manage/dapp/owner'],
      ['GET', '/manage/dapp/p1'],
      ['GET', '/manage/dapp/p2'],
      ['POST', '/keys/verify'],
      ['GET', '/keys/verify'],
      ['GET', '/docs/page'],
      ['DELETE', '/manage/dapp/owner'],
    ]
    for (let round = 0; round < 3; round++) {
      for (const [method, path] of calls) {
        expect(await answer(remembering, method, path), `${round}: ${method} ${path}`).toEqual(await answer(plain, method, path))
      }
    }
    // A parameter is read from the path in hand, never from an earlier one.
    expect((await answer(remembering, 'GET', '/manage/dapp/p2')).body).toEqual({ route: 'project', id: 'p2' })
  })

  it('remembers each path, with its own parameters, and starts over past its bound', () => {
    const router = new RememberingRouter<string>()
    router.add('GET', '/manage/dapp/owner', 'owner')
    router.add('GET', '/manage/dapp/:id', 'project')
    router.add('GET', '*', 'static')
    const handlers = (path: string) => router.match('GET', path)[0].map(([handler, params]) => [handler, { ...params }])

    const first = router.match('GET', '/manage/dapp/owner')
    expect(router.match('GET', '/manage/dapp/owner')).toBe(first)
    expect(handlers('/manage/dapp/p1')).toEqual([
      ['project', { id: 'p1' }],
      ['static', {}],
    ])
    expect(handlers('/manage/dapp/p2')).toEqual([
      ['project', { id: 'p2' }],
      ['static', {}],
    ])
    expect(handlers('/manage/dapp/p1')).toEqual([
      ['project', { id: 'p1' }],
      ['static', {}],
    ])
    expect(router.remembered).toBe(3)

    // Made-up paths, long paths and made-up methods from a client: the memory never holds more than its bound.
    for (let i = 0; i < 3 * REMEMBERED_PATHS; i++) router.match('GET', `/made-up-${i}`)
    expect(router.remembered).toBeLessThanOrEqual(REMEMBERED_PATHS)
    const held = router.remembered
    expect(router.match('GET', `/${'x'.repeat(REMEMBERED_PATH_MAX)}`)[0].map(([h]) => h)).toEqual(['static'])
    expect(router.remembered).toBe(held)
    for (let i = 0; i < 100; i++) router.match(`MADE-UP-${i}`, '/manage/dapp/owner')
    expect(router.remembered).toBeLessThanOrEqual(held + REMEMBERED_METHODS)
    expect(router.match('GET', '/manage/dapp/owner')).toEqual(first)
  })
})
