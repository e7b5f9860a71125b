import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { Hono } from 'hono'

const require = createRequire(import.meta.url)
const REDOC = require.resolve('redoc/bundles/redoc.standalone.js')
const INIT = new URL('./init.js', import.meta.url)

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

// An empty icon of its own: without one the browser asks for /favicon.ico, which this server does not
// serve, and the reference opens with a 404 in the console.
const page = (portalName: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · ${escapeHtml(portalName)}</title>
<link rel="icon" href="data:,">
</head>
<body style="margin:0">
<noscript>This reference needs JavaScript. The API's OpenAPI document is at <a href="openapi.json">openapi.json</a>.</noscript>
<div id="reference"></div>
<script src="docs/redoc.standalone.js"></script>
<script src="docs/init.js"></script>
</body>
</html>
`

// Redoc's sidebar footer loads its logo from Redocly's CDN, unconditionally: the
// one remote request of the page. Served with an empty image instead (it then
// hides itself), so the page needs nothing but this server.
const CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg'
let redoc: Promise<string> | undefined
const redocBundle = () => (redoc ??= readFile(REDOC, 'utf8').then((text) => text.replaceAll(CDN_LOGO, 'data:,')))

const js = { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }

/**
 * `GET /docs`: a human-readable reference with a Quickstart, rendered in the
 * browser from `GET /openapi.json` by Redoc (maintained, from npm). The sidebar
 * links of the portal point here by default. Its looser script and style
 * policy (DOCS_CSP) is set with every answer's headers (http/security-headers.ts).
 */
export const docsRoutes = (portalName = 'Flex Portal') =>
  new Hono()
    .get('/docs', (c) => c.html(page(portalName)))
    .get('/docs/redoc.standalone.js', async (c) => c.body(await redocBundle(), 200, js))
    .get('/docs/init.js', async (c) => c.body(await readFile(INIT, 'utf8'), 200, js))
