import { within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'

/** Opens a row's "⋯" menu (named "Actions for …") inside `scope` and chooses one of its items. */
export async function chooseInRow(user: UserEvent, scope: HTMLElement, menu: string, item: string) {
  await user.click(await within(scope).findByRole('button', { name: menu }))
  await user.click(within(within(scope).getByRole('menu', { name: menu })).getByRole('menuitem', { name: item }))
}
