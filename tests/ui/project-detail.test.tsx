import { act, fireEvent, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { keys as enKeys } from '../../src/i18n/en/keys'
import de from '../../src/i18n/locales/de'
import { reveal as enReveal } from '../../src/i18n/en/reveal'
import { formatDate } from '../../src/format-date'
import { store } from '../../src/store'
import { mountElement, recordEvents, resetStore, shadow, signInAs } from './helpers'
import { deferred, json, mockApi } from './helpers/api-mock'
import { detail, renderDetail } from './helpers/dashboard'

const NEW_PAIR_TEXT = enKeys['keys.new.text']
const ONE_TIME_WARNING = enReveal['reveal.oneTimeWarning']

const GET = 'GET /api/manage/dapp/prj_7'
const CREATE_KEY = 'POST /api/manage/dapp/prj_7/api-key'
const masked = { api_a: 'sk_live_abcd…1111', api_b: 'sk_live_abcd…2222', api_c: 'sk_live_abcd…3333' }

beforeEach(() => {
  resetStore()
  signInAs()
})
afterEach(() => vi.unstubAllGlobals())

type Q = ReturnType<typeof renderDetail>['q']
const info = (q: Q) => within(q.getByRole('region', { name: 'Project Information' }))
const term = (q: Q, name: string) => {
  const dt = info(q).getByText(name, { selector: 'dt' })
  return dt.nextElementSibling?.textContent
}

describe('project detail', () => {
  it('shows the header, Back to Dashboard and every field of Project Information', async () => {
    mockApi({ [GET]: { body: detail(7, masked, { description: 'A test project', status: 'active' }) } })
    const { q } = renderDetail('prj_7', { mode: 'hash' })
    expect(await q.findByRole('heading', { level: 2, name: 'Project 7' })).toBeInTheDocument()
    expect(q.getByRole('link', { name: /Back to Dashboard/ })).toHaveAttribute('href', '#/dashboard')
    expect(term(q, 'Name')).toBe('Project 7')
    expect(term(q, 'API Project IDs')).toBe('(api_a)(api_b)(api_c)')
    expect(info(q).queryByRole('button', { name: /more/ })).not.toBeInTheDocument()
    expect(
      info(q)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['(api_a)', '(api_b)', '(api_c)'])
    expect(term(q, 'Project ID')).toBe('prj_7')
    expect(term(q, 'Date created')).toBe(formatDate('2024-03-05T10:00:00.000Z'))
    expect(term(q, 'Project Description')).toBe('A test project')
    // The status as sent, its case eased in a coloured badge (the value as sent is its title).
    expect(term(q, 'Status')).toBe('Active')
    expect(info(q).getByTitle('active')).toBeInTheDocument()
    // The keys themselves (masked or not) are not part of Project Information.
    expect(q.queryByText(/sk_live/)).not.toBeInTheDocument()
  })

  it('Back to Dashboard is 24 px tall or more to touch', async () => {
    mockApi({ [GET]: { body: detail(7, masked) } })
    const { q } = renderDetail('prj_7')
    // py-1 around its 20 px line: 28 px (Chromium, at 375 px).
    expect(await q.findByRole('link', { name: /Back to Dashboard/ })).toHaveClass('py-1')
  })

  it('Back to Dashboard navigates through the router', async () => {
    mockApi({ [GET]: { body: detail(7) } })
    const { q, nav } = renderDetail('prj_7')
    await userEvent.setup().click(await q.findByRole('link', { name: /Back to Dashboard/ }))
    expect(nav().route.href).toBe('/dashboard')
  })

  it('takes the id from the projectid query when there is no project-id', async () => {
    const api = mockApi({ 'GET /api/manage/dapp/a%2Fb': { body: detail(1, {}, { id: 'a/b' }) } })
    const { q } = renderDetail(undefined, { route: '/projects?projectid=a%2Fb' })
    expect(await q.findByRole('heading', { level: 2, name: 'Project 1' })).toBeInTheDocument()
    expect(api.callsTo('GET /api/manage/dapp/a%2Fb')[0].headers.authorization).toBe('Bearer access-token-1')
  })

  it('shows a loading state first', async () => {
    const reply = deferred<Response>()
    mockApi({ [GET]: () => reply.promise })
    const { q } = renderDetail('prj_7')
    expect(q.getByRole('status').textContent).toContain('Loading project')
    reply.resolve(json(detail(7)))
    expect(await q.findByRole('heading', { level: 2, name: 'Project 7' })).toBeInTheDocument()
  })

  it('a 404 shows Project not found with the way back', async () => {
    mockApi({ [GET]: { status: 404, body: { message: 'Project not found.' } } })
    const { q } = renderDetail('prj_7')
    expect((await q.findByRole('alert')).textContent).toContain('Project not found.')
    expect(q.getByRole('link', { name: /Back to Dashboard/ })).toBeInTheDocument()
    expect(q.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument()
  })

  it('no project chosen is a calm empty state, not an error, and makes no call', async () => {
    const api = mockApi({})
    const { q } = renderDetail(undefined, { route: '/projects' })
    expect(await q.findByText('Choose a project to see its keys.')).toBeInTheDocument()
    expect(q.queryByRole('alert')).not.toBeInTheDocument()
    expect(q.queryByText(/not found/i)).not.toBeInTheDocument()
    expect(api.calls).toHaveLength(0)
  })

  it('another failure shows its message with Retry', async () => {
    let n = 0
    mockApi({ [GET]: () => (++n === 1 ? json({ message: 'Server exploded.' }, 500) : json(detail(7))) })
    const { q } = renderDetail('prj_7')
    const alert = await q.findByRole('alert')
    expect(alert.textContent).toContain('Server exploded.')
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await q.findByRole('heading', { level: 2, name: 'Project 7' })).toBeInTheDocument()
  })

  it('hostile text is shown as plain text, direction-aware', async () => {
    const html = '<img src=x onerror=alert(1)>'
    mockApi({ [GET]: { body: detail(7, { '<img src=y>': 'k' }, { name: html, description: 'ש'.repeat(10_000) }) } })
    const { q, root } = renderDetail('prj_7')
    // The loading screen has a heading too: wait for the project's own.
    const heading = await q.findByRole('heading', { level: 2, name: html })
    expect(heading.textContent).toBe(html)
    expect(root.querySelector('img')).not.toBeInTheDocument()
    expect(heading).toHaveAttribute('dir', 'auto')
  })

  it('a project with 20 keys shows three ids and "+17 more", which shows them all', async () => {
    const twenty = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`api_${i + 1}`, `sk…${i}`]))
    mockApi({ [GET]: { body: detail(7, twenty) } })
    const { q } = renderDetail('prj_7')
    await q.findByRole('heading', { level: 2, name: 'Project 7' })
    expect(
      info(q)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['(api_1)', '(api_2)', '(api_3)'])
    const more = info(q).getByRole('button', { name: '+17 more' })
    expect(more).toHaveAttribute('aria-expanded', 'false')
    await userEvent.setup().click(more)
    expect(info(q).getAllByRole('listitem')).toHaveLength(20)
    expect(info(q).getByRole('button', { name: 'Show fewer' })).toHaveAttribute('aria-expanded', 'true')
  })
})

