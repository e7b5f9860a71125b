/**
 * What a reader's access says on the project page: a viewer reads "You have
 * view-only access" once, in the header where the controls would be; a
 * project the page showed the reader a moment ago that now answers 404 says
 * they no longer have access, while a project they never saw stays "Project
 * not found" (the server answers strangers one and the same 404).
 */
import { waitFor, within } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Member } from '../../contract/teams'
import { LazyTeamSections } from '../../src/components/teams/lazy'
import { rememberSeen } from '../../src/store/seen-projects'
import { resetStore, signInAs } from './helpers'
import { mockApi } from './helpers/api-mock'
import { detail, renderDetail } from './helpers/dashboard'
import { member } from './helpers/fixtures'

const BASE = '/api/manage/dapp/prj_7'
const VIEW_ONLY = 'You have view-only access'

function pageAs(role: Member['role'], token = 'access-token-roles') {
  signInAs({ accessToken: token, user: { id: `usr_${role}`, name: 'Me', email: 'me@example.com' } })
  mockApi({
    [`GET ${BASE}`]: { body: detail(7, {}, { keys: [], keyLimit: 10, role }) },
    'GET /api/capabilities': { body: { features: ['teams', 'project-settings'] } },
    [`GET ${BASE}/members`]: { body: [member('owner', 'owner'), ...(role === 'owner' ? [] : [member(role, role)])] },
    [`GET ${BASE}/audit`]: { body: { entries: [] } },
  })
  return renderDetail('prj_7')
}

beforeAll(async () => {
  await LazyTeamSections.chunk.load()
})
beforeEach(() => resetStore())

describe('view-only access', () => {
  it('a viewer reads it once, in the header where "Edit project" would be', async () => {
    const { q } = pageAs('viewer')
    const heading = await q.findByRole('heading', { level: 2, name: 'Project 7' })
    await q.findByRole('region', { name: 'Members' })
    expect(q.getAllByText(VIEW_ONLY)).toHaveLength(1)
    expect(heading.closest('header')).toContainElement(q.getByText(VIEW_ONLY))
    expect(q.queryByRole('button', { name: 'Edit project' })).not.toBeInTheDocument()
  })

  it('a developer or the owner does not read it', async () => {
    for (const role of ['developer', 'owner'] as const) {
      resetStore()
      const { q, unmount } = pageAs(role)
      await q.findByRole('heading', { level: 2, name: 'Project 7' })
      expect(q.queryByText(VIEW_ONLY)).not.toBeInTheDocument()
      unmount()
    }
  })
})

describe('a project that answers 404', () => {
  const gone = (userId: string) => {
    signInAs({ accessToken: `access-token-${userId}-2`, user: { id: userId, name: 'Me', email: 'me@example.com' } })
    mockApi({ [`GET ${BASE}`]: { status: 404, body: { message: 'Project not found.' } } })
    return renderDetail('prj_7')
  }

  it('one the page showed the reader (in this session or one it renewed): they no longer have access to it', async () => {
    rememberSeen('usr_removed', ['prj_7'])
    const { q } = gone('usr_removed')
    const alert = await q.findByRole('alert')
    expect(alert.textContent).toContain('You no longer have access to this project.')
    expect(alert.textContent).not.toContain('Project not found')
    expect(q.getByRole('link', { name: /Back to Dashboard/ })).toBeInTheDocument()
  })

  it('one never shown in this session stays "Project not found"', async () => {
    rememberSeen('usr_other', ['prj_7'])
    const { q } = gone('usr_stranger')
    await waitFor(() => expect(within(q.getByRole('alert')).getByText('Project not found.')).toBeInTheDocument())
  })
})
