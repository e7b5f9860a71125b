import { waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AuditEntry, Member } from '../../contract/teams'
import { PAGE } from '../../src/components/teams/ActivitySection'
import { LazyTeamSections } from '../../src/components/teams/lazy'
import { store } from '../../src/store'
import { teams as enTeams } from '../../src/i18n/en/teams'
import de from '../../src/i18n/locales/de'
import { mountElement, recordEvents, resetStore, shadow, signInAs } from './helpers'
import { json, mockApi, type Reply } from './helpers/api-mock'
import { detail, keyEntry, renderDashboard, renderDetail, summary } from './helpers/dashboard'
import { member } from './helpers/fixtures'
import { chooseInRow } from './helpers/row-menu'

const BASE = '/api/manage/dapp/prj_7'
const MEMBERS = `${BASE}/members`
const CAPS = 'GET /api/capabilities'
const AUDIT = `GET ${BASE}/audit`

const invitation = (id: string, extra: Partial<Member> = {}): Member =>
  member(id, 'developer', { userId: null, name: '', status: 'invited', joinedAt: null, expiresAt: '2099-11-08T10:00:00.000Z', ...extra })

const TEAM = [member('own', 'owner'), member('adm', 'admin'), member('dev', 'developer'), invitation('inv')]

const entry = (n: number, action = 'key.created', extra: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `aud_${n}`,
  at: '2026-11-02T10:00:00.000Z',
  actor: { id: 'usr_own', name: 'Name own', email: 'own@example.com' },
  action,
  target: `key_${n}`,
  details: { name: `Key ${n}` },
  ...extra,
})

/** A server with teams, signed in as `me` (a member's user id); `routes` adds or replaces replies. */
function teamServer(me: string, routes: Record<string, Reply> = {}, team: Member[] = TEAM) {
  signInAs({ accessToken: 'access-token-1', user: { id: me, name: 'Me', email: 'me@example.com' } })
  const role = team.find((m) => m.userId === me)?.role
  return mockApi({
    [`GET ${BASE}`]: { body: detail(7, {}, { keys: [keyEntry('apid_1', 'Main', 'fxk_…abcd')], keyLimit: 10, role }) },
    [CAPS]: { body: { features: ['teams', 'mail', 'project-settings'] } },
    [`GET ${MEMBERS}`]: { body: team },
    [AUDIT]: { body: { entries: [] } },
    ...routes,
  })
}

/** The project page as `me` on a server with teams. */
function page(me: string, routes: Record<string, Reply> = {}, team: Member[] = TEAM) {
  const api = teamServer(me, routes, team)
  const r = renderDetail('prj_7')
  return { ...r, api, members: () => r.q.findByRole('region', { name: 'Members' }) }
}

const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => Array.from(r.querySelectorAll('th,td')).map((c) => c.textContent?.trim()))

// The sections' chunk, fetched ahead as a session would have it: each test then waits for its answers, not for the chunk's first import.
beforeAll(async () => {
  await LazyTeamSections.chunk.load()
})
beforeEach(() => resetStore())