describe('API Actions: Create', () => {
  it("adds a pair, shows 'New API Information' with each id and key to copy, reloads, and fires flex-key-created", async () => {
    let apiKey: Record<string, string> = { api_a: masked.api_a }
    const api = mockApi({
      [GET]: () => json(detail(7, apiKey)),
      [CREATE_KEY]: () => {
        apiKey = { ...apiKey, api_new: 'sk_live_…9999' }
        return json({ api_new: 'sk_live_full_secret_9999' }, 201)
      },
    })
    const { q, host } = renderDetail('prj_7')
    const events = recordEvents(['flex-key-created'], host)
    const user = userEvent.setup()
    await user.click(await q.findByRole('button', { name: 'Create' }))
    const dialog = await q.findByRole('dialog', { name: 'New API Information' })
    expect(dialog.textContent).toContain(NEW_PAIR_TEXT)
    // The spec's text, and the one-time warning of 'API Information'.
    expect(within(dialog).getByText(ONE_TIME_WARNING)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: /Project ID\s*api_new/ })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: /API Key\s*sk_live_full_secret_9999/ })).toBeInTheDocument()
    await waitFor(() => expect(term(q, 'API Project IDs')).toBe('(api_a)(api_new)'))
    expect(api.callsTo(GET)).toHaveLength(2)
    expect(api.callsTo(CREATE_KEY)[0].headers.authorization).toBe('Bearer access-token-1')
    expect(events.events.map((e) => e.detail)).toEqual([{ projectId: 'prj_7', keyIds: ['api_new'] }])
    expect(JSON.stringify(events.events[0].detail)).not.toContain('secret')
  })

  it('New API Information closes only with its own button, and focus returns to Create', async () => {
    mockApi({ [GET]: { body: detail(7) }, [CREATE_KEY]: { status: 201, body: { api_new: 'sk_secret' } } })
    const { q, root } = renderDetail('prj_7')
    const user = userEvent.setup()
    const create = await q.findByRole('button', { name: 'Create' })
    await user.click(create)
    const dialog = await q.findByRole('dialog', { name: 'New API Information' })
    await user.keyboard('{Escape}')
    fireEvent.pointerDown(dialog.parentElement as HTMLElement)
    fireEvent.click(dialog.parentElement as HTMLElement)
    expect(q.getByRole('dialog', { name: 'New API Information' })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Exit' }))
    expect(q.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(() => expect(root.activeElement).toBe(q.getByRole('button', { name: 'Create' })))
  })

  it('reads as disabled while pending: a double click makes one key', async () => {
    const reply = deferred<Response>()
    const api = mockApi({ [GET]: { body: detail(7) }, [CREATE_KEY]: () => reply.promise })
    const { q } = renderDetail('prj_7')
    const user = userEvent.setup()
    await user.dblClick(await q.findByRole('button', { name: 'Create' }))
    expect(api.callsTo(CREATE_KEY)).toHaveLength(1)
    expect(q.getByRole('button', { name: /Creating/ })).toHaveAttribute('aria-disabled', 'true')
    reply.resolve(json({ k: 'v' }, 201))
    await q.findByRole('dialog', { name: 'New API Information' })
    expect(api.callsTo(CREATE_KEY)).toHaveLength(1)
  })

  it('a failure is shown under API Actions and opens nothing', async () => {
    const api = mockApi({ [GET]: { body: detail(7) }, [CREATE_KEY]: { status: 409, body: { message: 'This project already has 20 API keys.' } } })
    const { q } = renderDetail('prj_7')
    await userEvent.setup().click(await q.findByRole('button', { name: 'Create' }))
    expect((await q.findByRole('alert')).textContent).toContain('This project already has 20 API keys.')
    expect(q.queryByRole('dialog')).not.toBeInTheDocument()
    expect(api.callsTo(GET)).toHaveLength(1)
  })

  // Refusals the widget knows by their code: in German on a German page (the key limit without the figure, no field of the
  // answer), on an English one in the server's words. REQUIRE_VERIFIED_EMAIL's holds a roll and a project the same.
  const KEY_LIMIT = 'This project already has 20 API keys, the most it can have. Delete one to create another.'
  const VERIFY_FIRST = 'Verify your e-mail address first: we sent you a code. You can ask for a new one from your profile.'
  it.each([
    ['the key limit', 'KEY_LIMIT_REACHED', 'de', 409, KEY_LIMIT, de['server.key.limit']],
    ['the key limit', 'KEY_LIMIT_REACHED', 'en', 409, KEY_LIMIT, KEY_LIMIT],
    ['an unverified address', 'VERIFY_EMAIL_FIRST', 'de', 403, VERIFY_FIRST, de['server.verifyFirst']],
    ['an unverified address', 'VERIFY_EMAIL_FIRST', 'en', 403, VERIFY_FIRST, VERIFY_FIRST],
  ])('%s (%s) on a page in %s: in German by its code, in English as the server wrote it', async (_, code, lang, status, message, text) => {
    mockApi({ [GET]: { body: detail(7) }, [CREATE_KEY]: { status, body: { message, code } } })
    const q = shadow(mountElement('flex-project-detail', { 'project-id': 'prj_7', router: 'memory', lang }))
    await userEvent.setup().click(await q.findByRole('button', { name: lang === 'de' ? (de['keys.create'] as string) : enKeys['keys.create'] }))
    await waitFor(() => expect(q.getByRole('alert').textContent).toContain(text))
  })
})

