import { within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetStore, signInAs } from './helpers'
import { mockApi } from './helpers/api-mock'
import { detail, keyEntry, renderDetail } from './helpers/dashboard'

beforeEach(() => {
  resetStore()
  signInAs()
})
afterEach(() => vi.unstubAllGlobals())

const solid = (el: HTMLElement) => el.className.split(/\s+/).includes('bg-danger')

describe('one danger style', () => {
  it('destructive buttons on the page are secondary; only the confirming dialog’s button is solid red', async () => {
    const keys = [keyEntry('apid_d', 'Production', 'fxk_…dddd')]
    mockApi({
      'GET /api/capabilities': { body: { features: ['project-settings'] } },
      'GET /api/manage/dapp/prj_7': { body: detail(7, { apid_d: 'fxk_…dddd' }, { keys, keyLimit: 20, role: 'owner' }) },
    })
    const { q } = renderDetail('prj_7')
    const deleteProject = await q.findByRole('button', { name: 'Delete project' })
    const deleteKey = within(q.getByRole('region', { name: 'API keys' })).getByRole('button', { name: 'Delete' })
    for (const b of [deleteProject, deleteKey]) {
      expect(b).toHaveAttribute('data-danger', 'secondary')
      expect(solid(b)).toBe(false)
    }
    await userEvent.setup().click(deleteProject)
    const dialog = q.getByRole('dialog', { name: 'Delete project' })
    expect(solid(within(dialog).getByRole('button', { name: 'Delete project' }))).toBe(true)
  })
})
