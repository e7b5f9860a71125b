/**
 * Issue 11: `<flex-snippet>` on `/docs.html`. The Quickstart's code samples are
 * the page's own blocks; they fill in the developer's project and key as they
 * sign up and create one in the portal on the same page.
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { createAccount, createProjectFor, freshEmail, PASSWORD } from './harness/api'
import { describeFindings, injectAxe, seriousViolations } from './harness/axe'
import { screenshot } from './harness/artifacts'
import { addProject, button, logIn, signUp, TEXT } from './harness/screens'
import { expectNoProblems, useSuite } from './harness/suite'
import { expectVisible, waitUntil } from './harness/wait'

const suite = useSuite()

const RAW = /\{\{\s*(projectId|apiProjectId|apiKey)\s*\}\}/

/** The text of each Quickstart sample, as the page shows it. */
const samples = (page: Page) => page.locator('#quickstart flex-snippet pre').allTextContents()

const curl = (projectId: string, apiProjectId: string, apiKey: string) =>
  `curl https://api.acme.example/v1/projects/${projectId}/ping \\\n  -H "Authorization: Bearer ${apiKey}" \\\n  -H "X-Api-Project: ${apiProjectId}"`

/** Everything the page keeps beyond its memory: storages, cookies, the address. */
const kept = (page: Page) =>
  page.evaluate(() => JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage), document.cookie, location.href, history.state]))

async function openDocsSignedUp(page: Page): Promise<void> {
  await page.goto('/docs.html')
  const portal = page.locator('flex-portal')
  await portal.getByRole('link', { name: 'Sign up' }).click()
  await signUp(portal, { email: freshEmail(), password: PASSWORD })
  await expectVisible(portal.getByRole('heading', { name: TEXT.dashboardHeading }))
}