describe('API Actions: Delete', () => {
  it('is disabled when the project has no keys', async () => {
    mockApi({ [GET]: { body: detail(7, {}) } })
    const { q } = renderDetail('prj_7')
    expect(((await q.findByRole('button', { name: 'Delete' })) as HTMLButtonElement).disabled).toBe(true)
  })

  it("opens 'Pick Key To Delete' with the key ids, the first chosen; Confirm deletes it, closes, toasts, reloads and fires flex-key-deleted", async () => {
    let apiKey: Record<string, string> = { ...masked }
    const api = mockApi({
      [GET]: () => json(detail(7, apiKey)),
      'DELETE /api/manage/dapp/prj_7/api-key/api_a': () => {
        const { api_a: _gone, ...rest } = apiKey
        apiKey = rest
        return json({ deleted: 'api_a' })
      },
    })
    const { q, host } = renderDetail('prj_7')
    const events = recordEvents(['flex-key-deleted'], host)
    const user = userEvent.setup()
    await user.click(await q.findByRole('button', { name: 'Delete' }))
    const dialog = q.getByRole('dialog', { name: 'Pick Key To Delete' })
    const select = within(dialog).getByRole('combobox', { name: 'API Project ID' }) as HTMLSelectElement
    expect(Array.from(select.options).map((o) => o.value)).toEqual(['api_a', 'api_b', 'api_c'])
    expect(select.value).toBe('api_a')
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }))

    await waitFor(() => expect(q.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/manage/dapp/prj_7/api-key/api_a'])
    expect(api.calls.find((c) => c.method === 'DELETE')?.headers.authorization).toBe('Bearer access-token-1')
    expect(q.getByText('Successfully deleted!')).toBeInTheDocument()
    await waitFor(() => expect(term(q, 'API Project IDs')).toBe('(api_b)(api_c)'))
    expect(events.events.map((e) => e.detail)).toEqual([{ projectId: 'prj_7', keyId: 'api_a' }])

    await user.click(q.getByRole('button', { name: 'Close' }))
    expect(q.queryByText('Successfully deleted!')).not.toBeInTheDocument()
  })

  it('deletes the key picked in the dropdown', async () => {
    const api = mockApi({ [GET]: { body: detail(7, masked) }, 'DELETE /api/manage/dapp/prj_7/api-key/api_c': { body: { deleted: 'api_c' } } })
    const { q } = renderDetail('prj_7')
    const user = userEvent.setup()
    await user.click(await q.findByRole('button', { name: 'Delete' }))
    await user.selectOptions(q.getByRole('combobox', { name: 'API Project ID' }), 'api_c')
    await user.click(q.getByRole('button', { name: 'Confirm' }))
    await q.findByText('Successfully deleted!')
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/manage/dapp/prj_7/api-key/api_c'])
  })

  it('Cancel closes without deleting; reopening starts on the first key again', async () => {
    const api = mockApi({ [GET]: { body: detail(7, masked) } })
    const { q } = renderDetail('prj_7')
    const user = userEvent.setup()
    const del = await q.findByRole('button', { name: 'Delete' })
    await user.click(del)
    await user.selectOptions(q.getByRole('combobox', { name: 'API Project ID' }), 'api_b')
    await user.click(q.getByRole('button', { name: 'Cancel' }))
    expect(q.queryByRole('dialog')).not.toBeInTheDocument()
    await user.click(del)
    expect((q.getByRole('combobox', { name: 'API Project ID' }) as HTMLSelectElement).value).toBe('api_a')
    await user.keyboard('{Escape}')
    expect(q.queryByRole('dialog')).not.toBeInTheDocument()
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0)
  })

  it('a failed delete stays in the dialog with the message; no toast', async () => {
    mockApi({ [GET]: { body: detail(7, masked) }, 'DELETE /api/manage/dapp/prj_7/api-key/api_a': { status: 404, body: { message: 'API key not found.' } } })
    const { q } = renderDetail('prj_7')
    const user = userEvent.setup()
    await user.click(await q.findByRole('button', { name: 'Delete' }))
    await user.click(q.getByRole('button', { name: 'Confirm' }))
    const dialog = q.getByRole('dialog', { name: 'Pick Key To Delete' })
    expect((await within(dialog).findByRole('alert')).textContent).toContain('API key not found.')
    expect(q.queryByText('Successfully deleted!')).not.toBeInTheDocument()
  })

  it('Confirm is disabled while pending: a double click deletes once', async () => {
    const reply = deferred<Response>()
    const api = mockApi({ [GET]: { body: detail(7, masked) }, 'DELETE /api/manage/dapp/prj_7/api-key/api_a': () => reply.promise })
    const { q } = renderDetail('prj_7')
    const user = userEvent.setup()
    await user.click(await q.findByRole('button', { name: 'Delete' }))
    await user.dblClick(q.getByRole('button', { name: 'Confirm' }))
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1)
    reply.resolve(json({ deleted: 'api_a' }))
    await q.findByText('Successfully deleted!')
  })
})

