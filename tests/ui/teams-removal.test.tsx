/**
 * Removing a member (and leaving) shows what goes with them: the keys whose
 * text they saw and the endpoints they added, each with what will happen to
 * it, ending them by default; an admin may keep one.
 */
import { waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Member, MemberAccess } from '../../contract/teams'
import { resetStore, signInAs } from './helpers'
import { json, mockApi, type Reply } from './helpers/api-mock'
import { detail, keyEntry, renderDetail } from './helpers/dashboard'
import { member } from './helpers/fixtures'
import { chooseInRow } from './helpers/row-menu'

const BASE = '/api/manage/dapp/prj_7'
const MEMBERS = `${BASE}/members`
const TEAM = [member('own', 'owner'), member('adm', 'admin'), member('dev', 'developer')]
const HELD: MemberAccess = {
  keys: [
    { id: 'apid_prod', name: 'Production', maskedKey: 'fxk_…wxyz' },
    { id: 'apid_laptop', name: 'Laptop', maskedKey: 'fxk_…abcd' },
  ],
  endpoints: [{ id: 'whe_1', url: 'https://hooks.dev.example.com/in', description: 'My test receiver' }],
}
const removal = (keep: string[] = []) => ({
  keys: HELD.keys.map((k) => ({ ...k, outcome: keep.includes(k.id) ? 'kept' : 'revoked' })),
  endpoints: HELD.endpoints.map((e) => ({ ...e, outcome: keep.includes(e.id) ? 'kept' : 'disabled' })),
})

function page(me: string, routes: Record<string, Reply> = {}, team: Member[] = TEAM) {
  signInAs({ accessToken: 'access-token-1', user: { id: me, name: 'Me', email: 'me@example.com' } })
  const role = team.find((m) => m.userId === me)?.role
  const api = mockApi({
    [`GET ${BASE}`]: { body: detail(7, {}, { keys: [keyEntry('apid_1', 'Main', 'fxk_…abcd')], keyLimit: 10, role }) },
    'GET /api/capabilities': { body: { features: ['teams', 'project-settings'] } },
    [`GET ${MEMBERS}`]: { body: team },
    [`GET ${BASE}/audit`]: { body: { entries: [] } },
    [`GET ${MEMBERS}/dev/removal`]: { body: HELD },
    ...routes,
  })
  const r = renderDetail('prj_7')
  return { ...r, api, members: () => r.q.findByRole('region', { name: 'Members' }) }
}

beforeEach(() => resetStore())

describe('the removal dialog', () => {
  it('lists the member’s keys and endpoints, revoking and disabling them unless a choice says keep', async () => {
    const { q, api, members } = page('usr_adm', { [`DELETE ${MEMBERS}/dev?keep=apid_prod`]: () => json(removal(['apid_prod'])) })
    const user = userEvent.setup()
    await chooseInRow(user, await members(), 'Actions for Name dev', 'Remove')
    const dialog = await q.findByRole('dialog', { name: 'Remove member' })
    expect(dialog.textContent).toContain('\u2068Name dev\u2069 loses access to this project at once.')
    expect(await within(dialog).findByText('Production')).toBeInTheDocument()
    expect(dialog.textContent).toContain('Unless you keep them, they stop working now.')
    expect(within(dialog).getByText('fxk_…wxyz')).toBeInTheDocument()
    expect(within(dialog).getByText('https://hooks.dev.example.com/in')).toBeInTheDocument()
    const fate = (name: string) => within(within(dialog).getByRole('group', { name: `What happens to ${name}` }))
    // The safe choice is made: every key revoked, every endpoint disabled.
    expect(fate('Production').getByRole('radio', { name: 'Revoke' })).toBeChecked()
    expect(fate('Laptop').getByRole('radio', { name: 'Revoke' })).toBeChecked()
    expect(fate('https://hooks.dev.example.com/in').getByRole('radio', { name: 'Disable' })).toBeChecked()

    await user.click(fate('Production').getByRole('radio', { name: 'Keep' }))
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(api.callsTo(`DELETE ${MEMBERS}/dev?keep=apid_prod`)).toHaveLength(1))
    expect(await q.findByText('Member removed.')).toBeInTheDocument()
  })

  it('with the defaults, keeps nothing', async () => {
    const { q, api, members } = page('usr_own', { [`DELETE ${MEMBERS}/dev`]: () => json(removal()) })
    const user = userEvent.setup()
    await chooseInRow(user, await members(), 'Actions for Name dev', 'Remove')
    const dialog = await q.findByRole('dialog', { name: 'Remove member' })
    await within(dialog).findByText('Laptop')
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(api.callsTo(`DELETE ${MEMBERS}/dev`)).toHaveLength(1))
  })

  it('a developer who leaves sees what stops working, with no choice to keep it', async () => {
    const { q, api, members } = page('usr_dev', { [`DELETE ${MEMBERS}/dev`]: () => json(removal()) })
    const user = userEvent.setup()
    await user.click(await within(await members()).findByRole('button', { name: 'Leave project' }))
    const dialog = await q.findByRole('dialog', { name: 'Leave project' })
    expect(await within(dialog).findByText('Production')).toBeInTheDocument()
    expect(dialog.textContent).toContain('You saw the full text of these API keys or added these webhook endpoints.')
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument()
    expect(within(dialog).getAllByText('Stops working')).toHaveLength(3)
    await user.click(within(dialog).getByRole('button', { name: 'Leave project' }))
    await waitFor(() => expect(api.callsTo(`DELETE ${MEMBERS}/dev`)).toHaveLength(1))
  })

  it('says the rule when the list cannot come, offers Retry, and still removes', async () => {
    let fail = true
    const { q, api, members } = page('usr_adm', {
      [`GET ${MEMBERS}/dev/removal`]: () => (fail ? json({ message: 'Internal server error' }, 500) : json({ keys: [], endpoints: [] })),
      [`DELETE ${MEMBERS}/dev`]: () => json({ keys: [], endpoints: [] }),
    })
    const user = userEvent.setup()
    await chooseInRow(user, await members(), 'Actions for Name dev', 'Remove')
    const dialog = await q.findByRole('dialog', { name: 'Remove member' })
    expect(await within(dialog).findByText(/could not be listed\. All the same, keys whose full text they saw stop working/)).toBeInTheDocument()
    fail = false
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }))
    expect(await within(dialog).findByText('No working API key or webhook endpoint goes with this member: nothing else changes.')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(api.callsTo(`DELETE ${MEMBERS}/dev`)).toHaveLength(1))
  })

  it('where there is no Invite to go back to, the Members section takes focus from the removed row', async () => {
    let team = TEAM
    const { q, host, members } = page('usr_adm', {
      [`GET ${MEMBERS}`]: () => json(team),
      [`DELETE ${MEMBERS}/dev`]: () => {
        team = TEAM.filter((m) => m.id !== 'dev')
        return json(removal())
      },
    })
    const region = await members()
    // This server sends no mail: there is no Invite button.
    expect(within(region).queryByRole('button', { name: 'Invite' })).toBeNull()
    const user = userEvent.setup()
    await chooseInRow(user, region, 'Actions for Name dev', 'Remove')
    const dialog = await q.findByRole('dialog', { name: 'Remove member' })
    await within(dialog).findByText('Laptop')
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(within(region).queryByRole('button', { name: 'Actions for Name dev' })).toBeNull())
    await waitFor(() => expect(host.shadowRoot!.activeElement).toBe(region))
  })
})
