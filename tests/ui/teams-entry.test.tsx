/**
 * The invited reader's ways in, on the dashboard: the invitations waiting for
 * them (project, role, inviter) with Accept and Decline, and "Have an
 * invitation code?" one click away; accepting by code makes the "not
 * verified" reminder go without a reload.
 */
import { act, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { askAgain } from '../../src/components/account/useUnverifiedAccount'
import { invitation as held } from '../../src/components/teams/invitation-code'
import { resetStore, signInAs } from './helpers'
import { mockApi } from './helpers/api-mock'
import { renderDashboard } from './helpers/dashboard'
import { PROFILE } from './helpers/fixtures'

const PENDING = {
  id: 'mem_1',
  project: { id: 'prj_9', name: 'Weather app' },
  role: 'developer',
  inviter: { name: 'Olga Owner', email: 'olga@example.com' },
  expiresAt: '2099-01-01T00:00:00.000Z',
}
const SENTENCE = 'Olga Owner invited you to the project Weather app as Developer.'

const reply = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

function dashboard(first: object[], features = ['teams']) {
  const now = { invitations: first, decline: (): Response => reply(null, 204) }
  signInAs({ accessToken: 'acc-entry', user: { id: 'usr_1', name: 'Ivy', email: 'ivy@example.com' } })
  const api = mockApi({
    'GET /api/capabilities': { body: { features } },
    'GET /api/manage/dapp/owner': { body: [] },
    'GET /api/invitations': () => reply({ emailVerified: true, invitations: now.invitations }),
    'POST /api/invitations/mem_1/accept': { body: { projectId: 'prj_9', role: 'developer' } },
    'POST /api/invitations/mem_1/decline': () => now.decline(),
    'POST /api/invitations/mem_2/decline': () => now.decline(),
  })
  return { ...renderDashboard(), api, now }
}

beforeEach(() => {
  resetStore()
  held.code = null
})

describe('invitations on the dashboard', () => {
  it('lists who invited the reader to which project as what; Accept joins and opens the project', async () => {
    const { q, api } = dashboard([PENDING])
    const region = await q.findByRole('region', { name: 'Invitations for you' })
    expect(within(region).getByText(SENTENCE)).toBeVisible()
    await userEvent.setup().click(within(region).getByRole('button', { name: 'Accept the invitation to Weather app' }))
    await waitFor(() => expect(api.callsTo('POST /api/invitations/mem_1/accept')).toHaveLength(1))
    // The project list is asked again, with the project in it now.
    await waitFor(() => expect(api.callsTo('GET /api/manage/dapp/owner').length).toBeGreaterThan(1))
  })

  it('Decline removes it, and with none left the list is gone', async () => {
    const { q, api, now } = dashboard([PENDING])
    const region = await q.findByRole('region', { name: 'Invitations for you' })
    now.invitations = []
    await userEvent.setup().click(within(region).getByRole('button', { name: 'Decline the invitation to Weather app' }))
    await waitFor(() => expect(q.queryByRole('region', { name: 'Invitations for you' })).not.toBeInTheDocument())
    expect(api.callsTo('POST /api/invitations/mem_1/decline')).toHaveLength(1)
  })

  it("Decline of one of two keeps focus in the list (its row went with the button), not at the page's start", async () => {
    const { q, now, root } = dashboard([PENDING, { ...PENDING, id: 'mem_2', project: { id: 'prj_8', name: 'Maps' } }])
    const region = await q.findByRole('region', { name: 'Invitations for you' })
    now.invitations = [PENDING]
    within(region).getByRole('button', { name: 'Decline the invitation to Maps' }).focus()
    await userEvent.setup().keyboard('{Enter}')
    await waitFor(() => expect(within(region).queryByRole('button', { name: 'Decline the invitation to Maps' })).not.toBeInTheDocument())
    await waitFor(() => expect(root.activeElement).toBe(region))
  })

  it("Decline of the last one, which takes the list with it, gives focus to the dashboard's heading, not the page's start", async () => {
    const { q, now, root } = dashboard([PENDING])
    const region = await q.findByRole('region', { name: 'Invitations for you' })
    now.invitations = []
    within(region).getByRole('button', { name: 'Decline the invitation to Weather app' }).focus()
    await userEvent.setup().keyboard('{Enter}')
    await waitFor(() => expect(q.queryByRole('region', { name: 'Invitations for you' })).not.toBeInTheDocument())
    await waitFor(() => expect(root.activeElement).toBe(q.getByRole('heading', { name: /^Your .*Projects$/ })))
  })

  it('Decline of the last one leaves focus where the reader has moved it meanwhile, such as a field of the host page', async () => {
    const { q, now, root } = dashboard([PENDING])
    let answer!: (res: Response) => void
    now.decline = () => new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response
    const region = await q.findByRole('region', { name: 'Invitations for you' })
    const search = document.body.appendChild(Object.assign(document.createElement('input'), { ariaLabel: 'Host search' }))
    try {
      const user = userEvent.setup()
      await user.click(within(region).getByRole('button', { name: 'Decline the invitation to Weather app' }))
      await user.click(search)
      now.invitations = []
      await act(async () => answer(reply(null, 204)))
      await waitFor(() => expect(q.queryByRole('region', { name: 'Invitations for you' })).not.toBeInTheDocument())
      expect(document.activeElement).toBe(search)
      expect(root.activeElement).toBeNull()
    } finally {
      search.remove()
    }
  })

  it('an invitation gone meanwhile is said so by its code, in words', async () => {
    const { q, now } = dashboard([PENDING, { ...PENDING, id: 'mem_2', project: { id: 'prj_8', name: 'Maps' } }])
    const region = await q.findByRole('region', { name: 'Invitations for you' })
    now.decline = () => reply({ message: 'Invitation not found.', code: 'INVITATION_UNKNOWN' }, 404)
    await userEvent.setup().click(within(region).getByRole('button', { name: 'Decline the invitation to Maps' }))
    expect((await within(region).findByRole('alert')).textContent).toContain('This invitation is no longer open')
  })

  it('the last invitation gone meanwhile: the message stays where the list was, until dismissed', async () => {
    const { q, now } = dashboard([PENDING])
    const region = await q.findByRole('region', { name: 'Invitations for you' })
    now.decline = () => reply({ message: 'Invitation not found.', code: 'INVITATION_UNKNOWN' }, 404)
    now.invitations = []
    await userEvent.setup().click(within(region).getByRole('button', { name: 'Decline the invitation to Weather app' }))
    const alert = await within(region).findByRole('alert')
    expect(alert.textContent).toContain('This invitation is no longer open')
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Dismiss' }))
    await waitFor(() => expect(q.queryByRole('region', { name: 'Invitations for you' })).not.toBeInTheDocument())
  })

  it('shows nothing without invitations, and nothing of teams on a server without them', async () => {
    const { q, api } = dashboard([], [])
    expect(await q.findByText(/No projects yet/i)).toBeInTheDocument()
    expect(q.queryByRole('link', { name: 'Have an invitation code?' })).not.toBeInTheDocument()
    expect(api.callsTo('GET /api/invitations')).toHaveLength(0)
  })
})

describe('"Have an invitation code?"', () => {
  it('is one click from the dashboard to the screen that takes a code', async () => {
    const { q, nav } = dashboard([])
    const link = await q.findByRole('link', { name: 'Have an invitation code?' })
    await userEvent.setup().click(link)
    await waitFor(() => expect(nav().route.href).toBe('/invitations/accept'))
  })
})

describe('accepting by code', () => {
  it('has the "not verified" reminder ask again, and go, without a reload', async () => {
    let verified = false
    signInAs({ accessToken: 'acc-banner', user: { id: 'usr_1', name: 'Ivy', email: 'ivy@example.com' } })
    mockApi({
      'GET /api/capabilities': { body: { features: ['teams', 'accounts', 'mail'] } },
      'GET /api/manage/dapp/owner': { body: [] },
      'GET /api/invitations': { body: { emailVerified: false, invitations: [] } },
      'GET /api/me': () => reply({ ...PROFILE, id: 'usr_1', emailVerified: verified }),
    })
    const { q } = renderDashboard()
    expect(await q.findByText(/Your e-mail address is not verified yet/, {}, { timeout: 10_000 })).toBeInTheDocument()
    // What the accept screen does once the server took the code (which verifies the address).
    verified = true
    act(() => askAgain())
    await waitFor(() => expect(q.queryByText(/Your e-mail address is not verified yet/)).not.toBeInTheDocument())
  })
})
