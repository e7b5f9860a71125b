/**
 * Ownership transfer in the widget: the owner's Members table offers "Make
 * owner" in each joined member's menu, and the danger zone "Transfer
 * ownership" with a choice of them; the dialog says who becomes the owner (by name and address) and
 * that the reader becomes an admin, asks the password (sent in the body
 * only), shows a wrong password in the dialog, and on success the page
 * reads the project again (the reader's role changed).
 */
import { waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Member } from '../../contract/teams'
import { LazyTeamSections } from '../../src/components/teams/lazy'
import { teams as enTeams } from '../../src/i18n/en/teams'
import de from '../../src/i18n/locales/de'
import { mountElement, resetStore, shadow, signInAs } from './helpers'
import { json, mockApi, type Reply } from './helpers/api-mock'
import { detail, renderDetail } from './helpers/dashboard'
import { member } from './helpers/fixtures'
import { chooseInRow } from './helpers/row-menu'

const BASE = '/api/manage/dapp/prj_7'
const OWNER = 'POST /api/manage/dapp/prj_7/owner'

function pageAs(role: Member['role'], owner: 'right' | 'wrong' = 'right', others = [member('linus', 'developer', { name: 'Linus' })], named = true) {
  signInAs({ accessToken: 'access-token-transfer', ...(named ? { user: { id: `usr_me`, name: 'Me', email: 'me@example.com' } } : {}) })
  const list = [member('me', role), ...others]
  if (role !== 'owner') list.unshift(member('boss', 'owner'))
  const api = serve(role, list, owner === 'right' ? { body: list } : { status: 403, body: { message: 'Incorrect password.' } })
  return { ...renderDetail('prj_7'), api }
}

/** The project's calls, with `list` as its members, as `role`; POST …/owner answers `transfer`. */
const serve = (role: Member['role'], list: Member[], transfer: Reply) =>
  mockApi({
    [`GET ${BASE}`]: { body: detail(7, {}, { keys: [], keyLimit: 10, role }) },
    'GET /api/capabilities': { body: { features: ['teams', 'project-settings'] } },
    [`GET ${BASE}/members`]: { body: list },
    [`GET ${BASE}/audit`]: { body: { entries: [] } },
    [OWNER]: transfer,
  })

beforeAll(async () => {
  await LazyTeamSections.chunk.load()
})
beforeEach(() => resetStore())

