/**
 * Hostile and awkward project data renders as text and
 * runs nothing; long, right-to-left and emoji text stays inside the layout.
 */
import type { Page } from '@playwright/test'
import { createAccount, createProjectFor } from './harness/api'
import { screenshot } from './harness/artifacts'
import { addProject, button, heading, logIn, TEXT } from './harness/screens'
import { expect, test, type FlexServer } from './harness/test'

const HOSTILE = '<img src=x onerror="window.__pwned=1">'
const HOSTILE_DESCRIPTION = '<script>window.__pwned=2</script><b onmouseover="window.__pwned=3">bold?</b>'

/** Elements the hostile text would have made if parsed as HTML, in the document and every open shadow root. */
const injectedElements = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = []
    const walk = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('*')) {
        const handlers = [...el.attributes].some((a) => a.name.startsWith('on'))
        if (el.tagName === 'IMG' || (el.tagName === 'SCRIPT' && !(el as HTMLScriptElement).src) || handlers) found.push(el.outerHTML.slice(0, 80))
        if (el.shadowRoot) walk(el.shadowRoot)
      }
    }
    walk(document)
    return found
  })

const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)

async function signIn(page: Page, server: FlexServer) {
  const account = await createAccount(server.origin)
  await page.goto('/#/login')
  await logIn(page, account)
  await expect(heading(page, TEXT.dashboardHeading)).toBeVisible()
  return account
}

test.describe('hostile data', () => {
  test('a project named <img src=x onerror=…> renders as text and runs nothing, in the dialog, the table and the detail', async ({ page, server }) => {
    await signIn(page, server)

    const info = await addProject(page, HOSTILE, HOSTILE_DESCRIPTION)
    await button(info, 'Exit').click()
    await expect(info).toBeHidden()
    const link = page.getByRole('link', { name: HOSTILE, exact: true })
    await expect(link).toBeVisible()
    // The table gives a long name its room before the description (a column of low priority), so
    // the description is looked for as text on the project page below, where it always shows.
    await screenshot(page, 'hostile-dashboard')
    expect(await pwned(page)).toBeUndefined()
    expect(await injectedElements(page)).toEqual([])

    await link.click()
    await expect(heading(page, HOSTILE)).toBeVisible()
    await expect(page.getByText(HOSTILE_DESCRIPTION, { exact: true })).toBeVisible()
    await page.getByText(HOSTILE_DESCRIPTION, { exact: true }).hover()
    await screenshot(page, 'hostile-detail')
    expect(await pwned(page)).toBeUndefined()
    expect(await injectedElements(page)).toEqual([])
  })

  test('long, right-to-left and emoji names and descriptions stay inside the layout', async ({ page, server }) => {
    const account = await signIn(page, server)
    const long = 'x'.repeat(120)
    const rtl = 'مشروع تجريبي للمطورين'
    const emoji = '🚀 Launch 👩🏽‍💻 project 🎉'
    await createProjectFor(server.origin, account, long, 'y'.repeat(2000))
    await createProjectFor(server.origin, account, rtl, 'وصف المشروع باللغة العربية')
    await createProjectFor(server.origin, account, emoji, '✨'.repeat(300))
    await page.reload()
    for (const name of [long, rtl, emoji]) await expect(page.getByRole('link', { name, exact: true })).toBeVisible()
    await screenshot(page, 'awkward-names-dashboard')
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }))
    expect(widths.scroll, 'the page does not scroll sideways').toBeLessThanOrEqual(widths.view)

    await page.getByRole('link', { name: long, exact: true }).click()
    await expect(page.getByText(TEXT.projectInformation)).toBeVisible()
    await screenshot(page, 'awkward-names-detail')
    const detailWidths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }))
    expect(detailWidths.scroll, 'the detail page does not scroll sideways').toBeLessThanOrEqual(detailWidths.view)
  })
})
