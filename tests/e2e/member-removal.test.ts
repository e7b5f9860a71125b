/**
 * Removing a member in the browser against the real server: the member has
 * keys whose text they saw and an endpoint they added; the owner's removal
 * dialog lists them with what will happen to each (revoked and disabled
 * unless kept), in English and in German, on a phone and a laptop, axe
 * clean; the kept key works on and the others stop. Screenshots of the
 * dialog go to test-artifacts/e2e/.
 */
import { startInbox, type Inbox } from '../support/smtp'
import { createAccount, createProjectFor, verifyAccount, type Account } from './harness/api'
import './harness/artifacts'
import { join } from 'node:path'
import { ARTIFACTS } from './harness/paths'
import { startServer, removeDataDir, type ServerProcess } from './harness/server'
import { button, dialog, heading, inGerman, logIn } from './harness/screens'
import { expect, test } from './harness/test'

let inbox: Inbox
let mine: ServerProcess
const SERVICE_TOKEN = 'service-token-of-the-removal-e2e'

test.describe.configure({ mode: 'default' })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  inbox = await startInbox()
  mine = await startServer({ env: { SMTP_URL: inbox.url, WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', SERVICE_TOKEN } })
})
test.afterAll(async () => {
  await mine?.stop()
  if (mine) await removeDataDir(mine.dataDir)
  await inbox?.close()
})

async function api(method: string, path: string, token: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${mine.origin}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const data = (await res.json()) as Record<string, unknown>
  if (!res.ok) throw new Error(`${method} /api${path} answered ${res.status}: ${String(data.message)}`)
  return data
}

/** An account made through the API, its sign-up verification mail taken (and its code entered when `verified`: an inviter needs it). */
async function account(name: string, verified = false): Promise<Account> {
  const a = await createAccount(mine.origin, name)
  const mail = await inbox.next(a.email)
  if (verified) await verifyAccount(mine.origin, a, /^\s+(\d{10})\s*$/m.exec(mail.text ?? '')![1])
  return a
}

/** A project of `owner`'s with `dev` a developer who made two keys and an endpoint; answers the keys' texts by name. */
async function stage(owner: Account, dev: Account, name: string) {
  const { id } = await createProjectFor(mine.origin, owner, name)
  await api('POST', `/manage/dapp/${id}/members`, owner.accessToken, { email: dev.email, role: 'developer' })
  const code = /\bfxi_[\w-]+/.exec((await inbox.next(dev.email)).text ?? '')![0]
  await api('POST', '/invitations/accept', dev.accessToken, { code })
  const keys: Record<string, string> = {}
  for (const keyName of ['Production checkout', 'Laptop testing']) {
    keys[keyName] = Object.values(await api('POST', `/manage/dapp/${id}/api-key`, dev.accessToken, { name: keyName }))[0] as string
  }
  await api('POST', `/manage/dapp/${id}/webhooks`, dev.accessToken, {
    url: 'http://127.0.0.1:9/hooks/payments-and-refunds/receiver',
    description: 'Payments receiver (staging)',
  })
  return keys
}

const verifies = async (key: string) =>
  (
    (await (
      await fetch(`${mine.origin}/api/keys/verify`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${SERVICE_TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ key }),
      })
    ).json()) as { valid: boolean }
  ).valid

for (const [label, viewport] of [
  ['phone', { width: 375, height: 740 }],
  ['laptop', { width: 1280, height: 800 }],
] as const) {
  test.describe(`on a ${label}`, () => {
    test.use({ viewport, isMobile: label === 'phone', hasTouch: label === 'phone' })

    for (const lang of ['en', 'de'] as const) {
      test(`the removal dialog lists the member's keys and endpoint with what happens to each (${lang})`, async ({ page, axe }) => {
        test.setTimeout(90_000)
        const owner = await account('Ada Owner', true)
        const dev = await account('Dev Eloper')
        const project = `Payments ${label} ${lang}`
        const keys = await stage(owner, dev, project)

        await page.goto(`${mine.url}#/login`)
        await logIn(page, owner)
        await page.getByRole('link', { name: project }).click()
        await expect(heading(page, project)).toBeVisible()
        const members = page.getByRole('region', { name: 'Members', exact: true })
        await button(members, `Actions for ${dev.name}`).click()
        await members.getByRole('menuitem', { name: 'Remove' }).click()
        let remove = dialog(page, 'Remove member')
        await expect(remove.getByText('Production checkout', { exact: true })).toBeVisible()
        if (lang === 'de') {
          await inGerman(page)
          remove = dialog(page, 'Mitglied entfernen')
          await expect(remove.getByText('Webhook-Endpunkte', { exact: true })).toBeVisible()
        }
        const keep = lang === 'de' ? 'Behalten' : 'Keep'
        await remove
          .getByRole('group', { name: /Production checkout/ })
          .getByRole('radio', { name: keep })
          .check()
        expect(await axe.check(page)).toBe('')
        // What the reader sees: the dialog over the page, not the whole page's length.
        await page.screenshot({ path: join(ARTIFACTS, `member-removal-dialog-${label}-${lang}.png`) })

        await button(remove, lang === 'de' ? 'Entfernen' : 'Remove').click()
        await expect(remove).toBeHidden()
        expect(await verifies(keys['Production checkout'])).toBe(true)
        expect(await verifies(keys['Laptop testing'])).toBe(false)
      })
    }
  })
}
