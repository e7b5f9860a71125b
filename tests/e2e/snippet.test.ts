/**
 * `<flex-snippet>` on `/docs.html`. The Quickstart's code samples are
 * the page's own blocks; they fill in the developer's project and key as they
 * sign up and create one in the portal on the same page.
 */
import type { Page } from '@playwright/test'
import { createAccount, createProjectFor, freshEmail, PASSWORD } from './harness/api'
import { screenshot } from './harness/artifacts'
import { addProject, button, logIn, signUp, TEXT } from './harness/screens'
import { expect, test } from './harness/test'

const RAW = /\{\{\s*(projectId|apiProjectId|apiKey)\s*\}\}/

/** The text of each Quickstart sample, as the page shows it. */
const samples = (page: Page) => page.locator('#quickstart flex-snippet pre').allTextContents()

/** The curl sample as filled in: pointed at the demo API this server serves beside the page (docs-samples.js). */
const curl = (page: Page, projectId: string, apiProjectId: string, apiKey: string) =>
  `curl ${new URL(page.url()).origin}/demo-api/v1/projects/${projectId}/ping \\\n  -H "Authorization: Bearer ${apiKey}" \\\n  -H "X-Api-Project: ${apiProjectId}"`

/** Everything the page keeps beyond its memory: storages, cookies, the address. */
const kept = (page: Page) =>
  page.evaluate(() => JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage), document.cookie, location.href, history.state]))

async function openDocsSignedUp(page: Page): Promise<void> {
  await page.goto('/docs.html')
  const portal = page.locator('flex-portal')
  await portal.getByRole('link', { name: 'Sign up' }).click()
  await signUp(portal, { email: freshEmail(), password: PASSWORD })
  await expect(portal.getByRole('heading', { name: TEXT.acmeDashboardHeading })).toBeVisible()
}

