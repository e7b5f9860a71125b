/**
 * Only a verified address may invite: the Members section says so where
 * Invite would be to a reader whose address still waits for its code,
 * instead of offering a form the server would refuse, and offers it once
 * verified.
 */
import { act, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { emit } from '../../src/events'
import { resetStore, signInAs } from './helpers'
import { mockApi } from './helpers/api-mock'
import { detail, renderDetail } from './helpers/dashboard'
import { member, PROFILE } from './helpers/fixtures'

const BASE = '/api/manage/dapp/prj_7'
const WHY = 'Verify your e-mail address to invite people.'

/** The project page as its owner, on a server with teams and accounts; `emailVerified` and `signIn` are what GET /me says. */
function page(token: string, emailVerified: boolean, signIn: 'password' | 'host' = 'password') {
  signInAs({ accessToken: token, user: { id: 'usr_own', name: 'Me', email: 'own@example.com' } })
  const api = mockApi({
    [`GET ${BASE}`]: { body: detail(7, {}, { keys: [], keyLimit: 10, role: 'owner' }) },
    'GET /api/capabilities': { body: { features: ['teams', 'accounts', 'mail', 'project-settings'] } },
    [`GET ${BASE}/members`]: { body: [member('own', 'owner')] },
    [`GET ${BASE}/audit`]: { body: { entries: [] } },
    'GET /api/me': { body: { ...PROFILE, id: 'usr_own', email: 'own@example.com', emailVerified, signIn } },
  })
  const r = renderDetail('prj_7')
  const members = () => r.q.findByRole('region', { name: 'Members' })
  return { ...r, api, members }
}

beforeEach(() => resetStore())

describe('Invite, for a reader whose address is not verified', () => {
  it('says why where Invite would be, with no form to fill in; once the address is verified, Invite opens the form', async () => {
    const { q, host, members } = page('access-token-unverified', false)
    const region = await members()
    expect(await within(region).findByText(WHY)).toBeVisible()
    expect(within(region).queryByRole('button', { name: 'Invite' })).not.toBeInTheDocument()

    act(() => emit(host, 'flex-email-verified', { userId: 'usr_own' }))
    expect(within(region).queryByText(WHY)).not.toBeInTheDocument()
    await userEvent.setup().click(within(region).getByRole('button', { name: 'Invite' }))
    expect(q.getByRole('dialog', { name: 'Invite a member' })).toBeInTheDocument()
  })

  it('is the plain Invite for a verified reader', async () => {
    const { api, members } = page('access-token-verified', true)
    const region = await members()
    await waitFor(() => expect(api.callsTo('GET /api/me')).toHaveLength(1))
    expect(await within(region).findByRole('button', { name: 'Invite' })).toBeVisible()
    expect(within(region).queryByText(WHY)).not.toBeInTheDocument()
  })
})

// The server refuses the invitation of every account whose address is unverified (403): one of the host's
// sign-in (HOST_EMAIL_UNVERIFIED) has no code to ask for; only its provider, or an invitation's code, confirms it.
describe("Invite, for a host sign-in's reader whose address its website has not confirmed", () => {
  const HOST_WHY = 'The website you signed in through has not confirmed your e-mail address, so you cannot invite people yet.'

  it('says why where Invite would be, in its own words (no code to ask for), with no form to fill in', async () => {
    const { api, members } = page('access-token-host-unverified', false, 'host')
    const region = await members()
    expect(await within(region).findByText(HOST_WHY)).toBeVisible()
    expect(within(region).queryByRole('button', { name: 'Invite' })).not.toBeInTheDocument()
    expect(within(region).queryByText(WHY)).not.toBeInTheDocument()
    expect(api.callsTo(`POST ${BASE}/members`)).toHaveLength(0)
  })

  it('is the plain Invite once its website has confirmed the address', async () => {
    const { api, members } = page('access-token-host-verified', true, 'host')
    const region = await members()
    await waitFor(() => expect(api.callsTo('GET /api/me')).toHaveLength(1))
    expect(await within(region).findByRole('button', { name: 'Invite' })).toBeVisible()
    expect(within(region).queryByText(HOST_WHY)).not.toBeInTheDocument()
  })
})
