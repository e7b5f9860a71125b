import { serveStatic as serveFiles } from '@hono/node-server/serve-static'
import { extname, resolve, sep } from 'node:path'
import type { MiddlewareHandler } from 'hono'

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
 * Serves GET/HEAD requests from `roots`, first match wins; anything else, and
 * any path requestedFile refuses, falls through. `no-cache` lets a rebuilt
 * bundle show up on the next reload.
 */
export function serveStatic(roots: ReadonlyArray<string | StaticRoot>): MiddlewareHandler<StaticEnv> {
  // Each root is served by serve-static, given the absolute path to look up:
  // with a `root` of its own it would check at start that the folder exists,
  // and dist/ may be built after the server starts.
  const serve = serveFiles<StaticEnv>({ allowPercentInPath: true, rewriteRequestPath: (path, c) => c.var.staticFile ?? path })
  const folders = roots
    .map((root) => (typeof root === 'string' ? { dir: root } : root))
    .map(({ dir, crossOrigin = false }) => ({ base: resolve(dir), crossOrigin }))
  const none = async () => {}
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    // The raw path: c.req.path is already partly decoded.
    const path = requestedFile(new URL(c.req.url).pathname)
    if (path === undefined) return next()
    for (const { base, crossOrigin } of folders) {
      const file = resolve(base, `.${path}`)
      if (!file.startsWith(base + sep)) continue
      c.set('staticFile', file)
      const res = await serve(c, none)
      if (!res) continue
      // On the answer itself: headers set through the context once it is made
      // (serve-static's onFound) reach it on a socket but not in-process.
      res.headers.set('Content-Type', TYPES[extname(file).toLowerCase()])
      res.headers.set('Cache-Control', 'no-cache')
      if (crossOrigin) res.headers.set('Access-Control-Allow-Origin', '*')
      return res
    }
    return next()
  }
}
