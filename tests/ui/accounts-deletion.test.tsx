/**
 * Delete account on a server with teams: the confirmation asks the server
 * (GET /me/deletion) what happens to each project when it opens, and says it
 * in a sentence each; loading and failure; a server without teams keeps the
 * dialog as it was and is never asked.
 */
import { within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { ProfileScreen } from '../../src/elements/profile/ProfileScreen'
import { renderScreen, resetStore, signInAs } from './helpers'
import { deferred, json, mockApi, offContract, type Reply } from './helpers/api-mock'
import { PROFILE } from './helpers/fixtures'

const PREVIEW = 'GET /api/me/deletion'
const DEPARTURE = {
  handedOver: [{ projectId: 'prj_1', name: 'Payments', to: { id: 'usr_2', name: 'Grace Hopper' } }],
  deleted: [{ projectId: 'prj_2', name: 'Sandbox' }],
  left: [{ projectId: 'prj_3', name: 'Storefront' }],
}

async function openDialog(features: string[], preview?: Reply) {
  signInAs()
  const api = mockApi({
    'GET /api/me': { body: PROFILE },
    'GET /api/capabilities': { body: { features } },
    ...(preview ? { [PREVIEW]: preview } : {}),
  })
  const q = renderScreen(<ProfileScreen view="settings" />, { route: '/settings' })
  const user = userEvent.setup()
  await user.click(await q.findByRole('button', { name: 'Delete account' }))
  // The dialog is drawn in the element's shadow root, beside the screen.
  return { api, user, dialog: await within(q.root as unknown as HTMLElement).findByRole('dialog', { name: 'Delete your account?' }) }
}

beforeEach(resetStore)

describe('the Delete account confirmation on a server with teams', () => {
  it('says which projects go to which admin, which are deleted with their keys, and which the account leaves', async () => {
    const answer = deferred<Response>()
    const { api, dialog } = await openDialog(['accounts', 'teams'], () => answer.promise)
    expect(within(dialog).getByRole('status')).toHaveTextContent('Checking what happens to your projects…')
    expect(within(dialog).getByText('This deletes your account for good. It cannot be undone.')).toBeInTheDocument()
    answer.resolve(json(DEPARTURE))
    const list = await within(dialog).findByRole('list')
    // Each item: its bullet (hidden from assistive technology), then the sentence.
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.lastChild?.textContent),
    ).toEqual([
      '“Payments” goes to Grace Hopper, its longest-standing admin. Its keys keep working.',
      '“Sandbox” is deleted with its keys: apps that use them stop working at once.',
      'You leave “Storefront”.',
    ])
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument()
    // The dialog still asks for the password; the preview was asked once, with the session's token.
    expect(within(dialog).getByLabelText('Your password, to confirm')).toBeInTheDocument()
    expect(api.callsTo(PREVIEW)).toHaveLength(1)
    expect(api.callsTo(PREVIEW)[0].headers.authorization).toMatch(/^Bearer /)
  })

  it('says nothing more for an account with no projects', async () => {
    const { dialog } = await openDialog(['accounts', 'teams'], { body: { handedOver: [], deleted: [], left: [] } })
    await within(dialog).findByText('This deletes your account for good. It cannot be undone.')
    await expect.poll(() => within(dialog).queryByRole('status'), { timeout: 2000 }).toBeNull()
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument()
  })

  it('says what the deletion does when the preview fails, and Retry asks again', async () => {
    let n = 0
    const { user, dialog } = await openDialog(['accounts', 'teams'], () => (++n === 1 ? json({ message: 'Database unavailable.' }, 503) : json(DEPARTURE)))
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('What happens to your projects could not be checked.')
    expect(alert).toHaveTextContent('goes to its longest-standing admin, or is deleted with its keys if it has none')
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await within(dialog).findByText('You leave “Storefront”.')).toBeInTheDocument()
  })

  it('shows hostile names as text, and an answer of the wrong shape as a failure, not a crash', async () => {
    const { dialog } = await openDialog(
      ['accounts', 'teams'],
      offContract({
        body: { handedOver: [{ projectId: 'prj_1', name: '<img src=x onerror=alert(1)>', to: { id: 'u', name: '' } }], deleted: 'nope', left: [7] },
      }),
    )
    const list = await within(dialog).findByRole('list')
    expect(list.textContent).toBe('•' + '“<img src=x onerror=alert(1)>” goes to its longest-standing admin. Its keys keep working.')
    expect(list.querySelector('img')).toBeNull()
  })
})

describe('against a server without teams', () => {
  it('keeps the confirmation as it was and never asks for a preview', async () => {
    const { api, dialog } = await openDialog(['accounts'])
    expect(within(dialog).getByText(/This deletes your account, 2 projects and 3 API keys\./)).toBeInTheDocument()
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument()
    expect(api.callsTo(PREVIEW)).toHaveLength(0)
  })
})
