/**
 * Webhooks in a real browser against the reference server: add an endpoint
 * that points at a receiver in this test, send a test event and read the
 * receiver's answer in the log, resend it, and roll the secret (the next
 * delivery verifies with the new secret, as a consumer would check it). On a
 * phone and a laptop, axe clean at every step; and a spec-only server hides it all.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'
import { Webhook } from 'standardwebhooks'
import { createAccount, createProjectFor } from './harness/api'
import { join } from 'node:path'
import type { Locator } from '@playwright/test'
import { screenshot } from './harness/artifacts'
import { ARTIFACTS } from './harness/paths'
import { button, dialog, heading, logIn, TEXT } from './harness/screens'
import { expect, test, type Axe, type FlexServer } from './harness/test'

// A receiver on loopback is a private address: the file's own server allows it. A retry comes ten
// minutes after a failure, so it stays scheduled while a test looks at it.
test.use({
  ownServer: true,
  ownServerEnv: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_EVENT_TYPES: 'invoice.paid,invoice.failed', WEBHOOK_RETRY_SCHEDULE: '600,600' },
})

const ANSWER = 'Received by the test receiver'

interface Delivery {
  headers: Record<string, string>
  body: string
}

/** A webhook consumer: records every POST and answers `status(n)` (default 200) to the nth (0-based), with a short text. */
async function startReceiver(status: (n: number) => number = () => 200): Promise<{ url: string; deliveries: Delivery[]; close: () => Promise<void> }> {
  const deliveries: Delivery[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
    req.on('end', () => {
      deliveries.push({ headers: req.headers as Record<string, string>, body })
      res.writeHead(status(deliveries.length - 1), { 'Content-Type': 'text/plain' }).end(ANSWER)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/hooks`, deliveries, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

async function openProject(page: Page, server: FlexServer, projectName: string) {
  const account = await createAccount(server.origin)
  const project = await createProjectFor(server.origin, account, projectName)
  await page.goto('/#/login')
  await logIn(page, account)
  await expect(heading(page, TEXT.anyDashboardHeading)).toBeVisible()
  await page.goto(`/#/projects?projectid=${encodeURIComponent(project.id)}`)
  await expect(heading(page, projectName)).toBeVisible()
  return project
}

/** A dialog alone, as the reader sees it (a full-page picture of a fixed overlay is hard to read). */
const dialogShot = (box: Locator, name: string) => box.screenshot({ path: join(ARTIFACTS, `${name}.png`) })

const section = (page: Page) => page.getByRole('region', { name: 'Webhooks', exact: true })

async function clean(page: Page, axe: Axe, what: string) {
  expect(await axe.check(page), `${what}: no serious axe findings`).toBe('')
}

for (const [device, viewport] of [
  ['phone', { width: 375, height: 740 }],
  ['laptop', { width: 1280, height: 900 }],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use({ viewport, ...(device === 'phone' ? { isMobile: true, hasTouch: true } : {}) })

    test('adds an endpoint, sends a test event and reads the answer, resends it, and rolls the secret', async ({ page, server, axe }) => {
      const receiver = await startReceiver()
      try {
        await openProject(page, server, `Webhooks on a ${device}`)
        const hooks = section(page)
        await expect(hooks.getByText(/No endpoints yet/)).toBeVisible()
        await screenshot(page, `webhooks-${device}-empty`)
        await clean(page, axe, 'the empty section')

        // Add endpoint: a wrong address is refused beside its field, then a good one goes.
        await button(hooks, 'Add endpoint').click()
        const add = dialog(page, 'Add endpoint')
        await add.getByLabel('Endpoint URL').fill('not an address')
        await button(add, 'Add endpoint').click()
        await expect(add.getByLabel('Endpoint URL')).toHaveAccessibleDescription(/starts with https:\/\//)
        await add.getByLabel('Endpoint URL').fill(receiver.url)
        await add.getByLabel('Description (optional)').fill('The test receiver')
        await add.getByRole('radio', { name: 'Only the events I pick' }).check()
        await add.getByRole('checkbox', { name: /invoice\.paid/ }).check()
        await dialogShot(add, `webhooks-${device}-add-dialog`)
        await clean(page, axe, 'the Add endpoint dialog')
        await button(add, 'Add endpoint').click()
        await expect(add).toBeHidden()
        await expect(page.getByRole('status').filter({ hasText: 'Endpoint added.' })).toBeVisible()
        const table = hooks.getByRole('table', { name: 'Webhook endpoints' })
        await expect(table.getByText(receiver.url)).toBeVisible()
        await expect(table.getByText('invoice.paid')).toBeVisible()
        const panel = page.getByRole('region', { name: receiver.url })
        await expect(panel).toBeVisible()

        // Send test event: the receiver gets it, and its answer is in the log.
        await button(panel, 'Send test event').click()
        const send = dialog(page, 'Send test event')
        await send.getByLabel('Event type').selectOption('invoice.paid')
        await dialogShot(send, `webhooks-${device}-test-dialog`)
        await clean(page, axe, 'the Send test event dialog')
        await button(send, 'Send').click()
        await expect(send).toBeHidden()
        await expect.poll(() => receiver.deliveries.length, { message: 'the receiver got the test event' }).toBe(1)
        expect(JSON.parse(receiver.deliveries[0].body)).toMatchObject({ type: 'invoice.paid' })
        const log = panel.getByRole('table', { name: 'Delivery attempts' })
        await expect(log.getByText('Succeeded')).toBeVisible()
        await expect(log.getByText('200', { exact: true })).toBeVisible()
        await expect(table.getByText(/Succeeded/)).toBeVisible()
        await button(log, 'Response').click()
        await expect(log.getByText(ANSWER)).toBeVisible()
        await screenshot(page, `webhooks-${device}-log`)
        await clean(page, axe, 'the delivery log with a response shown')

        // Resend: the same message again (same webhook-id), a second attempt in the log.
        await log.getByRole('button', { name: /^Resend invoice\.paid/ }).click()
        await expect.poll(() => receiver.deliveries.length, { message: 'the receiver got the message again' }).toBe(2)
        expect(receiver.deliveries[1].headers['webhook-id']).toBe(receiver.deliveries[0].headers['webhook-id'])
        await expect(log.getByText('Succeeded')).toHaveCount(2)

        // Roll the secret, the old one stopping now: shown once, copied as .env.
        await button(hooks, 'Roll secret').click()
        const roll = dialog(page, 'Roll webhook secret')
        await roll.getByLabel('The old secret stops working').selectOption({ label: 'Now' })
        await dialogShot(roll, `webhooks-${device}-roll-dialog`)
        await clean(page, axe, 'the Roll secret dialog')
        await button(roll, 'Roll secret').click()
        const reveal = dialog(page, 'New webhook secret')
        await expect(reveal.getByText('This is the only time you will be able to see it!')).toBeVisible()
        await button(reveal, 'Copy as .env').click()
        // The copy is done when it says so: the write to the clipboard resolves after the click.
        await expect(reveal.getByText(TEXT.copied)).toBeVisible()
        const env = await page.evaluate(() => navigator.clipboard.readText())
        const secret = /^FLEX_WEBHOOK_SECRET=(whsec_\S+)\n$/.exec(env)?.[1] ?? ''
        expect(secret, 'the .env line holds the new secret').not.toBe('')
        expect(await reveal.innerText()).toContain(secret)
        await dialogShot(reveal, `webhooks-${device}-new-secret`)
        await clean(page, axe, 'the new secret')
        await page.keyboard.press('Escape')
        await expect(reveal, 'shown once: only Exit closes it').toBeVisible()
        await button(reveal, 'Exit').click()
        await expect(reveal).toBeHidden()

        // The next delivery is signed with the new secret, as a consumer verifies it.
        await button(panel, 'Send test event').click()
        await button(dialog(page, 'Send test event'), 'Send').click()
        await expect.poll(() => receiver.deliveries.length).toBe(3)
        const { headers, body } = receiver.deliveries[2]
        expect(() => new Webhook(secret).verify(body, headers)).not.toThrow()
        await expect(log.getByText('Succeeded')).toHaveCount(3)
        await screenshot(page, `webhooks-${device}-after-roll`)

        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
        expect(overflow, 'the page does not scroll sideways').toBeLessThanOrEqual(0)
      } finally {
        await receiver.close()
      }
    })
  })
}

/** Sets the stage through the API: an endpoint on the receiver, and one test event delivered to it. */
async function endpointWithDelivery(server: FlexServer, token: string, projectId: string, url: string) {
  const call = async (path: string, body: unknown) => {
    const res = await fetch(`${server.origin}/api/manage/dapp/${projectId}/webhooks${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    })
    expect(res.ok, `POST webhooks${path} answered ${res.status}`).toBe(true)
    return (await res.json()) as { id: string }
  }
  const endpoint = await call('', { url, description: 'Order service' })
  await call(`/${endpoint.id}/test`, {})
}

for (const [device, viewport] of [
  ['phone', { width: 375, height: 740 }],
  ['laptop', { width: 1280, height: 900 }],
] as const) {
  test(`on the light docs page and the existing product page, on a ${device}: the section, Edit, Delete, and the verification sample`, async ({
    page,
    server,
    axe,
  }) => {
    await page.setViewportSize(viewport)
    const receiver = await startReceiver()
    try {
      const account = await createAccount(server.origin)
      const project = await createProjectFor(server.origin, account, 'Docs webhooks')
      await endpointWithDelivery(server, account.accessToken, project.id, receiver.url)
      await expect.poll(() => receiver.deliveries.length).toBe(1)

      // /docs.html: the portal in a light docs site; the sample fills in the project opened.
      await page.goto('/docs.html')
      const portal = page.locator('flex-portal')
      await logIn(portal, account)
      await portal.getByRole('link', { name: 'Docs webhooks' }).click()
      const hooks = section(page)
      await expect(hooks.getByRole('table', { name: 'Webhook endpoints' }).getByText(/Succeeded/)).toBeVisible()
      await hooks.scrollIntoViewIfNeeded()
      await screenshot(page, `webhooks-docs-${device}-section`)
      await button(hooks, `Manage endpoint ${receiver.url}`).click()
      const panel = page.getByRole('region', { name: receiver.url })
      await expect(panel.getByRole('table', { name: 'Delivery attempts' }).getByText('Succeeded')).toBeVisible()
      await screenshot(page, `webhooks-docs-${device}-panel`)
      await clean(page, axe, 'the light section with an endpoint open')

      await button(panel, 'Edit').click()
      const edit = dialog(page, 'Edit endpoint')
      await expect(edit.getByLabel('Endpoint URL')).toHaveValue(receiver.url)
      await edit.getByLabel('Description (optional)').fill('Order service, v2')
      await dialogShot(edit, `webhooks-docs-${device}-edit-dialog`)
      await clean(page, axe, 'the Edit endpoint dialog')
      await button(edit, 'Save').click()
      await expect(edit).toBeHidden()
      await expect(panel.getByText('Order service, v2')).toBeVisible()

      await button(panel, 'Disable').click()
      await expect(button(panel, 'Enable')).toBeVisible()
      await expect(hooks.getByRole('table', { name: 'Webhook endpoints' }).getByText('Disabled')).toBeVisible()

      await button(panel, 'Delete').click()
      const del = dialog(page, 'Delete endpoint')
      await dialogShot(del, `webhooks-docs-${device}-delete-dialog`)
      await clean(page, axe, 'the Delete endpoint dialog')
      await button(del, 'Delete endpoint').click()
      await expect(del).toBeHidden()
      await expect(hooks.getByText(/No endpoints yet/)).toBeVisible()

      const sample = page.locator('#webhooks flex-snippet pre')
      await expect(sample, 'the verification sample names the project').toContainText(`${project.id} sent`)
      await page.locator('#webhooks').scrollIntoViewIfNeeded()
      await screenshot(page, `webhooks-docs-${device}-sample`)

      // /existing.html: the same section under <flex-project-detail>, in the host's own layout.
      await page.goto('/existing.html')
      await page.locator('flex-projects').getByRole('link', { name: 'Docs webhooks' }).click()
      await expect(section(page).getByText(/No endpoints yet/)).toBeVisible()
      await section(page).scrollIntoViewIfNeeded()
      await screenshot(page, `webhooks-existing-${device}-section`)
      await clean(page, axe, 'the section on the existing product page')
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
      expect(overflow, 'the page does not scroll sideways').toBeLessThanOrEqual(0)
    } finally {
      await receiver.close()
    }
  })
}

test('a server without webhooks shows no Webhooks section', async ({ page, server }) => {
  await page.route('**/api/capabilities', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ message: 'Not found.' }) }),
  )
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/capabilities'))
  await openProject(page, server, 'Spec-only webhooks')
  await asked
  await expect(page.getByRole('region', { name: 'API keys' })).toBeVisible()
  await expect(section(page)).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Add endpoint' })).toHaveCount(0)
})

test.describe('a retry not made yet', () => {
  test('shows as "Scheduled for …" with neither Response nor Resend, and is gone once a Resend delivers the message', async ({ page, server, axe }) => {
    // The first delivery fails (500); every later one succeeds.
    const receiver = await startReceiver((n) => (n === 0 ? 500 : 200))
    try {
      const account = await createAccount(server.origin)
      const project = await createProjectFor(server.origin, account, 'Scheduled retries')
      await endpointWithDelivery(server, account.accessToken, project.id, receiver.url)
      await expect.poll(() => receiver.deliveries.length).toBe(1)

      await page.goto('/#/login')
      await logIn(page, account)
      await expect(heading(page, TEXT.anyDashboardHeading)).toBeVisible()
      await page.goto(`/#/projects?projectid=${encodeURIComponent(project.id)}`)
      const hooks = section(page)
      await button(hooks, `Manage endpoint ${receiver.url}`).click()
      const panel = page.getByRole('region', { name: receiver.url })
      const log = panel.getByRole('table', { name: 'Delivery attempts' })
      const scheduled = log.getByRole('row').filter({ hasText: 'Scheduled for' })
      const failed = log.getByRole('row').filter({ hasText: 'Failed' })
      await expect(scheduled).toHaveCount(1)
      await expect(scheduled.getByRole('button')).toHaveCount(0)
      await expect(scheduled.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/)
      await expect(failed.getByRole('button', { name: 'Response' })).toBeVisible()
      await screenshot(page, 'webhooks-scheduled-retry')
      await clean(page, axe, 'the delivery log with a scheduled retry')

      // Resend the failed one: delivered, the delivery ends, and the scheduled retry with it.
      await failed.getByRole('button', { name: /^Resend webhook\.test/ }).click()
      await expect.poll(() => receiver.deliveries.length, { message: 'the receiver got the message again' }).toBe(2)
      await expect(log.getByText('Succeeded')).toBeVisible()
      await button(panel, 'Refresh').click()
      await expect(log.getByText('Succeeded')).toBeVisible()
      await expect(scheduled).toHaveCount(0)
      expect(receiver.deliveries[1].headers['webhook-id']).toBe(receiver.deliveries[0].headers['webhook-id'])
    } finally {
      await receiver.close()
    }
  })
})
