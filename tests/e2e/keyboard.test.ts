/**
 * A user with only a keyboard (Tab, Shift+Tab, Enter,
 * Space, Escape) logs in, adds a project and closes the secret dialog; focus is
 * trapped in each dialog and comes back to what opened it.
 */
import type { Page } from '@playwright/test'
import { createAccount } from './harness/api'
import { screenshot } from './harness/artifacts'
import { deepFocus, describeFocus, tabTo, type FocusInfo } from './harness/focus'
import { dialog, heading, TEXT } from './harness/screens'
import { expect, test } from './harness/test'

const named = (role: string, name: string | RegExp) => (f: FocusInfo) => f.role === role && (typeof name === 'string' ? f.name === name : name.test(f.name))

/** Tab and Shift+Tab, many times round, never leave the dialog. */
async function expectFocusTrapped(page: Page, dialogName: string) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(key)
      const focus = await deepFocus(page)
      expect(focus?.dialog, `after ${i + 1} × ${key}, focus is on ${describeFocus(focus)}`).toBe(dialogName)
    }
  }
}

test.describe('keyboard only', () => {
  test('logs in, opens Add new project, fills and submits it, closes the secret dialog; focus is trapped and returns', async ({ page, server }) => {
    const account = await createAccount(server.origin)
    await page.goto('/#/login')
    await expect(heading(page, TEXT.logInHeading)).toBeVisible()
    const keys = page.keyboard

    // Log in: Tab to each field, type, Enter submits.
    await tabTo(page, named('textbox', 'Email address'), 'the e-mail field')
    await keys.type(account.email)
    await tabTo(page, named('textbox', 'Password'), 'the password field')
    await keys.type(account.password)
    await keys.press('Enter')
    await expect(heading(page, TEXT.dashboardHeading)).toBeVisible()

    // Open the add dialog with Enter: focus moves in and stays in.
    await tabTo(page, named('button', TEXT.addProject), 'the add button')
    await keys.press('Enter')
    const add = dialog(page, TEXT.addDialog)
    await expect(add).toBeVisible()
    await expect.poll(async () => (await deepFocus(page))?.dialog, { message: 'focus moved into the dialog' }).toBe(TEXT.addDialog)
    await expectFocusTrapped(page, TEXT.addDialog)

    // Escape closes it and focus returns to the opener; Space opens it again.
    await keys.press('Escape')
    await expect(add).toBeHidden()
    expect(describeFocus(await deepFocus(page))).toBe(describeFocus({ tag: 'button', role: 'button', name: TEXT.addProject, dialog: null, host: null }))
    await keys.press('Space')
    await expect(add).toBeVisible()

    // Fill it and submit with the keyboard.
    await tabTo(page, named('textbox', 'Project Name'), 'the name field')
    await keys.type('Typed with keys')
    await tabTo(page, named('textbox', 'Project Description'), 'the description field')
    await keys.type('No mouse was used')
    await tabTo(page, named('button', 'Add'), 'the Add button')
    await keys.press('Enter')

    // The one-time secret dialog: trapped, Escape does not lose the secret, Exit (Space) closes it.
    const info = dialog(page, TEXT.infoDialog)
    await expect(info).toBeVisible()
    await expect.poll(async () => (await deepFocus(page))?.dialog, { message: 'focus moved into the secret dialog' }).toBe(TEXT.infoDialog)
    await screenshot(page, 'keyboard-api-information')
    await expectFocusTrapped(page, TEXT.infoDialog)
    await keys.press('Escape')
    expect((await deepFocus(page))?.dialog, 'Escape does not close the one-time secret dialog').toBe(TEXT.infoDialog)
    await expect(info).toBeVisible()
    await tabTo(page, named('button', 'Exit'), 'the Exit button')
    await keys.press('Space')
    await expect(info).toBeHidden()
    const back = await deepFocus(page)
    expect(describeFocus(back), 'focus returns to the button that started it').toBe(
      describeFocus({ tag: 'button', role: 'button', name: TEXT.addProject, dialog: null, host: null }),
    )
    await expect(page.getByRole('link', { name: 'Typed with keys' })).toBeVisible()
  })
})
