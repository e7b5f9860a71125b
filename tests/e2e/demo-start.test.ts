/**
 * The server as a newcomer starts it (`npm start`, nothing set, outside
 * production): a webhook endpoint on this machine is allowed, and the service
 * token it makes and the curl line its banner prints verify a key made in the
 * portal, which then shows on the project page's Usage. No SERVICE_TOKEN nor
 * WEBHOOK_ALLOW_PRIVATE_NETWORKS is set: these are the defaults.
 */
import { execFile } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import { callApi, createAccount } from './harness/api'
import { button, dialog, heading, logIn, TEXT } from './harness/screens'
import { removeDataDir, startServer, type ServerProcess } from './harness/server'
import { expect, test } from './harness/test'

const run = promisify(execFile)

test.describe.configure({ mode: 'serial' })

let server: ServerProcess
test.beforeAll(async () => {
  // Nothing the demo does not set itself: no token, no private-network switch (the runner's own are dropped).
  server = await startServer({ env: { SERVICE_TOKEN: '', WEBHOOK_ALLOW_PRIVATE_NETWORKS: '', NODE_ENV: '' } })
})
test.afterAll(async () => {
  await server?.stop()
  if (server) await removeDataDir(server.dataDir)
})

test('a webhook endpoint on this machine is allowed, and its test event arrives', async ({ page }) => {
  const deliveries: string[] = []
  const receiver = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      deliveries.push(body)
      res.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`
  try {
    expect(server.output()).toContain('Webhooks: endpoints on this machine and private networks are allowed')
    const account = await createAccount(server.origin)
    const project = await callApi<{ id: string }>(server.origin, 'POST', '/manage/dapp', account.accessToken, { name: 'Demo hooks' })
    await page.goto(`${server.url}#/login`)
    await logIn(page, account)
    await expect(heading(page, TEXT.dashboardHeading)).toBeVisible()
    await page.goto(`${server.url}#/projects?projectid=${encodeURIComponent(project.id)}`)
    const hooks = page.getByRole('region', { name: 'Webhooks' })
    await button(hooks, 'Add endpoint').click()
    const add = dialog(page, 'Add endpoint')
    await add.getByLabel('Endpoint URL').fill(url)
    await button(add, 'Add endpoint').click()
    await expect(add).toBeHidden()
    const panel = page.getByRole('region', { name: url })
    await button(panel, 'Send test event').click()
    const send = dialog(page, 'Send test event')
    await button(send, 'Send').click()
    await expect.poll(() => deliveries.length, { message: 'the receiver on loopback got the test event' }).toBe(1)
    await expect(panel.getByRole('table', { name: 'Delivery attempts' }).getByText('Succeeded')).toBeVisible()
  } finally {
    await new Promise((resolve) => receiver.close(resolve))
  }
})

test("the banner's curl line, with the token it made, verifies a key from the portal, and Usage counts it", async ({ page }) => {
  const line = /Verify a key: (curl .*)$/m.exec(server.output())
  expect(line, `the banner prints a curl line; it printed:\n${server.output()}`).not.toBeNull()
  const account = await createAccount(server.origin)
  const project = await callApi<{ id: string; apiKey: Record<string, string> }>(server.origin, 'POST', '/manage/dapp', account.accessToken, {
    name: 'Demo usage',
  })
  const [key] = Object.values(project.apiKey)
  // As a newcomer pastes it: the key in place of the placeholder, run by a shell (the token read from its file).
  const command = line![1].replace('<an API key from the portal>', key)
  const { stdout } = await run('sh', ['-c', command])
  expect(JSON.parse(stdout)).toMatchObject({ valid: true })
  expect(server.output(), 'the token itself is never printed').not.toMatch(/dev_[A-Za-z0-9_-]{20,}/)

  await page.goto(`${server.url}#/login`)
  await logIn(page, account)
  await expect(heading(page, TEXT.dashboardHeading)).toBeVisible()
  await page.goto(`${server.url}#/projects?projectid=${encodeURIComponent(project.id)}`)
  // Counts reach the database in batches, within about a second: the page is read again until it shows.
  await expect(async () => {
    await page.reload()
    await expect(page.getByRole('region', { name: 'Usage' }).getByRole('img', { name: /1 valid, 0 refused/ })).toBeVisible({ timeout: 3000 })
  }).toPass({ timeout: 30_000 })
})
