/**
 * "Delete project" is confirmed by typing the project's name as the reader
 * sees it: a name holding characters that show nothing (a zero-width space,
 * a soft hyphen, a zero-width no-break space, the joiner inside an emoji), or
 * written in another normalisation form than a keyboard types, can still be
 * deleted; a name that reads differently still cannot.
 */
import { within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { NewProject } from '../../contract/requests'
import { resetStore, signInAs } from './helpers'
import { mockApi } from './helpers/api-mock'
import { detail, renderDetail } from './helpers/dashboard'

beforeEach(() => {
  resetStore()
  signInAs()
})
afterEach(() => vi.unstubAllGlobals())

const DELETE = 'DELETE /api/manage/dapp/prj_7'

async function confirmDeletion(name: string, typed: string, { stored = true } = {}) {
  // Names the reference server stores: it refuses a bidi isolate, and a name that shows nothing.
  expect(NewProject.safeParse({ name }).success, name).toBe(stored)
  const api = mockApi({
    'GET /api/capabilities': { body: { features: ['project-settings'] } },
    'GET /api/manage/dapp/prj_7': { body: detail(7, {}, { name, role: 'owner' }) },
    [DELETE]: () => new Response(null, { status: 204 }),
  })
  const { q } = renderDetail('prj_7')
  const user = userEvent.setup()
  await user.click(await q.findByRole('button', { name: 'Delete project' }))
  const dialog = within(q.getByRole('dialog', { name: 'Delete project' }))
  if (typed) await user.type(dialog.getByLabelText('Project name'), typed)
  await user.click(dialog.getByRole('button', { name: 'Delete project' }))
  return { api, dialog }
}

describe('Delete project, confirmed by the name as it reads', () => {
  it.each([
    ['a zero-width space', 'App\u200bOne', 'AppOne'],
    ['a soft hyphen', 'Data\u00adbase', 'Database'],
    ['a zero-width no-break space', 'Led\ufeffger', 'Ledger'],
    ['the joiners of an emoji sequence', 'Dev \u{1f469}\u200d\u{1f4bb}', 'Dev \u{1f469}\u{1f4bb}'],
    ['a decomposed accent (NFD), typed composed', 'Cafe\u0301', 'Caf\u00e9'],
    ['a composed accent, typed decomposed', 'Caf\u00e9', 'Cafe\u0301'],
  ])('a name with %s is deleted by typing what it shows', async (_, name, typed) => {
    const { api } = await confirmDeletion(name, typed)
    await vi.waitFor(() => expect(api.callsTo(DELETE)).toHaveLength(1))
  })

  it.each([
    ['another word beside the same invisible character', 'App\u200bOne', 'AppTwo'],
    ['the accent left out', 'Cafe\u0301', 'Cafe'],
  ])('a name typed with %s is refused, and nothing is deleted', async (_, name, typed) => {
    const { api, dialog } = await confirmDeletion(name, typed)
    expect(await dialog.findByText(/Project name does not match/)).toBeInTheDocument()
    expect(api.callsTo(DELETE)).toHaveLength(0)
  })

  it("a name that shows nothing (a spec-only server's) is confirmed by the project's id, not by an empty field", async () => {
    const refused = await confirmDeletion('\u200b\u00ad', '', { stored: false })
    expect(await refused.dialog.findByText(/Project name does not match: type prj_7 exactly/)).toBeInTheDocument()
    expect(refused.api.callsTo(DELETE)).toHaveLength(0)
  })
})
