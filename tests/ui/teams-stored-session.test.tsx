import { within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Member } from '../../contract/teams'
import { resetStore, signInAs } from './helpers'
import { mockApi } from './helpers/api-mock'
import { detail, keyEntry, renderDetail } from './helpers/dashboard'
import { member } from './helpers/fixtures'

const BASE = '/api/manage/dapp/prj_7'

/** The project page as `role`, signed in with a stored log-in that carries the token and no user (as an older session, or a host's, may). */
function pageWithoutUser(role: Member['role']) {
  signInAs({ accessToken: 'access-token-1', name: 'Ada' })
  mockApi({
    [`GET ${BASE}`]: { body: detail(7, {}, { keys: [keyEntry('apid_1', 'Main', 'fxk_…abcd')], keyLimit: 10, role }) },
    'GET /api/capabilities': { body: { features: ['teams', 'mail', 'project-settings'] } },
    [`GET ${BASE}/members`]: { body: [member('own', 'owner'), member('adm', 'admin'), member('dev', 'developer')] },
    [`GET ${BASE}/audit`]: { body: { entries: [] } },
  })
  return renderDetail('prj_7').q
}

beforeEach(() => resetStore())

describe('the team sections with a stored log-in that lacks the user', () => {
  it("an owner finds Invite beside Activity: both follow the role the project's answer gave", async () => {
    const q = pageWithoutUser('owner')
    const members = await q.findByRole('region', { name: 'Members' })
    await within(members).findByRole('table', { name: 'Project members' })
    expect(await q.findByRole('region', { name: 'Activity' })).toBeInTheDocument()
    expect(within(members).getByRole('button', { name: 'Invite' })).toBeInTheDocument()
  })

  it('a developer finds neither', async () => {
    const q = pageWithoutUser('developer')
    const members = await q.findByRole('region', { name: 'Members' })
    await within(members).findByRole('table', { name: 'Project members' })
    expect(within(members).queryByRole('button', { name: 'Invite' })).not.toBeInTheDocument()
    expect(q.queryByRole('region', { name: 'Activity' })).not.toBeInTheDocument()
  })
})
