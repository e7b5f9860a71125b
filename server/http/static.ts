import { readFile, stat } from 'node:fs/promises'
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
 * The file under one of `roots` that `urlPath` names, or undefined. Refuses
 * anything that could step outside a root: `..` or `.` segments, encoded
 * slashes or backslashes, NUL, dot-files, and any path that does not resolve
 * inside the root.
 */
export async function findStaticFile(roots: readonly string[], urlPath: string): Promise<string | undefined> {
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
  for (const root of roots) {
    const base = resolve(root)
    const file = resolve(base, ...segments)
    if (!file.startsWith(base + sep)) continue
    try {
      if ((await stat(file)).isFile()) return file
    } catch {
      // not in this root; try the next
    }
  }
  return undefined
}

/**
 * Serves GET/HEAD requests from `roots`, first match wins; other requests fall
 * through. Files are small and few, so each is read whole; `no-cache` lets a
 * rebuilt bundle show up on the next reload.
 */
export function serveStatic(roots: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    // The raw path, decoded once here (c.req.path is already partly decoded).
    const file = await findStaticFile(roots, new URL(c.req.url).pathname)
    if (!file) return next()
    const body = await readFile(file)
    const headers = { 'Content-Type': TYPES[extname(file).toLowerCase()], 'Cache-Control': 'no-cache' }
    // For HEAD, Hono drops the body itself.
    return c.body(new Uint8Array(body), 200, headers)
  }
}