test.describe('<flex-snippet> on /docs.html', () => {
  test('signed out: the samples show stand-ins and a log-in hint, and no raw {{…}} anywhere', async ({ page, axe }) => {
    await page.goto('/docs.html')
    const snippets = page.locator('#quickstart flex-snippet')
    await expect(snippets).toHaveCount(2)
    await expect(snippets.first().getByText('Log in to fill in your keys')).toBeVisible()
    await expect(page.locator('#quickstart flex-snippet pre'), 'both samples show YOUR_API_KEY').toHaveText([/YOUR_API_KEY/, /YOUR_API_KEY/])
    const [bash, js] = await samples(page)
    expect(bash).toBe(curl(page, 'YOUR_PROJECT_ID', 'YOUR_API_PROJECT_ID', 'YOUR_API_KEY'))
    // The highlighted block: the placeholders split across tokens are filled too, tokens kept.
    expect(js).toContain('/v1/projects/YOUR_PROJECT_ID/ping')
    expect(js).toContain("'Bearer YOUR_API_KEY'")
    expect(js).toContain("'X-Api-Project': 'YOUR_API_PROJECT_ID'")
    await expect(page.locator('#quickstart .tok-var').first()).toHaveText('YOUR_PROJECT_ID')
    expect(await page.evaluate(() => document.body.innerText)).not.toMatch(RAW)
    expect(await page.evaluate(() => document.body.textContent)).not.toMatch(RAW)
    await screenshot(page, 'docs-snippets-signed-out')
    expect(await axe.check(page), 'serious or critical axe violations').toBe('')
  })

  test('until its filling arrives, a sample keeps its place unseen: no raw {{…}} shows, and nothing moves when it is filled', async ({ page }) => {
    // The filling is a chunk fetched at once: held here until the page has settled without it.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/fp-SnippetScreen-[\w-]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/docs.html')
    await expect(button(page, 'Log in')).toBeEnabled()
    const pre = page.locator('#quickstart flex-snippet pre').first()
    await expect(pre).toBeHidden()
    expect(await page.evaluate(() => document.body.innerText)).not.toMatch(RAW)
    await pre.evaluate((el) => el.scrollIntoView())
    const before = await pre.boundingBox()
    expect(before?.height).toBeGreaterThan(0)
    await screenshot(page, 'docs-snippets-filling')
    release()
    await expect(pre).toBeVisible()
    await expect(pre).toContainText('YOUR_API_KEY')
    expect((await pre.boundingBox())?.y).toBe(before?.y)
  })

  test('after sign-up and a new project, the samples hold its ids and the new key, copy fills the clipboard, and nothing is stored', async ({
    context,
    page,
  }) => {
    await openDocsSignedUp(page)

    const created = page.waitForResponse((r) => r.url().endsWith('/api/manage/dapp') && r.request().method() === 'POST')
    const info = await addProject(page, 'Docs app')
    const project = (await (await created).json()) as { id: string; apiKey: Record<string, string>; webhookSecret: string }
    const [[apiProjectId, apiKey]] = Object.entries(project.apiKey)

    // "Copy as .env" in 'API Information': the four lines, named with the page's env-prefix (ACME).
    await info.getByRole('button', { name: 'Copy as .env' }).click()
    await expect(info.getByText(TEXT.copied)).toBeVisible()
    const env = await page.evaluate(() => navigator.clipboard.readText())
    expect(env.trim().split('\n')).toEqual([
      `ACME_PROJECT_ID=${project.id}`,
      `ACME_API_PROJECT_ID=${apiProjectId}`,
      `ACME_API_KEY=${apiKey}`,
      `ACME_WEBHOOK_SECRET=${project.webhookSecret}`,
    ])
    await button(info, 'Exit').click()

    // The samples, already filled: this project, this pair, the whole key.
    const curlSnippet = page.locator('#quickstart flex-snippet').first()
    // Compared, never printed: a failing assertion shows its operands, and a key must not be.
    await expect.poll(async () => (await samples(page)).every((t) => t.includes(apiKey)), { message: 'both samples hold the new key' }).toBe(true)
    const [bash, js] = await samples(page)
    expect(bash === curl(page, project.id, apiProjectId, apiKey), 'the curl sample is filled').toBe(true)
    expect(js.includes(`/v1/projects/${project.id}/ping`) && js.includes(`'Bearer ${apiKey}'`) && js.includes(`'X-Api-Project': '${apiProjectId}'`)).toBe(true)
    await expect(curlSnippet.getByText('Create a key to paste it here')).toHaveCount(0)
    await screenshot(page, 'docs-snippets-filled')
    // The filled sample works as pasted: the demo API answers this key (and counts the call in Usage).
    const pasted = await fetch(`${new URL(page.url()).origin}/demo-api/v1/projects/${project.id}/ping`, {
      headers: { Authorization: `Bearer ${apiKey}`, 'X-Api-Project': apiProjectId },
    })
    expect(pasted.status).toBe(200)
    expect(pasted.headers.get('x-request-id')).toBeTruthy()

    await curlSnippet.getByRole('button', { name: 'Copy', exact: true }).click()
    await expect(curlSnippet.getByText(TEXT.copied)).toBeVisible()
    expect(
      (await page.evaluate(() => navigator.clipboard.readText())) === curl(page, project.id, apiProjectId, apiKey),
      'the clipboard holds the filled sample',
    ).toBe(true)

    // Memory only: no storage, cookie, address or history entry holds the key.
    expect((await kept(page)).includes(apiKey), 'the key is kept nowhere but in memory').toBe(false)
    const cookies = await context.cookies()
    expect(JSON.stringify(cookies).includes(apiKey)).toBe(false)

    // After a reload: the project and its pair, but not the whole key.
    await page.reload()
    await expect(curlSnippet.getByText('Create or roll a key to paste it here')).toBeVisible()
    await expect
      .poll(async () => (await samples(page)).every((t) => t.includes(project.id) && t.includes(apiProjectId)), {
        message: 'the samples hold the project after a reload',
      })
      .toBe(true)
    const after = await samples(page)
    expect(
      after.some((t) => t.includes(apiKey)),
      'the whole key is gone',
    ).toBe(false)
    expect(
      after.every((t) => t.includes('YOUR_API_KEY') && !t.includes('fxk_…')),
      'the samples hold the placeholder, never the masked key',
    ).toBe(true)
    expect(await page.evaluate(() => document.body.textContent)).not.toMatch(RAW)
  })

  test('"Copy as .env" in New API Information copies the new pair', async ({ page, server }) => {
    const account = await createAccount(server.origin)
    const { id } = await createProjectFor(server.origin, account, 'Key project')
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
    await expect(dialog.getByText(TEXT.copied)).toBeVisible()
    const env = await page.evaluate(() => navigator.clipboard.readText())
    expect(env.trim().split('\n')).toEqual([`ACME_PROJECT_ID=${id}`, `ACME_API_PROJECT_ID=${apiProjectId}`, `ACME_API_KEY=${apiKey}`])
    await button(dialog, 'Exit').click()
    // The project opened last, with the key created on this page.
    await expect
      .poll(async () => (await samples(page)).every((t) => t.includes(apiKey) && t.includes(id)), { message: 'the samples hold the new key' })
      .toBe(true)
  })

  test('with several projects, picking another one in any sample updates every sample', async ({ page, server, axe }) => {
    const account = await createAccount(server.origin)
    const older = await createProjectFor(server.origin, account, 'Older app')
    const newer = await createProjectFor(server.origin, account, 'Newer app')
    await page.goto('/docs.html')
    await logIn(page.locator('flex-portal'), account)

    // The default is the newest project.
    // Polled as yes or no: signed in, the samples hold a whole key, which a failure must not print.
    await expect.poll(async () => (await samples(page)).every((t) => t.includes(newer.id)), { message: 'the samples show the newest project' }).toBe(true)
    const [first, second] = [page.locator('#quickstart flex-snippet').first(), page.locator('#quickstart flex-snippet').nth(1)]
    await second.getByRole('combobox', { name: 'Project' }).selectOption({ label: 'Older app' })
    await expect
      .poll(async () => (await samples(page)).every((t) => t.includes(older.id) && !t.includes(newer.id)), { message: 'every sample shows the picked project' })
      .toBe(true)
    await expect(first.getByRole('combobox', { name: 'Project' })).toHaveValue(older.id)
    await expect(first.getByRole('combobox', { name: 'API key' })).toHaveValue(/\S/)
    await screenshot(page, 'docs-snippets-picked')
    expect(await axe.check(page), 'serious or critical axe violations').toBe('')

    // In Arabic the bar mirrors, but a name in Latin letters still reads left to right in its picker, cut at its end.
    await page.getByLabel('Language').selectOption('ar')
    await expect(first).toHaveAttribute('dir', 'rtl')
    for (const name of ['Project', 'API key'])
      expect(await first.getByRole('combobox', { name }).evaluate((el) => getComputedStyle(el).direction), name).toBe('ltr')
  })
})
