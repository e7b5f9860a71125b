import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetStore, signInAs } from './helpers'
import { mockApi } from './helpers/api-mock'
import { detail, keyEntry, renderDetail } from './helpers/dashboard'

const DAYS = Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 1, 9 + i)).toISOString().slice(0, 10))

beforeEach(() => {
  resetStore()
  signInAs()
})
afterEach(() => vi.unstubAllGlobals())

/** The padding utilities of a class list: what sets a card's inset. */
const inset = (el: HTMLElement) =>
  el.className
    .split(/\s+/)
    .filter((c) => /^(cq-sm:)?p[xy]?-\d/.test(c) && !c.startsWith('py') && !c.startsWith('cq-sm:py'))
    .sort()

describe('the project page’s cards on a phone', () => {
  it('Webhooks and Usage sit at the same side inset as the keys and the project information', async () => {
    const keys = [keyEntry('apid_inset', 'Production', 'fxk_…nset')]
    mockApi({
      'GET /api/capabilities': { body: { features: ['usage', 'webhooks'] } },
      'GET /api/manage/dapp/prj_7': { body: detail(7, { apid_inset: 'fxk_…nset' }, { keys, keyLimit: 20 }) },
      'GET /api/manage/dapp/prj_7/usage': { body: { days: DAYS, keys: [] } },
      'GET /api/webhooks/event-types': { body: [] },
      'GET /api/manage/dapp/prj_7/webhooks': { body: { needsSecretRoll: false, endpoints: [] } },
    })
    const { q } = renderDetail('prj_7')
    const sections = await Promise.all(['API keys', 'Project Information', 'Usage', 'Webhooks'].map((name) => q.findByRole('region', { name })))
    // On a phone p-4 (16 px) each side; wider, 24 px: the same for every card.
    const insets = sections.map((s) => inset(s).filter((c) => !c.startsWith('cq-sm:')))
    expect(insets).toEqual([['p-4'], ['p-4'], ['p-4'], ['p-4']])
  })
})
