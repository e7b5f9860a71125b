/**
 * The bundle's scripts as a production server sends them: the build's brotli
 * or gzip copy by the browser's Accept-Encoding, hashed chunks cached for
 * good, the entry script revalidated by its ETag.
 */
import { Hono } from 'hono'
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeCompressed } from '../../build/precompress'
import { acceptedEncodings } from '../../server/http/encoding'
import { serveStatic } from '../../server/http/static'

const ENTRY = `/* the entry */ ${'console.log("flex");'.repeat(200)}`
const CHUNK = `/* a chunk */ ${'export const x = 1;'.repeat(200)}`
const CHUNK_PATH = '/fp-app-21HJ9SMe.js'
const CHROME = 'gzip, deflate, br, zstd'

let dir: string
let app: { request: Hono['request'] }
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flex-static-'))
  await writeFile(join(dir, 'flex-portal.js'), ENTRY)
  await writeFile(join(dir, CHUNK_PATH.slice(1)), CHUNK)
  await writeFile(join(dir, 'page.css'), 'body{}')
  await writeCompressed(dir, 'flex-portal.js', ENTRY)
  await writeCompressed(dir, CHUNK_PATH.slice(1), CHUNK)
  // A script whose copies are older than it: a stale build's, never sent.
  await writeFile(join(dir, 'stale.js'), 'new content')
  await writeCompressed(dir, 'stale.js', 'old content')
  const past = new Date(Date.now() - 60_000)
  for (const copy of ['stale.js.br', 'stale.js.gz']) await utimes(join(dir, copy), past, past)
  app = new Hono().use('*', serveStatic([{ dir, crossOrigin: true, bundle: true }]))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => app.request(path, { method, headers })

/** The body as the browser would read it, after its Content-Encoding. */
async function decoded(res: Response): Promise<string> {
  const bytes = Buffer.from(await res.arrayBuffer())
  const encoding = res.headers.get('content-encoding')
  return (encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes).toString()
}

describe('compressed scripts', () => {
  it.each([
    [CHROME, 'br'],
    ['br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip;q=0.8, br;q=0.9', 'br'],
    ['*', 'br'],
    ['br;q=0, *;q=0.5', 'gzip'],
    ['GZIP', 'gzip'],
  ])('Accept-Encoding %j gets the %s copy, with Vary and its length', async (accept, encoding) => {
    const res = await get('/flex-portal.js', { 'Accept-Encoding': accept })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe(encoding)
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    const bytes = (await res.clone().arrayBuffer()).byteLength
    expect(Number(res.headers.get('content-length'))).toBe(bytes)
    expect(bytes).toBeLessThan(ENTRY.length / 4)
    expect(await decoded(res)).toBe(ENTRY)
  })

  it.each([[undefined], ['identity'], ['deflate'], ['br;q=0, gzip;q=0'], ['*;q=0, identity'], ['gzip;q=0.5, identity;q=1'], ['br;q=nonsense']])(
    'a client that accepts neither (Accept-Encoding %j) gets the plain file',
    async (accept) => {
      const res = await get('/flex-portal.js', accept === undefined ? {} : { 'Accept-Encoding': accept })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-encoding')).toBeNull()
      expect(res.headers.get('vary')).toBe('Accept-Encoding')
      expect(await res.text()).toBe(ENTRY)
    },
  )

  it('never sends a copy a former build left behind, older than its script', async () => {
    const res = await get('/stale.js', { 'Accept-Encoding': CHROME })
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(await res.text()).toBe('new content')
  })

  it('answers HEAD with the headers and length of the copy it would send, and no body', async () => {
    const full = await get('/flex-portal.js', { 'Accept-Encoding': CHROME })
    const head = await get('/flex-portal.js', { 'Accept-Encoding': CHROME }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers.get('content-encoding')).toBe('br')
    expect(head.headers.get('content-length')).toBe(full.headers.get('content-length'))
    expect(head.headers.get('etag')).toBe(full.headers.get('etag'))
    expect(await head.text()).toBe('')
  })

  it("answers a byte range from the plain file's bytes, uncompressed", async () => {
    const res = await get('/flex-portal.js', { 'Accept-Encoding': CHROME, Range: 'bytes=3-9' })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(res.headers.get('content-range')).toBe(`bytes 3-9/${ENTRY.length}`)
    expect(await res.text()).toBe(ENTRY.slice(3, 10))
    const outside = await get('/flex-portal.js', { Range: `bytes=${ENTRY.length + 10}-` })
    expect(outside.status).toBe(416)
  })

  it("resumes a download only while it is the same file: an If-Range of another build's tag gets the whole file", async () => {
    const plain = await get('/flex-portal.js', { 'Accept-Encoding': 'identity' })
    const tag = plain.headers.get('etag')!
    const same = await get('/flex-portal.js', { Range: 'bytes=3-9', 'If-Range': tag })
    expect([same.status, await same.text()]).toEqual([206, ENTRY.slice(3, 10)])
    for (const other of ['"a-former-build"', 'Mon, 01 Jan 2001 00:00:00 GMT']) {
      const res = await get('/flex-portal.js', { 'Accept-Encoding': 'identity', Range: 'bytes=3-9', 'If-Range': other })
      expect([res.status, res.headers.get('content-range'), await res.text()]).toEqual([200, null, ENTRY])
    }
  })
})