describe('the Members section', () => {
  it('lists the members (name, e-mail, role, joined) with the owner first (who may make each the owner), and the pending invitations apart', async () => {
    const { members } = page('usr_own')
    const region = await members()
    const table = await within(region).findByRole('table', { name: 'Project members' })
    expect(cells(table)).toEqual([
      ['Name', 'E-mail', 'Role', 'Joined', 'Actions'],
      ['Name own (you)', 'own@example.com', 'Owner', expect.stringMatching(/2026/), '—'],
      ['Name adm', 'adm@example.com', 'Admin', expect.stringMatching(/2026/), '⋯'],
      ['Name dev', 'dev@example.com', 'Developer', expect.stringMatching(/2026/), '⋯'],
    ])
    const pending = within(region).getByRole('table', { name: 'Invitations not yet accepted' })
    expect(cells(pending)[1]).toEqual(['inv@example.com', 'Developer', expect.stringMatching(/2026/), expect.stringMatching(/2099/), '⋯'])
  })

  it('keeps Remove and Revoke in each row’s menu, as the keys table does: no red button in the tables (the one danger rule)', async () => {
    const { members } = page('usr_own')
    const region = await members()
    await within(region).findByRole('table', { name: 'Invitations not yet accepted' })
    expect(
      within(region)
        .queryAllByRole('button')
        .filter((b) => b.className.includes('text-danger')),
    ).toEqual([])
    const user = userEvent.setup()
    await user.click(within(region).getByRole('button', { name: 'Actions for Name dev' }))
    const remove = within(within(region).getByRole('menu', { name: 'Actions for Name dev' })).getByRole('menuitem', { name: 'Remove' })
    expect(remove.className).toContain('text-danger')
    await user.keyboard('{Escape}')
    await user.click(within(region).getByRole('button', { name: 'Actions for inv@example.com' }))
    expect(
      within(within(region).getByRole('menu'))
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Resend', 'Revoke'])
  })

  it('Invite sends the address and the chosen role, tells the host the new id only, and lists it', async () => {
    let team = TEAM
    const { q, api, host, members } = page('usr_own', {
      [`GET ${MEMBERS}`]: () => json(team),
      [`POST ${MEMBERS}`]: (call) => {
        const { email, role } = call.body as { email: string; role: 'viewer' }
        team = [...team, invitation('new', { email, role })]
        return json({ id: 'new', email, role, status: 'invited', expiresAt: '2099-11-08T10:00:00.000Z' }, 201)
      },
    })
    const events = recordEvents(['flex-member-invited'], host)
    const user = userEvent.setup()
    await user.click(await within(await members()).findByRole('button', { name: 'Invite' }))
    const dialog = q.getByRole('dialog', { name: 'Invite a member' })
    expect(within(dialog).getByRole('radio', { name: /Developer/ })).toBeChecked()
    expect(within(dialog).queryByRole('radio', { name: /Owner/ })).not.toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('E-mail address'), ' grace@example.com ')
    await user.click(within(dialog).getByRole('radio', { name: /Viewer/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
    await waitFor(() => expect(q.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.callsTo(`POST ${MEMBERS}`)[0].body).toEqual({ email: 'grace@example.com', role: 'viewer' })
    expect(events.events.map((e) => e.detail)).toEqual([{ projectId: 'prj_7', memberId: 'new' }])
    expect(q.getByText('Invitation sent to \u2068grace@example.com\u2069.')).toBeInTheDocument()
    expect(await q.findByText('grace@example.com')).toBeInTheDocument()
  })

  it('offers no Invite on a server run without mail, which cannot send one', async () => {
    const { members } = page('usr_own', { [CAPS]: { body: { features: ['teams', 'project-settings'] } } })
    const region = await members()
    await within(region).findByRole('table', { name: 'Project members' })
    expect(within(region).getAllByRole('button', { name: /^Actions for / }).length).toBeGreaterThan(0)
    expect(within(region).queryByRole('button', { name: 'Invite' })).not.toBeInTheDocument()
  })

  it("shows the server's refusal in the dialog, which stays open", async () => {
    const { q, members } = page('usr_own', { [`POST ${MEMBERS}`]: { status: 409, body: { message: 'That address is already a member.' } } })
    const user = userEvent.setup()
    await user.click(await within(await members()).findByRole('button', { name: 'Invite' }))
    const dialog = q.getByRole('dialog', { name: 'Invite a member' })
    await user.type(within(dialog).getByLabelText('E-mail address'), 'adm@example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain('That address is already a member.')
  })

  // The invitation's refusals by their code: in German on a German page, a day's budget's wait in hours as the
  // server says it (from Retry-After; its figure of invitations is no field of the answer); on an English page, the server's words.
  const SPENT = 'You may send 50 invitations a day, resends included. Try again in 5 hours.'
  const THEIRS = 'This address has already been sent 3 invitations today, the most one address may receive in a day. Try again in 3 days.'
  const MEMBER = 'This address is already a member of the project.'
  const UNVERIFIED =
    'You cannot invite anyone yet: the website you signed in through has not confirmed your e-mail address to us. Accepting an invitation with the code from its mail confirms it too.'
  const waited = (id: 'server.invite.inviterLimit' | 'server.invite.addressLimit', wait: string) => (de[id] as (p: { wait: string }) => string)({ wait })
  it.each([
    ['de', 'INVITER_LIMIT_REACHED', '17000', SPENT, waited('server.invite.inviterLimit', '5 Stunden')],
    ['en', 'INVITER_LIMIT_REACHED', '17000', SPENT, SPENT],
    ['de', 'INVITED_ADDRESS_LIMIT_REACHED', '200000', THEIRS, waited('server.invite.addressLimit', '3 Tage')],
    ['de', 'ALREADY_MEMBER', '', MEMBER, de['server.member.already']],
    ['en', 'ALREADY_MEMBER', '', MEMBER, MEMBER],
    ['de', 'HOST_EMAIL_UNVERIFIED', '', UNVERIFIED, de['server.invite.hostUnverified']],
  ])('Invite on a page in %s says %s in German by its code, in English as the server wrote it', async (lang, code, retryAfter, message, text) => {
    const refusal = new Response(JSON.stringify({ message, code }), {
      status: retryAfter ? 429 : code === 'HOST_EMAIL_UNVERIFIED' ? 403 : 409,
      headers: { 'Content-Type': 'application/json', ...(retryAfter ? { 'Retry-After': retryAfter } : {}) },
    })
    teamServer('usr_own', { [`POST ${MEMBERS}`]: refusal })
    const q = shadow(mountElement('flex-project-detail', { 'project-id': 'prj_7', router: 'memory', lang }))
    const words = (lang === 'de' ? de : enTeams) as Record<string, string>
    const user = userEvent.setup()
    const members = await q.findByRole('region', { name: words['members.heading'] })
    await user.click(await within(members).findByRole('button', { name: words['members.invite'] }))
    const dialog = q.getByRole('dialog', { name: words['invite.title'] })
    await user.type(within(dialog).getByLabelText(words['invite.email']), 'adm@example.com')
    await user.click(within(dialog).getByRole('button', { name: words['invite.submit'] }))
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain(text))
  })

  it('says an address the server refuses under the field, which it describes, in the reader’s words', async () => {
    // The browser lets some addresses by that the server does not (no dot after the @): its code ties the message to the field.
    const refusal = { status: 400, body: { message: 'Enter a valid e-mail address.', code: 'EMAIL_INVALID' } }
    const { q, members } = page('usr_own', { [`POST ${MEMBERS}`]: refusal })
    const user = userEvent.setup()
    await user.click(await within(await members()).findByRole('button', { name: 'Invite' }))
    const dialog = q.getByRole('dialog', { name: 'Invite a member' })
    const field = within(dialog).getByLabelText('E-mail address')
    await user.type(field, 'grace@localhost')
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'))
    expect(field).toHaveAccessibleDescription('Enter a valid e-mail address.')
    expect(within(dialog).queryByRole('alert')).toBeNull()
  })

  it('Change role sends the new role for that member', async () => {
    const { q, api, members } = page('usr_own', { [`PATCH ${MEMBERS}/dev`]: { body: member('dev', 'admin') } })
    const user = userEvent.setup()
    await chooseInRow(user, await members(), 'Actions for Name dev', 'Change role')
    const dialog = q.getByRole('dialog', { name: 'Change role' })
    expect(within(dialog).getByRole('radio', { name: /Developer/ })).toBeChecked()
    await user.click(within(dialog).getByRole('radio', { name: /Admin/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }))
    await waitFor(() => expect(api.callsTo(`PATCH ${MEMBERS}/dev`)).toHaveLength(1))
    expect(api.callsTo(`PATCH ${MEMBERS}/dev`)[0].body).toEqual({ role: 'admin' })
    expect(await q.findByText('Role changed.')).toBeInTheDocument()
  })

  it('Remove asks first, naming the member, then removes and tells the host', async () => {
    const { q, api, host, members } = page('usr_adm', {
      [`GET ${MEMBERS}/dev/removal`]: { body: { keys: [], endpoints: [] } },
      [`DELETE ${MEMBERS}/dev`]: { body: { keys: [], endpoints: [] } },
    })
    const events = recordEvents(['flex-member-removed'], host)
    const user = userEvent.setup()
    const region = await members()
    // An admin manages the others, never the owner.
    expect(within(region).queryByRole('button', { name: 'Actions for Name own' })).not.toBeInTheDocument()
    await chooseInRow(user, region, 'Actions for Name dev', 'Remove')
    const dialog = await q.findByRole('dialog', { name: 'Remove member' })
    expect(dialog.textContent).toContain('\u2068Name dev\u2069 loses access to this project at once.')
    expect(api.callsTo(`DELETE ${MEMBERS}/dev`)).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(api.callsTo(`DELETE ${MEMBERS}/dev`)).toHaveLength(1))
    expect(events.events.map((e) => e.detail)).toEqual([{ projectId: 'prj_7', memberId: 'dev' }])
    expect(await q.findByText('Member removed.')).toBeInTheDocument()
  })

  it('Revoke and Resend act on the invitation', async () => {
    const { q, api, members } = page('usr_own', {
      [`DELETE ${MEMBERS}/inv`]: { body: { keys: [], endpoints: [] } },
      [`POST ${MEMBERS}/inv/resend`]: {
        body: { id: 'inv', email: 'inv@example.com', role: 'developer', status: 'invited', expiresAt: '2099-11-09T10:00:00.000Z' },
      },
    })
    const user = userEvent.setup()
    const region = await members()
    await chooseInRow(user, region, 'Actions for inv@example.com', 'Resend')
    await waitFor(() => expect(api.callsTo(`POST ${MEMBERS}/inv/resend`)).toHaveLength(1))
    expect(await q.findByText('Invitation sent again to \u2068inv@example.com\u2069.')).toBeInTheDocument()
    await chooseInRow(user, region, 'Actions for inv@example.com', 'Revoke')
    const dialog = q.getByRole('dialog', { name: 'Revoke invitation' })
    expect(dialog.textContent).toContain('inv@example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }))
    await waitFor(() => expect(api.callsTo(`DELETE ${MEMBERS}/inv`)).toHaveLength(1))
    expect(await q.findByText('Invitation revoked.')).toBeInTheDocument()
  })

  it('a member who is not the owner can leave, confirmed, and goes to the dashboard', async () => {
    const { q, api, nav, members } = page('usr_dev', {
      [`GET ${MEMBERS}/dev/removal`]: { body: { keys: [], endpoints: [] } },
      [`DELETE ${MEMBERS}/dev`]: { body: { keys: [], endpoints: [] } },
    })
    const user = userEvent.setup()
    const region = await members()
    expect(within(region).queryByRole('button', { name: 'Invite' })).not.toBeInTheDocument()
    expect(within(region).queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument()
    await user.click(await within(region).findByRole('button', { name: 'Leave project' }))
    await user.click(within(await q.findByRole('dialog', { name: 'Leave project' })).getByRole('button', { name: 'Leave project' }))
    await waitFor(() => expect(api.callsTo(`DELETE ${MEMBERS}/dev`)).toHaveLength(1))
    await waitFor(() => expect(nav().route.path).toBe('/dashboard'))
  })

  it('the owner has no "Leave project" (ownership is transferred first)', async () => {
    const { members } = page('usr_own')
    const region = await members()
    await within(region).findByRole('table', { name: 'Project members' })
    expect(within(region).queryByRole('button', { name: 'Leave project' })).not.toBeInTheDocument()
  })
})

describe('what a role cannot do is hidden', () => {
  it('a viewer sees no key, webhook, project or member actions, and no Activity', async () => {
    const { q, members } = page('usr_view', {}, [...TEAM, member('view', 'viewer')])
    await within(await members()).findByRole('table', { name: 'Project members' })
    const keys = q.getByRole('region', { name: 'API keys' })
    expect(within(keys).getByText('Main')).toBeInTheDocument()
    expect(within(keys).queryByRole('button', { name: 'Create' })).not.toBeInTheDocument()
    expect(within(keys).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument()
    expect(q.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument()
    expect(q.queryByRole('button', { name: 'Edit project' })).not.toBeInTheDocument()
    expect(q.queryByRole('button', { name: 'Delete project' })).not.toBeInTheDocument()
    expect(q.queryByRole('region', { name: 'Activity' })).not.toBeInTheDocument()
  })

  it('a developer may create keys but not edit or delete the project', async () => {
    const { q, members } = page('usr_dev')
    await within(await members()).findByRole('table', { name: 'Project members' })
    expect(q.getByRole('button', { name: 'Create' })).toBeInTheDocument()
    expect(q.queryByRole('button', { name: 'Edit project' })).not.toBeInTheDocument()
    expect(q.queryByRole('button', { name: 'Delete project' })).not.toBeInTheDocument()
  })

  it('the owner sees every action', async () => {
    const { q } = page('usr_own')
    expect(await q.findByRole('button', { name: 'Delete project' })).toBeInTheDocument()
    expect(q.getByRole('button', { name: 'Edit project' })).toBeInTheDocument()
    expect(q.getByRole('button', { name: 'Create' })).toBeInTheDocument()
  })
})

describe('the Activity section', () => {
  it('lists the log newest first, filters by kind and loads older pages with before=', async () => {
    const first = Array.from({ length: PAGE }, (_, i) => entry(i + 1, i === 1 ? 'member.invited' : 'key.created'))
    const { q, api } = page('usr_own', {
      [AUDIT]: (call) => json({ entries: call.url.includes('before=') ? [entry(99, 'secret.rolled')] : first }),
    })
    const region = await q.findByRole('region', { name: 'Activity' })
    const table = await within(region).findByRole('table', { name: 'Project activity' })
    expect(cells(table)[0]).toEqual(['What'])
    expect(cells(table)[1]).toEqual([expect.stringMatching(/^Name own created the API key Key 1\..*2026.* · own@example\.com$/)])
    expect(api.callsTo(`${AUDIT}?limit=${PAGE}`)).toHaveLength(1)
    const user = userEvent.setup()
    await user.selectOptions(within(region).getByLabelText('Show'), 'Members')
    expect(within(region).getAllByRole('row')).toHaveLength(2)
    expect(within(region).getByText(/^Name own invited /)).toBeInTheDocument()
    await user.selectOptions(within(region).getByLabelText('Show'), 'All activity')
    await user.click(within(region).getByRole('button', { name: 'Load more' }))
    expect(await within(region).findByText('Name own rolled the webhook signing secret.')).toBeInTheDocument()
    expect(api.callsTo(`${AUDIT}?limit=${PAGE}&before=aud_${PAGE}`)).toHaveLength(1)
    expect(within(region).getByText('That is everything.')).toBeInTheDocument()
  })
})

describe('against a server without teams', () => {
  it('shows neither section, and never asks for members', async () => {
    const { q, api } = page('usr_own', { [CAPS]: { status: 404, body: { message: 'Not found' } } })
    await q.findByRole('heading', { level: 2, name: 'Project 7' })
    await waitFor(() => expect(store.getState().capabilities['/api']).toBeTruthy())
    expect(q.queryByRole('region', { name: 'Members' })).not.toBeInTheDocument()
    expect(q.queryByRole('region', { name: 'Activity' })).not.toBeInTheDocument()
    expect(api.callsTo(`GET ${MEMBERS}`)).toHaveLength(0)
    // Every control shows as before.
    expect(q.getByRole('button', { name: 'Create' })).toBeInTheDocument()
  })
})

describe('the dashboard', () => {
  it("shows the reader's role in each project when the server says it", async () => {
    signInAs()
    mockApi({
      'GET /api/manage/dapp/owner': { body: [summary(1, { role: 'owner' }), summary(2, { role: 'viewer' })] },
      [CAPS]: { body: { features: ['teams'] } },
    })
    const { q } = renderDashboard()
    const table = await q.findByRole('table')
    expect(within(table).getByRole('columnheader', { name: 'Role' })).toBeInTheDocument()
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getByText(/Owner|Viewer/).textContent)).toEqual(['Owner', 'Viewer'])
  })

  it('has no role column for projects without one (a spec-only server)', async () => {
    signInAs()
    mockApi({ 'GET /api/manage/dapp/owner': { body: [summary(1)] }, [CAPS]: { status: 404, body: { message: 'Not found' } } })
    const { q } = renderDashboard()
    const table = await q.findByRole('table')
    expect(within(table).queryByRole('columnheader', { name: 'Role' })).not.toBeInTheDocument()
  })
})
