import { waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { invitation } from '../../src/components/teams/invitation-code'
import { useNavigation } from '../../src/router/navigation'
import { mountElement, recordEvents, resetStore, shadow, signInAs } from './helpers'
import { mockApi, type Reply } from './helpers/api-mock'

// The screens an accepted invitation leads to belong to their own issues: stand-ins keep these tests about the route.
vi.mock('../../src/elements/projects/ProjectsScreen', () => ({
  ProjectsScreen: () => <h2>Dashboard stand-in</h2>,
}))
vi.mock('../../src/elements/project-detail/ProjectDetailScreen', () => ({
  ProjectDetailScreen: function ProjectStandIn() {
    const { route } = useNavigation()
    return <h2>Project stand-in {route.query.get('projectid')}</h2>
  },
}))

const ACCEPT = 'POST /api/invitations/accept'
const CODE = 'inv-code-Secret_123'
const JOINED = { body: { projectId: 'prj_9', role: 'developer' } }
const SIGNED_IN = {
  accessToken: 'acc-1',
  tokenType: 'Bearer',
  expiresAt: '2099-01-01T00:00:00.000Z',
  user: { id: 'usr_1', name: 'Grace', email: 'grace@example.com' },
}

const setUrl = (url: string) => window.history.replaceState(null, '', url)

function portalAt(url: string, routes: Record<string, Reply> = {}, attributes: Record<string, string> = {}) {
  setUrl(url)
  const api = mockApi({
    'POST /api/device': { body: { accessToken: 'device-tok' } },
    'GET /api/capabilities': { body: { features: ['teams'] } },
    'POST /api/auth/authenticate': { body: SIGNED_IN },
    [ACCEPT]: JOINED,
    ...routes,
  })
  const el = mountElement('flex-portal', attributes)
  const events = recordEvents(['flex-invitation-accepted', 'flex-navigate'], el)
  return { el, q: shadow(el), api, events }
}

beforeEach(() => {
  resetStore()
  invitation.code = null
})
afterEach(() => setUrl('/'))

describe('#/invitations/accept?code=…', () => {
  it('signed in: takes the code out of the address at once, accepts it and opens the project; the code is in no event', async () => {
    signInAs(SIGNED_IN)
    const { q, api, events } = portalAt(`/#/invitations/accept?code=${CODE}`)
    // The element renders in a task of its own: from its first render on, the address has no code.
    await waitFor(() => expect(window.location.href).not.toContain(CODE))
    expect(await q.findByRole('heading', { name: 'Project stand-in prj_9' })).toBeInTheDocument()
    expect(api.callsTo(ACCEPT)).toHaveLength(1)
    expect(api.callsTo(ACCEPT)[0].body).toEqual({ code: CODE })
    expect(api.callsTo(ACCEPT)[0].url).not.toContain(CODE)
    expect(window.location.hash).toBe('#/projects?projectid=prj_9')
    expect(events.events.find((e) => e.type === 'flex-invitation-accepted')?.detail).toEqual({ projectId: 'prj_9' })
    expect(JSON.stringify(events.events.map((e) => e.detail))).not.toContain(CODE)
  })

  it('opened later in a tab where the portal already runs: takes the code out of the address, and accepts it', async () => {
    signInAs(SIGNED_IN)
    const { q, api } = portalAt('/#/dashboard')
    expect(await q.findByRole('heading', { name: 'Dashboard stand-in' })).toBeInTheDocument()
    window.location.hash = `#/invitations/accept?code=${CODE}`
    expect(await q.findByRole('heading', { name: 'Project stand-in prj_9' })).toBeInTheDocument()
    expect(window.location.href).not.toContain(CODE)
    expect(api.callsTo(ACCEPT)[0].body).toEqual({ code: CODE })
  })

  it('opened while the accept screen already shows (no code yet): takes the code and accepts it', async () => {
    signInAs(SIGNED_IN)
    const { q, api } = portalAt('/#/invitations/accept')
    // At most what the server takes (contract/teams.ts): a longer code is never sent to be refused.
    expect(await q.findByLabelText('Invitation code')).toHaveAttribute('maxlength', '200')
    window.location.hash = `#/invitations/accept?code=${CODE}`
    expect(await q.findByRole('heading', { name: 'Project stand-in prj_9' })).toBeInTheDocument()
    expect(window.location.href).not.toContain(CODE)
    expect(api.callsTo(ACCEPT).map((call) => call.body)).toEqual([{ code: CODE }])
  })

  it('signed out: asks to log in first, then accepts and opens the project', async () => {
    const { q, api } = portalAt(`/#/invitations/accept?code=${CODE}`)
    expect(await q.findByText(/You have been invited to a project/)).toBeInTheDocument()
    expect(window.location.href).not.toContain(CODE)
    expect(api.callsTo(ACCEPT)).toHaveLength(0)
    const user = userEvent.setup()
    await user.type(q.getByLabelText('Email address'), 'grace@example.com')
    await user.type(q.getByLabelText('Password'), 'correct horse battery staple')
    await user.click(q.getByRole('button', { name: 'Log in' }))
    expect(await q.findByRole('heading', { name: 'Project stand-in prj_9' })).toBeInTheDocument()
    expect(api.callsTo(ACCEPT)[0].body).toEqual({ code: CODE })
  })

  it('a code the server refuses gets one clear message, and a way on', async () => {
    signInAs(SIGNED_IN)
    const { q } = portalAt(`/#/invitations/accept?code=${CODE}`, { [ACCEPT]: { status: 400, body: { message: 'This invitation is not valid.' } } })
    const alert = await q.findByRole('alert')
    expect(alert.textContent).toContain('This invitation cannot be used.')
    expect(alert.textContent).toContain('sent to another e-mail address')
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()
    await userEvent.setup().click(q.getByRole('button', { name: 'Go to your projects' }))
    expect(await q.findByRole('heading', { name: 'Dashboard stand-in' })).toBeInTheDocument()
  })

  it('no answer keeps the code for Retry', async () => {
    signInAs(SIGNED_IN)
    let n = 0
    const { q, api } = portalAt(`/#/invitations/accept?code=${CODE}`, {
      [ACCEPT]: () => (++n === 1 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(Response.json(JOINED.body))),
    })
    const alert = await q.findByRole('alert')
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await q.findByRole('heading', { name: 'Project stand-in prj_9' })).toBeInTheDocument()
    expect(api.callsTo(ACCEPT).map((c) => c.body)).toEqual([{ code: CODE }, { code: CODE }])
  })

  it('without a code in the link, asks for the one in the mail, and accepts it', async () => {
    signInAs(SIGNED_IN)
    const { q, api } = portalAt('/#/invitations/accept')
    expect(await q.findByText('Enter the code from your invitation e-mail to join the project.')).toBeInTheDocument()
    const user = userEvent.setup()
    await user.type(q.getByLabelText('Invitation code'), ` ${CODE} `)
    await user.click(q.getByRole('button', { name: 'Join project' }))
    expect(await q.findByRole('heading', { name: 'Project stand-in prj_9' })).toBeInTheDocument()
    expect(api.callsTo(ACCEPT)[0].body).toEqual({ code: CODE })
  })

  it('a typed code the server refuses is back in its field, to correct rather than type again', async () => {
    signInAs(SIGNED_IN)
    const { q } = portalAt('/#/invitations/accept', { [ACCEPT]: { status: 400, body: { message: 'This invitation is not valid.' } } })
    const user = userEvent.setup()
    await user.type(await q.findByLabelText('Invitation code'), `${CODE}x`)
    await user.click(q.getByRole('button', { name: 'Join project' }))
    expect((await q.findByRole('alert')).textContent).toContain('This invitation cannot be used.')
    expect(q.getByLabelText('Invitation code')).toHaveValue(`${CODE}x`)
  })
})

