import { act, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { store } from '../../src/store'
import { mountElement, resetStore, shadow, signInAs } from './helpers'
import { json, mockApi } from './helpers/api-mock'
import { logEntry as entry } from './helpers/fixtures'
import { nextPoll } from './helpers/request-logs'
import { stillClock } from './helpers/still-clock'

const CAPS = 'GET /api/capabilities'
const LOGS = 'GET /api/manage/dapp/prj_7/logs'

const logCalls = (api: ReturnType<typeof mockApi>) => api.calls.filter((c) => c.url.startsWith('/api/manage/dapp/prj_7/logs?')).map((c) => c.url)

beforeEach(() => {
  resetStore()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

describe('<flex-request-log>', () => {
  it("shows one key's last calls, as many as limit asks, each opening its detail", async () => {
    signInAs()
    const api = mockApi({ [CAPS]: { body: { features: ['request-logs'] } }, [LOGS]: { body: { entries: [entry(2, { status: 500 }), entry(1)] } } })
    const q = shadow(mountElement('flex-request-log', { 'project-id': 'prj_7', 'key-id': 'apid_a', limit: '5' }))
    const log = within(await q.findByRole('region', { name: 'Your last calls' }))
    const table = await log.findByRole('table', { name: 'Recent requests' })
    await waitFor(() => expect(within(table).getAllByRole('button', { name: /^Details of / })).toHaveLength(2))
    expect(within(table).getByText('Server error')).toBeInTheDocument()
    expect(logCalls(api)).toEqual(['/api/manage/dapp/prj_7/logs?key=apid_a&limit=5'])
    await userEvent.setup().click(within(table).getAllByRole('button', { name: /^Details of / })[0])
    expect(within(await q.findByRole('dialog', { name: 'Request' })).getByText('req_2')).toBeInTheDocument()
  })

  it('takes 10 rows when limit is missing or out of range', async () => {
    signInAs()
    const api = mockApi({ [CAPS]: { body: { features: ['request-logs'] } }, [LOGS]: { body: { entries: [entry(1)] } } })
    const q = shadow(mountElement('flex-request-log', { 'project-id': 'prj_7', limit: '5000' }))
    await q.findByRole('region', { name: 'Your last calls' })
    await waitFor(() => expect(logCalls(api)).toEqual(['/api/manage/dapp/prj_7/logs?limit=10']))
  })

  it("empty, says how to make a first call with the developer's key", async () => {
    signInAs()
    store.getState().rememberRevealedKeys('prj_7', { apid_a: 'fxk_whole_a', apid_b: 'fxk_whole_b' })
    mockApi({ [CAPS]: { body: { features: ['request-logs'] } }, [LOGS]: { body: { entries: [] } } })
    const q = shadow(mountElement('flex-request-log', { 'project-id': 'prj_7', 'key-id': 'apid_a' }))
    expect(await q.findByText('No calls yet.')).toBeInTheDocument()
    expect(q.getByText('Authorization: Bearer fxk_whole_a')).toBeInTheDocument()
    expect(q.getByRole('button', { name: 'Copy' })).toBeInTheDocument()
  })

  it('reads a key id from the page as an id only: `constructor` is no key, and the sample says YOUR_API_KEY', async () => {
    signInAs()
    store.getState().rememberRevealedKeys('prj_7', { apid_a: 'fxk_whole_a' })
    mockApi({ [CAPS]: { body: { features: ['request-logs'] } }, 'GET /api/manage/dapp/prj_7/logs': { body: { entries: [] } } })
    const q = shadow(mountElement('flex-request-log', { 'project-id': 'prj_7', 'key-id': 'constructor' }))
    expect(await q.findByText('No calls yet.')).toBeInTheDocument()
    expect(q.getByText('Authorization: Bearer YOUR_API_KEY')).toBeInTheDocument()
  })

  it('signed out, asks nothing and says so; against a server without request logs, says that', async () => {
    const api = mockApi({ [CAPS]: { body: { features: ['usage'] } } })
    const el = mountElement('flex-request-log', { 'project-id': 'prj_7' })
    expect(await shadow(el).findByText(/log in/i)).toBeInTheDocument()
    signInAs()
    expect(await shadow(el).findByText('This server does not keep request logs.')).toBeInTheDocument()
    expect(logCalls(api)).toEqual([])
  })

  it('speaks German on a German page: headings, columns and the status in words', async () => {
    signInAs()
    mockApi({ [CAPS]: { body: { features: ['request-logs'] } }, [LOGS]: { body: { entries: [entry(1, { status: 404, keyName: null })] } } })
    const q = shadow(mountElement('flex-request-log', { 'project-id': 'prj_7', lang: 'de' }))
    const log = within(await q.findByRole('region', { name: 'Ihre letzten Aufrufe' }))
    const table = await log.findByRole('table', { name: 'Letzte Anfragen' })
    await within(table).findByText('Client-Fehler')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Zeit', 'Schlüssel', 'Methode', 'Route', 'Status', 'Dauer'])
    expect(within(table).getByText('Gelöschter Schlüssel')).toBeInTheDocument()
    expect(within(table).getByRole('button', { name: /^Details zu GET \/v1\/invoices\/:id um / })).toBeInTheDocument()
  })

  it('says in German when the calls cannot be loaded, and Retry asks again', async () => {
    signInAs()
    let fail = true
    const api = mockApi({
      [CAPS]: { body: { features: ['request-logs'] } },
      [LOGS]: () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(json({ entries: [entry(1)] }))),
    })
    const q = shadow(mountElement('flex-request-log', { 'project-id': 'prj_7', lang: 'de' }))
    expect(await q.findByText('Die Anfragen konnten nicht geladen werden.')).toBeInTheDocument()
    expect(q.getByText('Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.')).toBeInTheDocument()
    fail = false
    await userEvent.setup().click(q.getByRole('button', { name: 'Wiederholen' }))
    await q.findByRole('button', { name: /^Details zu GET / })
    expect(logCalls(api)).toHaveLength(2)
  })

  it("without project-id, shows the project the page's snippets show", async () => {
    signInAs()
    const api = mockApi({ [CAPS]: { body: { features: ['request-logs'] } }, [LOGS]: { body: { entries: [entry(1)] } } })
    const q = shadow(mountElement('flex-request-log'))
    expect(await q.findByText('Set the project-id attribute to show its calls.')).toBeInTheDocument()
    store.getState().pickSnippetProject('prj_7')
    await q.findByRole('button', { name: /^Details of GET / })
    expect(logCalls(api)).toEqual(['/api/manage/dapp/prj_7/logs?limit=10'])
  })

  it('keeps to its limit as new calls come, newest first, and offers no older ones', async () => {
    const clock = stillClock()
    signInAs()
    let page = { entries: [entry(2), entry(1)], next: 'cur_1' }
    mockApi({ [CAPS]: { body: { features: ['request-logs'] } }, [LOGS]: () => json(page) })
    const q = shadow(mountElement('flex-request-log', { 'project-id': 'prj_7', limit: '2' }))
    const table = await q.findByRole('table', { name: 'Recent requests' })
    await waitFor(() => expect(within(table).getAllByRole('button', { name: /^Details of / })).toHaveLength(2))
    expect(q.queryByRole('button', { name: 'Load more' })).toBeNull()
    page = { entries: [entry(3, { route: '/v1/new' }), entry(2)], next: 'cur_2' }
    await nextPoll(clock)
    await within(table).findByRole('button', { name: /^Details of GET \/v1\/new / })
    expect(within(table).getAllByRole('button', { name: /^Details of / })).toHaveLength(2)
  })
})

describe('<flex-request-log> when another session takes the place of the one it read with', () => {
  const as = (accessToken: string, id: string) => ({ accessToken, user: { id, name: id, email: `${id}@example.com` } })

  it("keeps the rows for the same user's (a renewal), and starts again, reading with it, for another user's", async () => {
    signInAs(as('token-x1', 'usr_x'))
    const api = mockApi({
      [CAPS]: { body: { features: ['request-logs'] } },
      [LOGS]: (call) => json({ entries: call.headers.authorization === 'Bearer token-y' ? [entry(9)] : [entry(2), entry(1)] }),
    })
    const q = shadow(mountElement('flex-request-log', { 'project-id': 'prj_7' }))
    const details = () => q.queryAllByRole('button', { name: /^Details of / })
    const rows = async (n: number) => waitFor(() => expect(details()).toHaveLength(n))
    await waitFor(() => expect(q.getByRole('table', { name: 'Recent requests' })).toBeInTheDocument())
    await rows(2)
    act(() => void store.getState().signIn(as('token-x2', 'usr_x')))
    await rows(2)
    expect(logCalls(api)).toHaveLength(1)
    act(() => void store.getState().signIn(as('token-y', 'usr_y')))
    // At once, not at the next poll: nothing of the previous user's calls stays in front of the next.
    expect(details()).toHaveLength(0)
    await rows(1)
    expect(api.calls.filter((c) => c.url.includes('/logs?')).map((c) => c.headers.authorization)).toEqual(['Bearer token-x1', 'Bearer token-y'])
  })
})
