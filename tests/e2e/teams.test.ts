/**
 * Teams in the browser against the real server, which mails invitations to
 * an SMTP server this test runs: the owner invites, the invitee accepts in a
 * second browser context with the code from the mail (logging in on the
 * accept screen), the owner changes the new member's role, sees it in the
 * Activity section and removes them, whose page then finds the project gone.
 * On a phone and a laptop, axe clean; screenshots of the Members and Activity
 * sections and of the invite and accept screens go to test-artifacts/e2e/.
 */
import type { Browser, Locator, Page } from '@playwright/test'
import { startInbox, type Inbox } from '../support/smtp'
import { createAccount, createProjectFor, verifyAccount, type Account } from './harness/api'
import { screenshot } from './harness/artifacts'
import { describeFindings, injectAxe, seriousViolations } from './harness/axe'
import { startServer, removeDataDir, type ServerProcess } from './harness/server'
import { button, dialog, heading, logIn } from './harness/screens'
import { expect, test } from './harness/test'

let inbox: Inbox
let mine: ServerProcess

test.describe.configure({ mode: 'default' })

test.beforeAll(async () => {
  test.setTimeout(120_000)
  inbox = await startInbox()
  mine = await startServer({ env: { SMTP_URL: inbox.url, PORTAL_NAME: 'Flex Portal' } })
})
test.afterAll(async () => {
  await mine?.stop()
  if (mine) await removeDataDir(mine.dataDir)
  await inbox?.close()
})

/** An account made through the API, its sign-up verification mail taken (and its code entered when `verified`: an inviter needs it). */
async function account(name: string, { verified = false } = {}): Promise<Account> {
  const a = await createAccount(mine.origin, name)
  const mail = await inbox.next(a.email)
  if (verified) await verifyAccount(mine.origin, a, /^\s+(\d{10})\s*$/m.exec(mail.text ?? '')![1])
  return a
}

/** The invitation code in the latest mail to `to` (the mail carries it alone: this server has no INVITATION_URL). */
async function invitationCode(to: string): Promise<string> {
  const mail = await inbox.next(to)
  const match = /\bfxi_[\w-]+/.exec(mail.text ?? '')
  if (!match) throw new Error(`no invitation code in the mail to ${to}`)
  return match[0]
}

const axeClean = async (page: Page) => expect(describeFindings(await seriousViolations(page))).toBe('')
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true })
const row = (scope: Locator, text: string) => scope.getByRole('row').filter({ hasText: text })
/** Whether a table shows as columns (its headers laid out) rather than as cards (headers for assistive technology only). */
const asColumns = async (table: Locator) => ((await table.locator('thead').boundingBox())?.width ?? 0) > 20
/** Neither the page nor the element scrolls sideways. */
const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

async function invitee(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport })
  await injectAxe(context)
  return { context, page: await context.newPage() }
}

