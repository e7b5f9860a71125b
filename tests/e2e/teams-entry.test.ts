/**
 * Teams' entry points in the browser against the real server, on a phone and
 * a laptop, in English and German: the invited reader's dashboard lists the
 * invitation with Accept (and "Have an invitation code?"); the owner makes a
 * member the owner with the password, from the member's row menu (laptop) or
 * the danger zone (phone); a viewer reads "view-only" once; a
 * removed member reads that they no longer have access; Activity reads as
 * sentences. Screenshots go to test-artifacts/e2e/.
 */
import type { Page } from '@playwright/test'
import { join } from 'node:path'
import { startInbox, type Inbox } from '../support/smtp'
import { callApi, createAccount, createProjectFor, verifyAccount, type Account } from './harness/api'
import './harness/artifacts'
import { ARTIFACTS } from './harness/paths'
import { startServer, removeDataDir, type ServerProcess } from './harness/server'
import { button, dialog, heading, inGerman, logIn } from './harness/screens'
import { expect, test } from './harness/test'

let inbox: Inbox
let mine: ServerProcess

test.describe.configure({ mode: 'default' })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  inbox = await startInbox()
  mine = await startServer({ env: { SMTP_URL: inbox.url } })
})
test.afterAll(async () => {
  await mine?.stop()
  if (mine) await removeDataDir(mine.dataDir)
  await inbox?.close()
})

const api = (method: string, path: string, token: string, body?: unknown) => callApi<Record<string, unknown>>(mine.origin, method, path, token, body)
type Listed = { id: string; email: string }[]

/** An account made through the API, its address verified with the mailed code. */
async function account(name: string): Promise<Account> {
  const a = await createAccount(mine.origin, name)
  const mail = await inbox.next(a.email)
  await verifyAccount(mine.origin, a, /^\s+(\d{10})\s*$/m.exec(mail.text ?? '')![1])
  return a
}

/** Invites `who` to the project as `role`; answers the code from the mail. */
async function invite(owner: Account, projectId: string, who: Account, role: string) {
  const { id } = await api('POST', `/manage/dapp/${projectId}/members`, owner.accessToken, { email: who.email, role })
  const code = /\bfxi_[\w-]+/.exec((await inbox.next(who.email)).text ?? '')![0]
  return { id: String(id), code }
}