describe('caching', () => {
  it('caches a hashed chunk for a year, as immutable', async () => {
    for (const accept of [CHROME, 'identity']) {
      const res = await get(CHUNK_PATH, { 'Accept-Encoding': accept })
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(res.headers.get('access-control-allow-origin')).toBe('*')
      expect(await decoded(res)).toBe(CHUNK)
    }
  })

  it('gives the entry script a short max-age and an ETag, and answers 304 to that ETag', async () => {
    const first = await get('/flex-portal.js', { 'Accept-Encoding': CHROME })
    expect(first.headers.get('cache-control')).toBe('public, max-age=300')
    const tag = first.headers.get('etag')!
    expect(tag).toMatch(/^"[\w-]+"$/)
    for (const ifNoneMatch of [tag, `W/${tag}`, `"other", ${tag}`, '*']) {
      const again = await get('/flex-portal.js', { 'Accept-Encoding': CHROME, 'If-None-Match': ifNoneMatch })
      expect(again.status, ifNoneMatch).toBe(304)
      expect(await again.text()).toBe('')
      expect(again.headers.get('etag')).toBe(tag)
      expect(again.headers.get('cache-control')).toBe('public, max-age=300')
      expect(again.headers.get('vary')).toBe('Accept-Encoding')
    }
    const changed = await get('/flex-portal.js', { 'Accept-Encoding': CHROME, 'If-None-Match': '"an-older-build"' })
    expect(changed.status).toBe(200)
    expect(await decoded(changed)).toBe(ENTRY)
  })

  it('tags each encoding apart: a tag of the brotli copy does not answer 304 to a client that gets gzip', async () => {
    const br = (await get('/flex-portal.js', { 'Accept-Encoding': 'br' })).headers.get('etag')!
    const gzip = await get('/flex-portal.js', { 'Accept-Encoding': 'gzip', 'If-None-Match': br })
    expect(gzip.status).toBe(200)
    expect(gzip.headers.get('etag')).not.toBe(br)
    const plain = await get('/flex-portal.js', { 'If-None-Match': br })
    expect(plain.status).toBe(200)
    expect(plain.headers.get('etag')).not.toBe(br)
  })

  it("revalidates a script outside the bundle's folder (a demo page's) on every load", async () => {
    const demo = new Hono().use('*', serveStatic([dir]))
    const res = await demo.request('/flex-portal.js', { headers: { 'Accept-Encoding': CHROME } })
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    expect(await decoded(res)).toBe(ENTRY)
  })

  it('revalidates other files every time, by their ETag', async () => {
    const css = await get('/page.css', { 'Accept-Encoding': CHROME })
    expect(css.headers.get('cache-control')).toBe('no-cache')
    expect(css.headers.get('content-encoding')).toBeNull()
    expect(css.headers.get('vary')).toBeNull()
    expect((await get('/page.css', { 'If-None-Match': css.headers.get('etag')! })).status).toBe(304)
  })
})

describe('acceptedEncodings', () => {
  it('orders by weight, brotli first among equals, and drops what is refused', () => {
    expect(acceptedEncodings(CHROME).map((e) => e.name)).toEqual(['br', 'gzip'])
    expect(acceptedEncodings('gzip;q=1.0, br;q=0.999').map((e) => e.name)).toEqual(['gzip', 'br'])
    expect(acceptedEncodings('br;q=0.2, gzip;q=0.2, identity;q=0.5')).toEqual([])
    expect(acceptedEncodings('br;q=2')).toEqual([])
    expect(acceptedEncodings(',;, ;q=1')).toEqual([])
  })
})
