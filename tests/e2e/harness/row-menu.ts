import { expect, type Locator, type Page } from '@playwright/test'

/** Opens a key row's "⋯" menu (named for its key) and picks one item. */
export async function rowAction(scope: Page | Locator, key: string | RegExp, item: string) {
  const name = typeof key === 'string' ? `Actions for key ${key}` : new RegExp(`^Actions for key ${key.source}`)
  await scope.getByRole('button', { name, exact: typeof key === 'string' }).click()
  const root = 'page' in scope ? scope.page() : scope
  await root.getByRole('menu').getByRole('menuitem', { name: item, exact: true }).click()
}

/** The items a key row's "⋯" menu offers, read by opening it and closing it again with Escape. */
export async function rowActions(scope: Page | Locator, key: string | RegExp): Promise<string[]> {
  const name = typeof key === 'string' ? `Actions for key ${key}` : new RegExp(`^Actions for key ${key.source}`)
  await scope.getByRole('button', { name, exact: typeof key === 'string' }).click()
  const root = 'page' in scope ? scope.page() : scope
  // allInnerTexts() does not wait: the menu is read once it has opened.
  const menu = root.getByRole('menu')
  await expect(menu.getByRole('menuitem').first()).toBeVisible()
  const items = await menu.getByRole('menuitem').allInnerTexts()
  await root.keyboard.press('Escape')
  return items
}
