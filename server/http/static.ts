import { serveStatic as serveFiles } from '@hono/node-server/serve-static'
import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'
import type { MiddlewareHandler } from 'hono'
import { acceptedEncodings, type Encoding } from './encoding'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
}

/**
 * A folder served at `/`. `crossOrigin` is for the bundle's folder: the
 * script-tag build's chunks are classic scripts (build/classic-chunks.ts),
 * which load from any origin, but the ES module build beside them
 * (flex-portal.mjs and esm/) is fetched with CORS when a page on another
 * origin loads it as a module script.
 */
export interface StaticRoot {
  dir: string
  crossOrigin?: boolean
  /**
   * The build's output (dist/): its hashed chunks are cached for a year, its
   * entry scripts for a few minutes. Elsewhere every file is revalidated on
   * each load, so an edited demo page shows at once.
   */
  bundle?: boolean
}

/**
 * The path of the file that `urlPath` (raw, still percent-encoded) names
 * under a root, decoded once, or undefined. Refuses anything that could step outside a
 * root: `..` or `.` segments, encoded slashes or backslashes, NUL, dot-files,
 * and any extension not listed above.
 */
export function requestedFile(urlPath: string): string | undefined {
  let path: string
  try {
    path = decodeURIComponent(urlPath === '/' ? '/index.html' : urlPath)
  } catch {
    return undefined // malformed percent-encoding
  }
  if (/[\\\0]/.test(path) || urlPath.includes('%2f') || urlPath.includes('%2F')) return undefined
  const segments = path.split('/').slice(1)
  if (segments.some((s) => s === '' || s.startsWith('.'))) return undefined
  if (!TYPES[extname(path).toLowerCase()]) return undefined
  return path
}

type StaticEnv = { Variables: { staticFile?: string } }

/**
 * The names the build gives to files whose content never changes under them
 * (vite.config.ts: `fp-[name]-[hash].js`, `esm/[name]-[hash].mjs`): cached
 * for a year. The entries (flex-portal.js, .mjs) keep their names across
 * releases: a short max-age, then a revalidation by ETag.
 */
const HASHED = /^\/(fp-[\w.-]+-[\w-]{8}\.js|esm\/[\w.-]+-[\w-]{8}\.mjs)$/
const IMMUTABLE = 'public, max-age=31536000, immutable'
const SHORT = 'public, max-age=300'
const SCRIPT = /\.m?js$/

/** A strong validator of a file's content, kept while its size and time stay the same. */
const digests = new Map<string, { key: string; digest: string }>()
async function digestOf(file: string, size: number, mtimeMs: number): Promise<string> {
  const key = `${size}:${mtimeMs}`
  const known = digests.get(file)
  if (known?.key === key) return known.digest
  const digest = createHash('sha256')
    .update(await readFile(file))
    .digest('base64url')
    .slice(0, 22)
  digests.set(file, { key, digest })
  return digest
}

/** If-None-Match against the one tag of this answer (weak comparison, RFC 9110 §13.1.2). */
const matches = (header: string | undefined, tag: string) =>
  header !== undefined && header.split(',').some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === tag)

/**
 * How much older than its file a copy may be and still be the same build's: a
 * deployment that copies the folder file by file writes them in any order.
 * A copy older than that is a former build's, left behind: never sent.
 */
const SAME_BUILD_MS = 10_000

/** The compressed copy of `file` to send, if the client accepts one and the build wrote it. */
async function compressedCopy(file: string, mtimeMs: number, accept: string | undefined): Promise<Encoding | undefined> {
  for (const encoding of acceptedEncodings(accept)) {
    const copy = await stat(file + encoding.suffix).catch(() => undefined)
    if (copy?.isFile() && copy.mtimeMs >= mtimeMs - SAME_BUILD_MS) return encoding
  }
  return undefined
}

/**
 * Serves GET/HEAD requests from `roots`, first match wins; anything else, and
 * any path requestedFile refuses, falls through. Scripts go out as the build's
 * brotli or gzip copy when the client takes one (a range asks for the plain
 * file's bytes: it gets them); a bundle's hashed chunks are cached for good,
 * every other file revalidated by its ETag (`no-cache`, or the bundle's entry
 * scripts' short max-age).
 */
export function serveStatic(roots: ReadonlyArray<string | StaticRoot>): MiddlewareHandler<StaticEnv> {
  // Each root is served by serve-static, given the absolute path to look up:
  // with a `root` of its own it would check at start that the folder exists,
  // and dist/ may be built after the server starts.
  const serve = serveFiles<StaticEnv>({ allowPercentInPath: true, rewriteRequestPath: (path, c) => c.var.staticFile ?? path })
  const folders = roots
    .map((root) => (typeof root === 'string' ? { dir: root } : root))
    .map(({ dir, crossOrigin = false, bundle = false }) => ({ base: resolve(dir), crossOrigin, bundle }))
  const none = async () => {}
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    // The raw path: c.req.path is already partly decoded.
    const path = requestedFile(new URL(c.req.url).pathname)
    if (path === undefined) return next()
    for (const { base, crossOrigin, bundle } of folders) {
      const file = resolve(base, `.${path}`)
      if (!file.startsWith(base + sep)) continue
      const stats = await stat(file).catch(() => undefined)
      if (!stats?.isFile()) continue
      const script = SCRIPT.test(file)
      // A resumed download whose If-Range is not this file's tag gets the whole file (RFC 9110 §13.1.5): what it
      // has came from another build. serve-static reads no If-Range, so the Range goes.
      const ifRange = c.req.header('If-Range')
      if (ifRange !== undefined && c.req.header('Range') && ifRange !== `"${await digestOf(file, stats.size, stats.mtimeMs)}"`)
        c.req.raw.headers.delete('Range')
      const encoding = script && !c.req.header('Range') ? await compressedCopy(file, stats.mtimeMs, c.req.header('Accept-Encoding')) : undefined
      // Each encoding is a representation of its own, with a tag of its own.
      const tag = `"${await digestOf(file, stats.size, stats.mtimeMs)}${encoding ? `-${encoding.name}` : ''}"`
      const headers: Record<string, string> = {
        'Content-Type': TYPES[extname(file).toLowerCase()],
        'Cache-Control': !bundle || !script ? 'no-cache' : HASHED.test(path) ? IMMUTABLE : SHORT,
        ETag: tag,
      }
      if (script) headers.Vary = 'Accept-Encoding'
      if (crossOrigin) headers['Access-Control-Allow-Origin'] = '*'
      if (matches(c.req.header('If-None-Match'), tag)) return c.body(null, 304, headers)
      c.set('staticFile', encoding ? file + encoding.suffix : file)
      const res = await serve(c, none)
      if (!res) continue
      // On the answer itself: headers set through the context once it is made
      // (serve-static's onFound) reach it on a socket but not in-process.
      for (const [name, value] of Object.entries(headers)) res.headers.set(name, value)
      if (encoding) res.headers.set('Content-Encoding', encoding.name)
      return res
    }
    return next()
  }
}