describe('invitation-url', () => {
  it("on the host's own page, takes the code out of its query, accepts it and opens the project (memory router)", async () => {
    signInAs(SIGNED_IN)
    const { q, api } = portalAt(`/join?team=1&code=${CODE}`, {}, { router: 'memory', 'invitation-url': '/join' })
    await waitFor(() => expect(window.location.href).not.toContain(CODE))
    expect(window.location.search).toBe('?team=1')
    expect(await q.findByRole('heading', { name: 'Project stand-in prj_9' })).toBeInTheDocument()
    expect(api.callsTo(ACCEPT)[0].body).toEqual({ code: CODE })
    await waitFor(() => expect(sessionStorage.getItem('flex-route') ?? '').not.toContain(CODE))
  })

  it.each(['https://example.com:port/join', 'http://[', 'https://host:99999/x'])(
    'of %s, which is no URL, names no page: the portal still shows',
    async (bad) => {
      const { q, api } = portalAt(`/join?code=${CODE}`, {}, { router: 'memory', 'invitation-url': bad })
      expect(await q.findByRole('heading', { name: /log in/i })).toBeInTheDocument()
      expect(api.callsTo(ACCEPT)).toHaveLength(0)
    },
  )

  it('leaves a code on any other page alone', async () => {
    signInAs(SIGNED_IN)
    const { q, api } = portalAt(`/elsewhere?code=${CODE}`, {}, { router: 'memory', 'invitation-url': '/join' })
    expect(await q.findByRole('heading', { name: 'Dashboard stand-in' })).toBeInTheDocument()
    expect(window.location.search).toBe(`?code=${CODE}`)
    expect(api.callsTo(ACCEPT)).toHaveLength(0)
  })
})