describe('<flex-snippet> on /docs.html', () => {
  it('signed out: the samples show stand-ins and a log-in hint, and no raw {{…}} anywhere', async () => {
    const { context, problems } = await suite.context()
    await injectAxe(context)
    const page = await context.newPage()
    await page.goto('/docs.html')
    const snippets = page.locator('#quickstart flex-snippet')
    expect(await snippets.count()).toBe(2)
    await expectVisible(snippets.first().getByText('Log in to fill in your keys'))
    await waitUntil(async () => (await samples(page)).every((t) => t.includes('YOUR_API_KEY')), 'both samples show YOUR_API_KEY')
    const [bash, js] = await samples(page)
    expect(bash).toBe(curl('YOUR_PROJECT_ID', 'YOUR_API_PROJECT_ID', 'YOUR_API_KEY'))
    // The highlighted block: the placeholders split across tokens are filled too, tokens kept.
    expect(js).toContain('/v1/projects/YOUR_PROJECT_ID/ping')
    expect(js).toContain("'Bearer YOUR_API_KEY'")
    expect(js).toContain("'X-Api-Project': 'YOUR_API_PROJECT_ID'")
    expect(await page.locator('#quickstart .tok-var').first().textContent()).toBe('YOUR_PROJECT_ID')
    expect(await page.evaluate(() => document.body.innerText)).not.toMatch(RAW)
    expect(await page.evaluate(() => document.body.textContent)).not.toMatch(RAW)
    await screenshot(page, 'docs-snippets-signed-out')
    expect(describeFindings(await seriousViolations(page)), 'serious or critical axe violations').toBe('')
    expectNoProblems(problems)
  })

  it('after sign-up and a new project, the samples hold its ids and the new key, copy fills the clipboard, and nothing is stored', async () => {
    const { context, problems } = await suite.context()
    const page = await context.newPage()
    await openDocsSignedUp(page)

    const created = page.waitForResponse((r) => r.url().endsWith('/api/manage/dapp') && r.request().method() === 'POST')
    const info = await addProject(page, 'Docs app')
    const project = (await (await created).json()) as { id: string; apiKey: Record<string, string>; webhookSecret: string }
    const [[apiProjectId, apiKey]] = Object.entries(project.apiKey)

    // "Copy as .env" in 'API Information': the four lines.
    await info.getByRole('button', { name: 'Copy as .env' }).click()
    await expectVisible(info.getByText(TEXT.copied))
    const env = await page.evaluate(() => navigator.clipboard.readText())
    expect(env.trim().split('\n')).toEqual([
      `FLEX_PROJECT_ID=${project.id}`,
      `FLEX_API_PROJECT_ID=${apiProjectId}`,
      `FLEX_API_KEY=${apiKey}`,
      `FLEX_WEBHOOK_SECRET=${project.webhookSecret}`,
    ])
    await button(info, 'Exit').click()

    // The samples, already filled: this project, this pair, the whole key.
    const curlSnippet = page.locator('#quickstart flex-snippet').first()
    await waitUntil(async () => (await samples(page)).every((t) => t.includes(apiKey)), 'both samples hold the new key')
    const [bash, js] = await samples(page)
    expect(bash === curl(project.id, apiProjectId, apiKey), 'the curl sample is filled').toBe(true)
    expect(js.includes(`/v1/projects/${project.id}/ping`) && js.includes(`'Bearer ${apiKey}'`) && js.includes(`'X-Api-Project': '${apiProjectId}'`)).toBe(true)
    expect(await curlSnippet.getByText('Create a key to paste it here').count()).toBe(0)
    await screenshot(page, 'docs-snippets-filled')

    await curlSnippet.getByRole('button', { name: 'Copy', exact: true }).click()
    await expectVisible(curlSnippet.getByText(TEXT.copied))
    expect(
      (await page.evaluate(() => navigator.clipboard.readText())) === curl(project.id, apiProjectId, apiKey),
      'the clipboard holds the filled sample',
    ).toBe(true)

    // Memory only: no storage, cookie, address or history entry holds the key.
    expect((await kept(page)).includes(apiKey), 'the key is kept nowhere but in memory').toBe(false)
    const cookies = await context.cookies()
    expect(JSON.stringify(cookies).includes(apiKey)).toBe(false)

    // After a reload: the project and its pair, but not the whole key.
    await page.reload()
    await expectVisible(curlSnippet.getByText('Create a key to paste it here'))
    await waitUntil(
      async () => (await samples(page)).every((t) => t.includes(project.id) && t.includes(apiProjectId)),
      'the samples hold the project after a reload',
    )
    const after = await samples(page)
    expect(
      after.some((t) => t.includes(apiKey)),
      'the whole key is gone',
    ).toBe(false)
    expect(await page.evaluate(() => document.body.textContent)).not.toMatch(RAW)
    expectNoProblems(problems)
  })

  it('"Copy as .env" in New API Information copies the new pair', async () => {
    const account = await createAccount(suite.server.origin)
    const { id } = await createProjectFor(suite.server.origin, account, 'Key project')
    const { context, problems } = await suite.context()
    const page = await context.newPage()
    await page.goto('/docs.html')
    const portal = page.locator('flex-portal')
    await logIn(portal, account)
    await portal.getByRole('link', { name: 'Key project' }).click()
    const createdKey = page.waitForResponse((r) => r.url().endsWith('/api-key') && r.request().method() === 'POST')
    await button(portal, 'Create').click()
    const keys = (await (await createdKey).json()) as Record<string, string>
    const [[apiProjectId, apiKey]] = Object.entries(keys)
    const dialog = portal.getByRole('dialog', { name: TEXT.newKeyDialog })
    await dialog.getByRole('button', { name: 'Copy as .env' }).click()
    await expectVisible(dialog.getByText(TEXT.copied))
    const env = await page.evaluate(() => navigator.clipboard.readText())
    expect(env.trim().split('\n')).toEqual([`FLEX_PROJECT_ID=${id}`, `FLEX_API_PROJECT_ID=${apiProjectId}`, `FLEX_API_KEY=${apiKey}`])
    await button(dialog, 'Exit').click()
    // The project opened last, with the key created on this page.
    await waitUntil(async () => (await samples(page)).every((t) => t.includes(apiKey) && t.includes(id)), 'the samples hold the new key')
    expectNoProblems(problems)
  })

  it('with several projects, picking another one in any sample updates every sample', async () => {
    const account = await createAccount(suite.server.origin)
    const older = await createProjectFor(suite.server.origin, account, 'Older app')
    const newer = await createProjectFor(suite.server.origin, account, 'Newer app')
    const { context, problems } = await suite.context()
    await injectAxe(context)
    const page = await context.newPage()
    await page.goto('/docs.html')
    await logIn(page.locator('flex-portal'), account)

    // The default is the newest project.
    await waitUntil(async () => (await samples(page)).every((t) => t.includes(newer.id)), 'the samples show the newest project')
    const [first, second] = [page.locator('#quickstart flex-snippet').first(), page.locator('#quickstart flex-snippet').nth(1)]
    await second.getByRole('combobox', { name: 'Project' }).selectOption({ label: 'Older app' })
    await waitUntil(async () => (await samples(page)).every((t) => t.includes(older.id) && !t.includes(newer.id)), 'every sample shows the picked project')
    expect(await first.getByRole('combobox', { name: 'Project' }).inputValue()).toBe(older.id)
    expect(await first.getByRole('combobox', { name: 'API key' }).inputValue()).toMatch(/\S/)
    await screenshot(page, 'docs-snippets-picked')
    expect(describeFindings(await seriousViolations(page)), 'serious or critical axe violations').toBe('')
    expectNoProblems(problems)
  })
})
