/**
 * A restricted key end to end: in a real browser, the portal's key dialog
 * creates a read-only test key restricted to 127.0.0.1, against a server with
 * a scope catalog; a provider's Hono app behind `flex-portal/verify` then
 * accepts a read with it from this machine and refuses a write.
 */
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createVerifier, honoApiKey, type ApiKeyVariables } from '../../verify/index'
import { createAccount, createProjectFor } from './harness/api'
import { screenshot } from './harness/artifacts'
import { button, dialog, heading, logIn, TEXT } from './harness/screens'
import { removeDataDir, startServer, type ServerProcess } from './harness/server'
import { expect, test } from './harness/test'

const SERVICE_TOKEN = 'an-e2e-service-token-for-key-restrictions'
const CATALOG = [
  { name: 'invoices:read', description: 'Read invoices', group: 'Invoices', access: 'read' },
  { name: 'invoices:write', description: 'Create and change invoices', group: 'Invoices', access: 'write' },
]

// One server of its own, with a catalog and a service token to verify with.
test.describe.configure({ mode: 'serial' })

let server: ServerProcess
let catalogDir: string
test.beforeAll(async () => {
  catalogDir = await mkdtemp(join(tmpdir(), 'flex-scopes-'))
  const file = join(catalogDir, 'scopes.json')
  await writeFile(file, JSON.stringify(CATALOG))
  server = await startServer({ env: { SERVICE_TOKEN, KEY_SCOPES_FILE: file } })
})
test.afterAll(async () => {
  await server?.stop()
  if (server) await removeDataDir(server.dataDir)
  if (catalogDir) await rm(catalogDir, { recursive: true, force: true })
})

/** The provider's API, on a port of its own: a read and a write, each asking the scope it needs. */
async function providerApp(): Promise<{ origin: string; server: Server }> {
  const verifier = createVerifier({ url: `${server.origin}/api/keys/verify`, serviceToken: SERVICE_TOKEN, cacheSeconds: 0 })
  const app = new Hono<{ Variables: ApiKeyVariables }>()
  app.get('/v1/invoices', honoApiKey(verifier, { scopes: ['invoices:read'] }), (c) => c.json({ mode: c.get('apiKey').mode, invoices: [] }))
  app.post('/v1/invoices', honoApiKey(verifier, { scopes: ['invoices:write'] }), (c) => c.json({ made: true }, 201))
  const running = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }) as Server
  if (!running.listening) await new Promise((resolve) => running.once('listening', resolve))
  return { origin: `http://127.0.0.1:${(running.address() as AddressInfo).port}`, server: running }
}

test('the key dialog makes a read-only test key for 127.0.0.1; a Hono app behind the middleware accepts a read with it and refuses a write', async ({
  page,
}) => {
  const account = await createAccount(server.origin)
  const project = await createProjectFor(server.origin, account, 'Invoices API')
  await page.goto(`${server.url}#/login`)
  await logIn(page, account)
  await expect(heading(page, TEXT.dashboardHeading)).toBeVisible()
  await page.goto(`${server.url}#/projects?projectid=${encodeURIComponent(project.id)}`)
  await expect(page.getByRole('columnheader', { name: 'Access' })).toBeVisible()

  await button(page, 'Create').click()
  const create = dialog(page, 'Create API key')
  await create.getByLabel('Key name (optional)').fill('Reader')
  await create.getByRole('radio', { name: /^Test/ }).check()
  await create.getByRole('radio', { name: /^Read only/ }).check()
  await create.getByLabel('Allowed IP addresses').fill('127.0.0.1')
  await expect(create.getByRole('status')).toHaveText('A test key that can read everything, from 1 IP range.')
  await screenshot(page, 'key-restrictions-dialog')
  await button(create, 'Create key').click()

  const reveal = dialog(page, 'New API Information')
  // A test key's text has a prefix of its own (the verification's mode is what counts).
  const key = ((await reveal.getByText(/^fxk_test_/).textContent()) ?? '').trim()
  expect(key).toMatch(/^fxk_test_\S{20,}$/)
  await button(reveal, 'Exit').click()
  const row = page.getByRole('row').filter({ hasText: 'Reader' })
  await expect(row.getByText('Test', { exact: true })).toBeVisible()
  await expect(row.getByText('Read only · 1 IP range')).toBeVisible()

  const provider = await providerApp()
  try {
    const call = (method: string) => fetch(`${provider.origin}/v1/invoices`, { method, headers: { Authorization: `Bearer ${key}` } })
    const read = await call('GET')
    expect(read.status).toBe(200)
    expect(await read.json()).toEqual({ mode: 'test', invoices: [] })
    const write = await call('POST')
    expect(write.status).toBe(403)
    expect(await write.json()).toMatchObject({ code: 'INSUFFICIENT_SCOPE' })
  } finally {
    await new Promise((resolve) => provider.server.close(resolve))
  }
})
