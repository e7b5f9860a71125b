/**
 * A page on an origin the API's CORS_ORIGINS does not name: every call fails
 * as if the server were down, and the widget says which it is. The hint (one
 * line in the error, one warning for the host's developer naming CORS_ORIGINS
 * and api-base) appears only for a server that is up; a server that is down
 * still reads "Can't reach the server.".
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { freshEmail, PASSWORD } from './harness/api'
import { logIn } from './harness/screens'
import { expect, test } from './harness/test'

const HINT = "This page's address is not allowed by the API (CORS)."

let host: Server
let hostOrigin = ''
/** A loopback port nothing listens on: an API that is down. */
let deadPort = 0

const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)))
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()))

test.beforeAll(async ({ server }) => {
  // Another site: its page takes the script from the portal and names an api-base (?api=) that refuses it, or is down.
  host = createServer((req, res) => {
    const api = new URL(req.url ?? '/', 'http://x').searchParams.get('api') ?? ''
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Another site</title></head>
<body><main><flex-login api-base="${api}"></flex-login></main><script src="${server.origin}/flex-portal.js"></script></body></html>`)
  })
  hostOrigin = `http://127.0.0.1:${await listen(host)}`
  const gone = createServer()
  deadPort = await listen(gone)
  await close(gone)
})

test.afterAll(() => close(host))

test('a page whose origin the API does not allow reads the CORS hint, and the console names CORS_ORIGINS and api-base once', async ({
  page,
  server,
  problems,
}) => {
  expect(process.env.CORS_ORIGINS ?? '', 'the shared server allows no other origin').toBe('')
  await page.goto(`${hostOrigin}/?api=${encodeURIComponent(server.origin + '/api')}`)
  await logIn(page, { email: freshEmail(), password: PASSWORD })
  const alert = page.getByRole('alert')
  await expect(alert).toContainText("Can't reach the server.")
  await expect(alert).toContainText(HINT)
  // Chromium's own "blocked by CORS policy" lines are expected here; the widget's warning is the one other line.
  const ours = problems.consoleErrors.filter((line) => !/blocked by CORS policy/.test(line))
  expect(ours).toHaveLength(1)
  expect(ours[0]).toMatch(/^warning: flex-portal: .*CORS_ORIGINS.*api-base/)
  expect(ours[0]).toContain(hostOrigin)
  problems.consoleErrors.length = 0
})

test("a page whose API is down reads 'Can't reach the server' with no hint and no warning", async ({ page, problems }) => {
  await page.goto(`${hostOrigin}/?api=${encodeURIComponent(`http://127.0.0.1:${deadPort}/api`)}`)
  await logIn(page, { email: freshEmail(), password: PASSWORD })
  const alert = page.getByRole('alert')
  await expect(alert).toContainText("Can't reach the server.")
  await expect(alert).not.toContainText('CORS')
  expect(problems.consoleErrors).toEqual([])
})