describe('session', () => {
  it('a 401 signs out with reason expired and fires flex-signed-out', async () => {
    mockApi({ [GET]: { status: 401, body: { message: 'Token expired.' } } })
    const { q, host } = renderDetail('prj_7')
    const events = recordEvents(['flex-signed-out'], host)
    await waitFor(() => expect(store.getState().signOutReason).toBe('expired'))
    expect(store.getState().accessData).toBeNull()
    expect(events.events.map((e) => e.detail)).toEqual([{ reason: 'expired' }])
    expect((await q.findByRole('status')).textContent).toContain('Your session has expired.')
  })

  it('a 401 on delete signs out too', async () => {
    mockApi({ [GET]: { body: detail(7, masked) }, 'DELETE /api/manage/dapp/prj_7/api-key/api_a': { status: 401, body: { message: 'Token expired.' } } })
    const { q } = renderDetail('prj_7')
    const user = userEvent.setup()
    await user.click(await q.findByRole('button', { name: 'Delete' }))
    await user.click(q.getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(store.getState().signOutReason).toBe('expired'))
  })
})

describe('<flex-project-detail>', () => {
  it('reads the project-id attribute', async () => {
    const api = mockApi({ [GET]: { body: detail(7) } })
    const el = mountElement('flex-project-detail', { 'project-id': 'prj_7', router: 'memory' })
    expect(await shadow(el).findByRole('heading', { level: 2, name: 'Project 7' })).toBeInTheDocument()
    // The page also asks what the server offers beyond the spec (its Webhooks section).
    expect(api.calls.map((c) => c.url).filter((url) => url !== '/api/capabilities')).toEqual(['/api/manage/dapp/prj_7'])
  })

  it('without it, reads the projectid query of the hash', async () => {
    window.history.replaceState(null, '', '#/projects?projectid=prj_7')
    try {
      mockApi({ [GET]: { body: detail(7) } })
      const el = mountElement('flex-project-detail')
      expect(await shadow(el).findByRole('heading', { level: 2, name: 'Project 7' })).toBeInTheDocument()
    } finally {
      window.history.replaceState(null, '', window.location.pathname)
    }
  })

  it('signed out, shows the log-in notice without calling, and loads once someone signs in', async () => {
    resetStore()
    const api = mockApi({ [GET]: { body: detail(7) } })
    const el = mountElement('flex-project-detail', { 'project-id': 'prj_7', router: 'memory' })
    const q = shadow(el)
    expect((await q.findByRole('status')).textContent).toBe('Log in to see your projects.')
    expect(api.calls).toHaveLength(0)
    act(() => {
      signInAs()
    })
    expect(await q.findByRole('heading', { level: 2, name: 'Project 7' })).toBeInTheDocument()
  })
})

