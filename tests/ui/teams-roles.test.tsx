import { within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Member } from '../../contract/teams'
import type { Attempt, Endpoint } from '../../src/api/webhooks'
import { LazyTeamSections } from '../../src/components/teams/lazy'
import { LazyWebhooks } from '../../src/components/webhooks/lazy'
import { resetStore, signInAs } from './helpers'
import { mockApi } from './helpers/api-mock'
import { detail, keyEntry, renderDetail } from './helpers/dashboard'
import { member } from './helpers/fixtures'

const BASE = '/api/manage/dapp/prj_7'
const HOOKS = `${BASE}/webhooks`
const URL = 'https://hooks.example.com/1'

const endpoint: Endpoint = {
  id: 'ep_1',
  url: URL,
  description: '',
  eventTypes: [],
  disabled: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastAttempt: null,
}
const attempt: Attempt = {
  id: 'att_1',
  messageId: 'msg_1',
  eventType: 'webhook.test',
  status: 'failed',
  responseStatus: 503,
  responseBody: 'down',
  durationMs: 40,
  attemptedAt: '2026-11-02T10:00:00.000Z',
  attemptNumber: 1,
  nextAttemptAt: null,
  scheduledFor: null,
}

/** The whole project page (keys, webhooks with one endpoint and one attempt, members) as a member of `role`, its endpoint opened. */
async function pageAs(role: Member['role']) {
  signInAs({ accessToken: 'access-token-1', user: { id: `usr_${role}`, name: 'Me', email: 'me@example.com' } })
  mockApi({
    [`GET ${BASE}`]: { body: detail(7, {}, { keys: [keyEntry('apid_1', 'Main', 'fxk_…abcd')], keyLimit: 10, role }) },
    'GET /api/capabilities': { body: { features: ['teams', 'mail', 'webhooks', 'project-settings'] } },
    'GET /api/webhooks/event-types': { body: [] },
    [`GET ${HOOKS}`]: { body: { needsSecretRoll: false, endpoints: [endpoint] } },
    [`GET ${HOOKS}/ep_1/attempts`]: { body: [attempt] },
    [`GET ${BASE}/members`]: { body: [member('owner', 'owner'), ...(role === 'owner' ? [] : [member(role, role)])] },
    [`GET ${BASE}/audit`]: { body: { entries: [] } },
  })
  const { q } = renderDetail('prj_7')
  await within(await q.findByRole('region', { name: 'Members' })).findByRole('table', { name: 'Project members' })
  await userEvent.setup().click(await q.findByRole('button', { name: `Manage endpoint ${URL}` }))
  const panel = q.getByRole('region', { name: URL })
  await within(panel).findByRole('table', { name: 'Delivery attempts' })
  return { q, panel }
}

/** What each role finds on the page, as the table says (the server refuses the rest all the same). */
const visible = async (role: Member['role']) => {
  const { q, panel } = await pageAs(role)
  const keys = q.getByRole('region', { name: 'API keys' })
  const webhooks = q.getByRole('region', { name: 'Webhooks' })
  const button = (where: HTMLElement, name: string | RegExp) => within(where).queryAllByRole('button', { name }).length > 0
  return {
    createKey: button(keys, 'Create'),
    keyActions: button(keys, /^(Edit|Roll|Delete) /) || within(keys).queryByRole('columnheader', { name: 'Actions' }) !== null,
    addEndpoint: button(webhooks, 'Add endpoint'),
    rollSecret: button(webhooks, 'Roll secret'),
    sendTest: button(panel, 'Send test event'),
    editEndpoint: button(panel, 'Edit'),
    deleteEndpoint: button(panel, 'Delete'),
    resend: button(panel, /^Resend/),
    showResponse: button(panel, 'Response'),
    editProject: q.queryByRole('button', { name: 'Edit project' }) !== null,
    deleteProject: q.queryByRole('button', { name: 'Delete project' }) !== null,
    invite: q.queryByRole('button', { name: 'Invite' }) !== null,
    activity: q.queryByRole('region', { name: 'Activity' }) !== null,
  }
}

beforeAll(async () => {
  await Promise.all([LazyWebhooks.chunk.load(), LazyTeamSections.chunk.load()])
})
beforeEach(() => resetStore())

describe('a member sees only what their role may do', () => {
  it('a viewer reads keys, endpoints and the log, with no key action, no test event, no Resend and no endpoint action', async () => {
    expect(await visible('viewer')).toEqual({
      createKey: false,
      keyActions: false,
      addEndpoint: false,
      rollSecret: false,
      sendTest: false,
      editEndpoint: false,
      deleteEndpoint: false,
      resend: false,
      showResponse: true,
      editProject: false,
      deleteProject: false,
      invite: false,
      activity: false,
    })
  })

  it('a developer changes keys, adds and edits endpoints, sends test events and resends; deleting an endpoint and the secret are an admin’s', async () => {
    expect(await visible('developer')).toEqual({
      createKey: true,
      keyActions: true,
      addEndpoint: true,
      rollSecret: false,
      sendTest: true,
      editEndpoint: true,
      deleteEndpoint: false,
      resend: true,
      showResponse: true,
      editProject: false,
      deleteProject: false,
      invite: false,
      activity: false,
    })
  })

  it('an admin does all but delete the project', async () => {
    const seen = await visible('admin')
    expect(Object.entries(seen).filter(([, shown]) => !shown)).toEqual([['deleteProject', false]])
  })

  it('the owner sees every action', async () => {
    const seen = await visible('owner')
    expect(Object.values(seen).every(Boolean)).toBe(true)
  })
})
