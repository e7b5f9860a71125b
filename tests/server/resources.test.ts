import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withDefaults } from '../../server/config'
import { RESOURCES, featuresOf } from '../../server/resources'
import { createTestServer, type TestServer } from './harness'

type Doc = { paths: Record<string, Record<string, unknown>> }

let s: TestServer
let doc: Doc
beforeAll(async () => {
  s = await createTestServer()
  doc = (await s.request('GET', '/api/openapi.json')).body as Doc
})
afterAll(() => s.close())

/** `/manage/dapp/:id` as the document writes it. */
const documented = (path: string) => path.replace(/:(\w+)/g, '{$1}')
// Served but not calls of the API: the document itself and the reference page's files.
const UNDOCUMENTED = new Set(['/openapi.json', '/docs', '/docs/redoc.standalone.js', '/docs/init.js'])

describe('the resources the app mounts', () => {
  it('are the descriptor list, in its order, each with its routes', () => {
    expect(s.app.mounted.map((m) => m.name)).toEqual(RESOURCES.map((r) => r.name))
    for (const { name, routes } of s.app.mounted) expect(routes.length, name).toBeGreaterThan(0)
  })

  it('serve exactly the calls of /openapi.json: each of a descriptor’s routes is documented, and each documented call is one descriptor’s', () => {
    const mounted = s.app.mounted.flatMap(({ name, routes }) =>
      routes.filter((r) => !UNDOCUMENTED.has(r.path)).map((r) => ({ name, call: `${r.method.toLowerCase()} ${documented(r.path)}` })),
    )
    const inDocument = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method} ${path}`))
    expect(mounted.map((m) => m.call).sort()).toEqual([...inDocument].sort())
    // One owner each: two descriptors mounting one call would answer it twice over.
    expect(new Set(mounted.map((m) => m.call)).size).toBe(mounted.length)
    // Verification is last in the document (the generated client's types follow its order).
    expect(Object.keys(doc.paths).at(-1)).toBe('/keys/verify')
  })

  it("are routed by Hono's fast router: no call's path makes its default fall back to walking a tree", () => {
    // The openapi.json request above made the router pick; a pair it refuses (a fixed segment beside a parameter) picks the TrieRouter.
    expect((s.app.router as unknown as { activeRouter: { name: string } }).activeRouter.name).toBe('RegExpRouter')
  })

  it('answer a word other than a fixed segment routed on a parameter as before: no such call', async () => {
    // POST /invitations/accept is routed on /invitations/:invitationId; any other word there is no call.
    const other = await s.request('POST', '/api/invitations/acknowledge', { body: {} })
    expect(other.status).toBe(404)
    expect((other.body as { code: string }).code).toBe('NOT_FOUND')
  })

  it('offer the features GET /capabilities names, and only those', async () => {
    const { features } = (await s.request('GET', '/api/capabilities')).body as { features: string[] }
    expect(features).toEqual(featuresOf(RESOURCES, withDefaults({})))
    const offering = RESOURCES.filter((r) => r.features).map((r) => r.name)
    expect(offering).toEqual(expect.arrayContaining(['webhooks', 'usage', 'accounts', 'projects', 'members']))
    for (const r of RESOURCES) for (const f of r.features?.(withDefaults({})) ?? []) expect(features, r.name).toContain(f)
  })
})