async function join_(owner: Account, projectId: string, who: Account, role: string) {
  const { code } = await invite(owner, projectId, who, role)
  await api('POST', '/invitations/accept', who.accessToken, { code })
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`) })

for (const [label, viewport] of [
  ['phone', { width: 375, height: 740 }],
  ['laptop', { width: 1280, height: 800 }],
] as const) {
  test.describe(`on a ${label}`, () => {
    test.use({ viewport, isMobile: label === 'phone', hasTouch: label === 'phone' })

    for (const lang of ['en', 'de'] as const) {
      const de = lang === 'de'

      test(`the dashboard lists a pending invitation; Accept opens the project (${lang})`, async ({ page }) => {
        test.setTimeout(90_000)
        const owner = await account('Olga Owner')
        const ivy = await account('Ivy Invitee')
        const project = `Weather ${label} ${lang}`
        const { id } = await createProjectFor(mine.origin, owner, project)
        await invite(owner, id, ivy, 'developer')
        await page.goto(`${mine.url}#/login`)
        await logIn(page, ivy)
        if (de) await inGerman(page)
        const region = page.getByRole('region', { name: de ? 'Einladungen für Sie' : 'Invitations for you' })
        await expect(
          region.getByText(de ? `Olga Owner hat Sie zum Projekt ${project} eingeladen` : `Olga Owner invited you to the project ${project}`),
        ).toBeVisible()
        await expect(page.getByRole('link', { name: de ? 'Haben Sie einen Einladungscode?' : 'Have an invitation code?' })).toBeVisible()
        await shot(page, `teams-invitations-dashboard-${label}-${lang}`)
        await button(region, de ? `Einladung zu ${project} annehmen` : `Accept the invitation to ${project}`).click()
        await expect(heading(page, project)).toBeVisible()
      })

      test(`the owner makes a member the owner with the password (${lang})`, async ({ page }) => {
        test.setTimeout(90_000)
        const owner = await account('Olga Owner')
        const linus = await account('Linus Member')
        const project = `Transfer ${label} ${lang}`
        const { id } = await createProjectFor(mine.origin, owner, project)
        await join_(owner, id, linus, 'developer')
        await page.goto(`${mine.url}#/login`)
        await logIn(page, owner)
        if (de) await inGerman(page)
        await page.getByRole('link', { name: project }).click()
        await expect(heading(page, project)).toBeVisible()
        if (label === 'laptop') {
          const members = page.getByRole('region', { name: de ? 'Mitglieder' : 'Members', exact: true })
          await button(members, de ? 'Aktionen für Linus Member' : 'Actions for Linus Member').click()
          await members.getByRole('menuitem', { name: de ? 'Zum Inhaber machen' : 'Make owner' }).click()
        } else {
          const zone = page.getByRole('region', { name: de ? 'Gefahrenzone' : 'Danger zone' })
          await button(zone, de ? 'Inhaberschaft übertragen' : 'Transfer ownership').click()
        }
        const transfer = dialog(page, de ? 'Inhaberschaft übertragen' : 'Transfer ownership')
        // By name and address: a name is the member's to choose.
        const named = `Linus Member (${linus.email})`
        await expect(transfer.getByText(de ? `\u2068${named}\u2069 wird Inhaber` : `\u2068${named}\u2069 becomes the owner`)).toBeVisible()
        await transfer.getByLabel(de ? 'Ihr Passwort' : 'Your password').fill(owner.password)
        await shot(page, `teams-transfer-dialog-${label}-${lang}`)
        await button(transfer, de ? 'Zum Inhaber machen' : 'Make owner').click()
        await expect(transfer).toBeHidden()
        await expect(
          page.getByText(de ? '\u2068Linus Member\u2069 ist jetzt Inhaber. Sie sind Admin.' : '\u2068Linus Member\u2069 is now the owner. You are an admin.'),
        ).toBeVisible()
      })

      test(`a viewer reads view-only once; a removed member reads they no longer have access (${lang})`, async ({ page }) => {
        test.setTimeout(90_000)
        const owner = await account('Olga Owner')
        const vic = await account('Vic Viewer')
        const project = `Readonly ${label} ${lang}`
        const { id } = await createProjectFor(mine.origin, owner, project)
        await join_(owner, id, vic, 'viewer')
        await page.goto(`${mine.url}#/login`)
        await logIn(page, vic)
        if (de) await inGerman(page)
        await page.getByRole('link', { name: project }).click()
        await expect(heading(page, project)).toBeVisible()
        await expect(page.getByText(de ? 'Sie haben nur Lesezugriff' : 'You have view-only access')).toHaveCount(1)
        await shot(page, `teams-view-only-${label}-${lang}`)
        // Removed while the dashboard still lists the project: the reader opens it from that list.
        await page
          .getByRole('link', { name: de ? /Zurück/ : /Back to Dashboard/ })
          .first()
          .click()
        const link = page.getByRole('link', { name: project })
        await expect(link).toBeVisible()
        const members = await callApi<Listed>(mine.origin, 'GET', `/manage/dapp/${id}/members`, owner.accessToken)
        await api('DELETE', `/manage/dapp/${id}/members/${members.find((m) => m.email === vic.email)!.id}`, owner.accessToken)
        await link.click()
        await expect(page.getByText(de ? 'Sie haben keinen Zugriff mehr auf dieses Projekt.' : 'You no longer have access to this project.')).toBeVisible()
        await shot(page, `teams-removed-member-${label}-${lang}`)
      })

      test(`Activity reads as sentences (${lang})`, async ({ page }) => {
        test.setTimeout(90_000)
        const owner = await account('Ada Owner')
        const linus = await account('Linus Member')
        const project = `Activity ${label} ${lang}`
        const { id } = await createProjectFor(mine.origin, owner, project)
        await join_(owner, id, linus, 'viewer')
        const members = await callApi<Listed>(mine.origin, 'GET', `/manage/dapp/${id}/members`, owner.accessToken)
        await api('PATCH', `/manage/dapp/${id}/members/${members.find((m) => m.email === linus.email)!.id}`, owner.accessToken, { role: 'developer' })
        await page.goto(`${mine.url}#/login`)
        await logIn(page, owner)
        if (de) await inGerman(page)
        await page.getByRole('link', { name: project }).click()
        const activity = page.getByRole('region', { name: de ? 'Aktivität' : 'Activity', exact: true })
        await expect(
          activity.getByText(
            de
              ? `Ada Owner hat die Rolle von ${linus.email} von Betrachter zu Entwickler geändert.`
              : `Ada Owner changed the role of ${linus.email} from Viewer to Developer.`,
          ),
        ).toBeVisible()
        await activity.scrollIntoViewIfNeeded()
        await shot(page, `teams-activity-${label}-${lang}`)
      })
    }
  })
}