for (const [label, viewport] of [
  ['phone', { width: 375, height: 740 }],
  ['laptop', { width: 1280, height: 800 }],
] as const) {
  test.describe(`on a ${label}`, () => {
    test.use({ viewport })

    test('invite, accept in a second browser, change the role, see the activity, remove', async ({ page, browser, axe }) => {
      test.setTimeout(90_000)
      const owner = await account('Ada Owner', { verified: true })
      const guest = await account('Grace Guest')
      await createProjectFor(mine.origin, owner, `Team ${label}`)

      await page.goto(`${mine.url}#/login`)
      await logIn(page, owner)
      // The dashboard shows the reader's role in each project.
      const listed = page.getByRole('row').filter({ hasText: `Team ${label}` })
      await expect(listed).toContainText('Owner')
      await listed.getByRole('link', { name: `Team ${label}` }).click()
      await expect(heading(page, `Team ${label}`)).toBeVisible()
      const members = region(page, 'Members')
      await expect(row(members, owner.email)).toContainText('Owner')
      await expect(region(page, 'Activity')).toBeVisible()
      expect(await axe.check(page)).toBe('')

      // Invite
      await button(members, 'Invite').click()
      const invite = dialog(page, 'Invite a member')
      await invite.getByLabel('E-mail address').fill(guest.email)
      await invite.getByRole('radio', { name: /Developer/ }).check()
      expect(await axe.check(page)).toBe('')
      await screenshot(page, `teams-invite-${label}`)
      await button(invite, 'Send invitation').click()
      await expect(invite).toBeHidden()
      await expect(row(members, guest.email)).toContainText('Developer')
      const code = await invitationCode(guest.email)

      // Accept, in a browser of its own: log in on the accept screen, then the project opens.
      const other = await invitee(browser, viewport)
      await other.page.goto(`${mine.url}#/invitations/accept?code=${code}`)
      await expect(other.page.getByText(/You have been invited to a project/)).toBeVisible()
      expect(other.page.url()).not.toContain(code)
      await axeClean(other.page)
      await screenshot(other.page, `teams-accept-${label}`)
      await logIn(other.page, guest)
      await expect(heading(other.page, `Team ${label}`)).toBeVisible()
      expect(other.page.url()).not.toContain(code)
      await expect(row(region(other.page, 'Members'), guest.email)).toContainText('(you)')
      // A developer: no Invite, no Activity, no Delete project.
      await expect(button(region(other.page, 'Members'), 'Leave project')).toBeVisible()
      await expect(button(other.page, 'Invite')).toHaveCount(0)
      await expect(region(other.page, 'Activity')).toHaveCount(0)
      await expect(button(other.page, 'Delete project')).toHaveCount(0)
      await axeClean(other.page)

      // Change the role
      await page.reload()
      await button(members, `Actions for ${guest.name}`).click()
      await members.getByRole('menuitem', { name: 'Change role' }).click()
      const change = dialog(page, 'Change role')
      await change.getByRole('radio', { name: /Viewer/ }).check()
      await button(change, 'Change role').click()
      await expect(change).toBeHidden()
      await expect(row(members, guest.email)).toContainText('Viewer')

      // The Activity section: the join and the role change, newest first, each a sentence.
      await page.reload()
      const activity = region(page, 'Activity')
      const joined = `${guest.name} joined as Developer.`
      await expect(activity.getByRole('row').nth(1)).toContainText(`changed the role of ${guest.email} from Developer to Viewer.`)
      await expect(activity.getByText(joined)).toBeVisible()
      expect(await axe.check(page)).toBe('')
      // A laptop keeps both as tables, the addresses (over 40 characters here) cut in their column; a phone's column shows cards.
      expect(guest.email.length).toBeGreaterThan(40)
      const membersTable = members.getByRole('table', { name: 'Project members' })
      await expect(membersTable.getByTitle(guest.email)).toHaveText(guest.email)
      expect(await asColumns(membersTable)).toBe(label === 'laptop')
      // Activity is one column of sentences, on a phone too.
      expect(await asColumns(activity.getByRole('table'))).toBe(true)
      expect(await noSideways(page)).toBe(true)
      await screenshot(page, `teams-members-activity-${label}`)
      await activity.getByLabel('Show').selectOption({ label: 'API keys' })
      await expect(activity.getByText(joined)).toHaveCount(0)
      await activity.getByLabel('Show').selectOption({ label: 'All activity' })
      await expect(activity.getByText(joined)).toBeVisible()

      // Remove: the member's next look finds the project gone.
      await button(members, `Actions for ${guest.name}`).click()
      await members.getByRole('menuitem', { name: 'Remove' }).click()
      const remove = dialog(page, 'Remove member')
      await expect(remove).toContainText(`\u2068${guest.name}\u2069 loses access to this project at once.`)
      await button(remove, 'Remove').click()
      await expect(remove).toBeHidden()
      await expect(row(members, guest.email)).toHaveCount(0)
      await other.page.reload()
      await expect(heading(other.page, 'Project not found')).toBeVisible()
      await other.context.close()
    })
  })

  test.describe(`account deletion on a ${label}`, () => {
    test.use({ viewport })

    test('Delete account says which projects go with the account, asked of the server as the dialog opens', async ({ page, axe }) => {
      const owner = await account('Solo Owner')
      await createProjectFor(mine.origin, owner, `Solo ${label}`)
      await page.goto(`${mine.url}#/login`)
      await logIn(page, owner)
      await expect(page.getByRole('row').filter({ hasText: `Solo ${label}` })).toBeVisible()
      await page.goto(`${mine.url}#/settings`)
      await button(page, 'Delete account').click()
      const confirm = dialog(page, 'Delete your account?')
      await expect(confirm.getByRole('listitem')).toHaveText([`•“Solo ${label}” is deleted with its keys: apps that use them stop working at once.`])
      expect(await noSideways(page)).toBe(true)
      expect(await axe.check(page)).toBe('')
      await screenshot(page, `teams-delete-account-${label}`)
      await button(confirm, 'Cancel').click()
      await expect(confirm).toBeHidden()
    })
  })
}