describe('a session of the same user taking its place (a renewal, in this tab or another)', () => {
  const ada = (accessToken: string, id = 'usr_1') => ({ accessToken, user: { id, name: 'Ada', email: 'ada@example.com' } })

  it("keeps the page and what was typed in its dialog; another user's session loads it again", async () => {
    resetStore()
    signInAs(ada('access-token-1'))
    const api = mockApi({ [GET]: { body: detail(7, {}, { role: 'owner' }) }, 'GET /api/capabilities': { body: { features: ['project-settings'] } } })
    const { q } = renderDetail('prj_7')
    const user = userEvent.setup()
    await user.click(await q.findByRole('button', { name: 'Edit project' }))
    const name = q.getByLabelText('Project name')
    await user.type(name, ' typed')
    act(() => void store.getState().signIn(ada('access-token-2')))
    expect(q.getByLabelText('Project name')).toHaveValue('Project 7 typed')
    expect(api.callsTo(GET)).toHaveLength(1)
    // The next call goes with the session that holds now.
    await user.click(q.getByRole('button', { name: 'Cancel' }))
    act(() => void store.getState().signIn(ada('access-token-3', 'usr_2')))
    await waitFor(() => expect(api.callsTo(GET)).toHaveLength(2))
    expect(api.callsTo(GET)[1].headers.authorization).toBe('Bearer access-token-3')
    expect(q.queryByLabelText('Project name')).not.toBeInTheDocument()
  })

  it("asks again with the same user's newer session a load its old one got a late 401 for", async () => {
    resetStore()
    signInAs(ada('access-token-1'))
    const first = deferred<Response>()
    let n = 0
    const api = mockApi({ [GET]: () => (n++ === 0 ? first.promise : Promise.resolve(json(detail(7)))) })
    const { q } = renderDetail('prj_7')
    await waitFor(() => expect(n).toBe(1))
    act(() => void store.getState().signIn(ada('access-token-2')))
    first.resolve(json({ message: 'Your session has expired. Please log in again.', code: 'SESSION_EXPIRED' }, 401))
    expect(await q.findByRole('heading', { level: 2, name: 'Project 7' })).toBeInTheDocument()
    expect(api.callsTo(GET).map((c) => c.headers.authorization)).toEqual(['Bearer access-token-1', 'Bearer access-token-2'])
    expect(store.getState().accessData?.accessToken).toBe('access-token-2')
  })
})