describe('Make owner', () => {
  it('asks the password, says who becomes owner and what the owner becomes, and sends it in the body', async () => {
    const { q, api } = pageAs('owner')
    const region = await q.findByRole('region', { name: 'Members' })
    const user = userEvent.setup()
    await chooseInRow(user, region, 'Actions for Linus', 'Make owner')
    const dialog = q.getByRole('dialog', { name: 'Transfer ownership' })
    expect(dialog.textContent).toContain('\u2068Linus (linus@example.com)\u2069 becomes the owner of this project. You become an admin')
    await user.type(within(dialog).getByLabelText('Your password'), 'correct horse battery')
    await user.click(within(dialog).getByRole('button', { name: 'Make owner' }))
    await waitFor(() => expect(api.callsTo(OWNER)).toHaveLength(1))
    expect(api.callsTo(OWNER)[0].body).toEqual({ memberId: 'linus', password: 'correct horse battery' })
    expect(api.callsTo(OWNER)[0].url).not.toContain('correct')
    await waitFor(() => expect(q.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await q.findByText('\u2068Linus\u2069 is now the owner. You are an admin.')).toBeInTheDocument()
    // The page reads the project again: the reader's role changed.
    await waitFor(() => expect(api.callsTo(`GET ${BASE}`).length).toBeGreaterThan(1))
  })

  it('a wrong password is said in the dialog, which stays open', async () => {
    const { q } = pageAs('owner', 'wrong')
    const region = await q.findByRole('region', { name: 'Members' })
    const user = userEvent.setup()
    await chooseInRow(user, region, 'Actions for Linus', 'Make owner')
    const dialog = q.getByRole('dialog', { name: 'Transfer ownership' })
    await user.type(within(dialog).getByLabelText('Your password'), 'nope')
    await user.click(within(dialog).getByRole('button', { name: 'Make owner' }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Incorrect password.')
  })

  // The new owner's project limit by its code: in German on a German page (without the figure, no field of the answer); on an English one, the server's words.
  const FULL = 'This member already owns 1000 projects, the most an account can have: they must delete or transfer one first.'
  it.each([
    ['de', de['server.member.recipientLimit']],
    ['en', FULL],
  ])('a new owner at the project limit (RECIPIENT_PROJECT_LIMIT) on a page in %s: in the dialog, which stays open', async (lang, text) => {
    signInAs({ accessToken: 'access-token-transfer', user: { id: 'usr_me', name: 'Me', email: 'me@example.com' } })
    serve('owner', [member('me', 'owner'), member('linus', 'developer', { name: 'Linus' })], {
      status: 409,
      body: { message: FULL, code: 'RECIPIENT_PROJECT_LIMIT' },
    })
    const q = shadow(mountElement('flex-project-detail', { 'project-id': 'prj_7', router: 'memory', lang }))
    const words = (lang === 'de' ? de : enTeams) as Record<string, string | ((p: { name: string }) => string)>
    const say = (id: string, name = 'Linus') => {
      const word = words[id]
      return typeof word === 'function' ? word({ name }) : word
    }
    const user = userEvent.setup()
    await chooseInRow(user, await q.findByRole('region', { name: say('members.heading') }), say('members.menu'), say('members.makeOwner'))
    const dialog = q.getByRole('dialog', { name: say('transfer.title') })
    await user.type(within(dialog).getByLabelText(say('transfer.password')), 'correct horse battery')
    await user.click(within(dialog).getByRole('button', { name: say('transfer.submit') }))
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain(text))
  })

  it('is offered to an owner whose stored log-in names no user (the project says the role), never for the owner', async () => {
    const { q } = pageAs('owner', 'right', [member('linus', 'developer', { name: 'Linus' }), member('grace', 'admin', { name: 'Grace' })], false)
    const region = await q.findByRole('region', { name: 'Members' })
    const user = userEvent.setup()
    await chooseInRow(user, region, 'Actions for Linus', 'Make owner')
    expect(q.getByRole('dialog', { name: 'Transfer ownership' }).textContent).toContain(
      '\u2068Linus (linus@example.com)\u2069 becomes the owner of this project.',
    )
    // In the danger zone too, with the joined members but the owner as the choice.
    await userEvent.setup().keyboard('{Escape}')
    await user.click(await within(await q.findByRole('region', { name: 'Danger zone' })).findByRole('button', { name: 'Transfer ownership' }))
    const choice = within(q.getByRole('dialog', { name: 'Transfer ownership' })).getByLabelText('New owner')
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Linus (linus@example.com)', 'Grace (grace@example.com)'])
  })

  it('is offered to the owner only', async () => {
    const { q } = pageAs('admin')
    const region = await q.findByRole('region', { name: 'Members' })
    await userEvent.setup().click(await within(region).findByRole('button', { name: 'Actions for Linus' }))
    const menu = within(region).getByRole('menu', { name: 'Actions for Linus' })
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Change role', 'Remove'])
  })
})

describe('Transfer ownership in the danger zone', () => {
  const zone = (q: { findByRole: (role: string, o: object) => Promise<HTMLElement> }) => q.findByRole('region', { name: 'Danger zone' })

  it('lets the owner choose a joined member; the text names the one chosen, and the password goes in the body', async () => {
    const grace = member('grace', 'admin', { name: 'Grace' })
    const invited = member('ivy', 'viewer', { name: '', status: 'invited', userId: null, joinedAt: null })
    const { q, api } = pageAs('owner', 'right', [member('linus', 'developer', { name: 'Linus' }), grace, invited])
    const user = userEvent.setup()
    await user.click(await within(await zone(q)).findByRole('button', { name: 'Transfer ownership' }))
    const dialog = q.getByRole('dialog', { name: 'Transfer ownership' })
    const choice = within(dialog).getByLabelText('New owner')
    // Joined members only: an invitation cannot take the project.
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Linus (linus@example.com)', 'Grace (grace@example.com)'])
    expect(dialog.textContent).toContain('\u2068Linus (linus@example.com)\u2069 becomes the owner of this project. You become an admin')
    await user.selectOptions(choice, 'grace')
    expect(dialog.textContent).toContain('\u2068Grace (grace@example.com)\u2069 becomes the owner of this project. You become an admin')
    await user.type(within(dialog).getByLabelText('Your password'), 'correct horse battery')
    await user.click(within(dialog).getByRole('button', { name: 'Make owner' }))
    await waitFor(() => expect(api.callsTo(OWNER)).toHaveLength(1))
    expect(api.callsTo(OWNER)[0].body).toEqual({ memberId: 'grace', password: 'correct horse battery' })
    expect(await q.findByText('\u2068Grace\u2069 is now the owner. You are an admin.')).toBeInTheDocument()
  })

  it('the Members section takes focus when the danger zone goes with the ownership', async () => {
    let role: Member['role'] = 'owner'
    signInAs({ accessToken: 'access-token-transfer', user: { id: 'usr_me', name: 'Me', email: 'me@example.com' } })
    mockApi({
      [`GET ${BASE}`]: () => json(detail(7, {}, { keys: [], keyLimit: 10, role })),
      'GET /api/capabilities': { body: { features: ['teams', 'project-settings'] } },
      [`GET ${BASE}/members`]: () => json([member('me', role), member('linus', role === 'owner' ? 'developer' : 'owner', { name: 'Linus' })]),
      [`GET ${BASE}/audit`]: { body: { entries: [] } },
      [OWNER]: () => {
        role = 'admin'
        return json([member('me', 'admin'), member('linus', 'owner', { name: 'Linus' })])
      },
    })
    const { q, host } = renderDetail('prj_7')
    const user = userEvent.setup()
    await user.click(await within(await zone(q)).findByRole('button', { name: 'Transfer ownership' }))
    const dialog = q.getByRole('dialog', { name: 'Transfer ownership' })
    await user.type(within(dialog).getByLabelText('Your password'), 'correct horse battery')
    await user.click(within(dialog).getByRole('button', { name: 'Make owner' }))
    // An admin has no danger zone: the button that had focus went with it.
    await waitFor(() => expect(q.queryByRole('region', { name: 'Danger zone' })).toBeNull())
    await waitFor(() => expect(host.shadowRoot!.activeElement).toBe(q.getByRole('region', { name: 'Members' })))
  })

  it('is not offered while no other member has joined', async () => {
    const { q } = pageAs('owner', 'right', [])
    const danger = await zone(q)
    await within(danger).findByRole('button', { name: 'Delete project' })
    await within(await q.findByRole('region', { name: 'Members' })).findByRole('table', { name: 'Project members' })
    expect(within(danger).queryByRole('button', { name: 'Transfer ownership' })).not.toBeInTheDocument()
  })
})
