/**
 * Ownership transfer in the widget: the owner's Members table offers "Make
 * owner" on each joined member; the dialog says who becomes the owner and
 * that the reader becomes an admin, asks the password (sent in the body
 * only), shows a wrong password in the dialog, and on success the page
 * reads the project again (the reader's role changed).
 */
import { waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Member } from '../../contract/teams'
import { LazyTeamSections } from '../../src/components/teams/lazy'
import { resetStore, signInAs } from './helpers'
import { mockApi } from './helpers/api-mock'
import { detail, renderDetail } from './helpers/dashboard'
import { member } from './helpers/fixtures'

const BASE = '/api/manage/dapp/prj_7'
const OWNER = 'POST /api/manage/dapp/prj_7/owner'

function pageAs(role: Member['role'], owner: 'right' | 'wrong' = 'right') {
  signInAs({ accessToken: 'access-token-transfer', user: { id: `usr_me`, name: 'Me', email: 'me@example.com' } })
  const list = [member('me', role), member('linus', 'developer', { name: 'Linus' })]
  if (role !== 'owner') list.unshift(member('boss', 'owner'))
  const api = mockApi({
    [`GET ${BASE}`]: { body: detail(7, {}, { keys: [], keyLimit: 10, role }) },
    'GET /api/capabilities': { body: { features: ['teams', 'project-settings'] } },
    [`GET ${BASE}/members`]: { body: list },
    [`GET ${BASE}/audit`]: { body: { entries: [] } },
    [OWNER]: owner === 'right' ? { body: list } : { status: 403, body: { message: 'Incorrect password.' } },
  })
  return { ...renderDetail('prj_7'), api }
}

beforeAll(async () => {
  await LazyTeamSections.chunk.load()
})
beforeEach(() => resetStore())

describe('Make owner', () => {
  it('asks the password, says who becomes owner and what the owner becomes, and sends it in the body', async () => {
    const { q, api } = pageAs('owner')
    const region = await q.findByRole('region', { name: 'Members' })
    const user = userEvent.setup()
    await user.click(await within(region).findByRole('button', { name: 'Make Linus the owner' }))
    const dialog = q.getByRole('dialog', { name: 'Transfer ownership' })
    expect(dialog.textContent).toContain('Linus becomes the owner of this project. You become an admin')
    await user.type(within(dialog).getByLabelText('Your password'), 'correct horse battery')
    await user.click(within(dialog).getByRole('button', { name: 'Make owner' }))
    await waitFor(() => expect(api.callsTo(OWNER)).toHaveLength(1))
    expect(api.callsTo(OWNER)[0].body).toEqual({ memberId: 'linus', password: 'correct horse battery' })
    expect(api.callsTo(OWNER)[0].url).not.toContain('correct')
    await waitFor(() => expect(q.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await q.findByText('Linus is now the owner. You are an admin.')).toBeInTheDocument()
    // The page reads the project again: the reader's role changed.
    await waitFor(() => expect(api.callsTo(`GET ${BASE}`).length).toBeGreaterThan(1))
  }, 15_000)

  it('a wrong password is said in the dialog, which stays open', async () => {
    const { q } = pageAs('owner', 'wrong')
    const region = await q.findByRole('region', { name: 'Members' })
    const user = userEvent.setup()
    await user.click(await within(region).findByRole('button', { name: 'Make Linus the owner' }))
    const dialog = q.getByRole('dialog', { name: 'Transfer ownership' })
    await user.type(within(dialog).getByLabelText('Your password'), 'nope')
    await user.click(within(dialog).getByRole('button', { name: 'Make owner' }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Incorrect password.')
  }, 15_000)

  it('is offered to the owner only', async () => {
    const { q } = pageAs('admin')
    const region = await q.findByRole('region', { name: 'Members' })
    await within(region).findByRole('button', { name: 'Change role of Linus' })
    expect(within(region).queryByRole('button', { name: /the owner$/ })).not.toBeInTheDocument()
  })
})
