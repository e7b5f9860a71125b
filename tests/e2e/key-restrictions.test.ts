/**
 * A restricted key end to end: in a real browser, the portal's key dialog
 * creates a read-only test key restricted to 127.0.0.1, against a server with
 * a scope catalog; the server's verification then holds the key to it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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

/** What a provider's service asks: this key, from this address, for these scopes. */
async function verify(key: string, ip: string, scopes: string[]) {
  const res = await fetch(`${server.origin}/api/keys/verify`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${SERVICE_TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ key, ip, scopes }),
  })
  return (await res.json()) as { valid: boolean; mode?: string; code?: string }
}

test('the key dialog makes a read-only test key for 127.0.0.1, which verifies for a read from there only', async ({ page }) => {
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

  expect(await verify(key, '127.0.0.1', ['invoices:read'])).toMatchObject({ valid: true, mode: 'test' })
  expect(await verify(key, '127.0.0.1', ['invoices:write'])).toMatchObject({ valid: false, code: 'INSUFFICIENT_SCOPE' })
  expect(await verify(key, '203.0.113.9', ['invoices:read'])).toMatchObject({ valid: false, code: 'IP_NOT_ALLOWED' })
})
