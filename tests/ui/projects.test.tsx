import { act, fireEvent, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { reveal as enReveal } from '../../src/i18n/en/reveal'
import { formatDate } from '../../src/format-date'
import { ROW_HEIGHT_PX } from '../../src/elements/projects/ProjectsTable'
import { store } from '../../src/store'
import { mountElement, recordEvents, resetStore, shadow, signInAs } from './helpers'
import { deferred, json, mockApi } from './helpers/api-mock'
import { projects, removeClipboard, renderDashboard, stubClipboard, summary } from './helpers/dashboard'
import { reportWidth } from './helpers/layout'

const ONE_TIME_WARNING = enReveal['reveal.oneTimeWarning']

const LIST = 'GET /api/manage/dapp/owner'
const CREATE = 'POST /api/manage/dapp'
const created = { ...summary(99, { name: 'Fresh' }), apiKey: { api_1: 'sk_live_secret' }, webhookSecret: 'whsec_secret' }

beforeEach(() => {
  resetStore()
  signInAs()
})
afterEach(() => {
  vi.unstubAllGlobals()
  removeClipboard()
})

type Q = ReturnType<typeof renderDashboard>['q']
const bodyRows = (q: Q) => q.getAllByRole('row').filter((r) => r.querySelector('td a'))

describe('the projects list', () => {
  it("is headed 'Your Flex Projects' and shows a loading state until the list arrives", async () => {
    const reply = deferred<Response>()
    const api = mockApi({ [LIST]: () => reply.promise })
    const { q } = renderDashboard()
    expect(q.getByRole('heading', { level: 2, name: 'Your Flex Projects' })).toBeInTheDocument()
    expect(q.getByRole('status').textContent).toContain('Loading projects')
    // The mock records a call once it reaches it, a moment after the fetch.
    await waitFor(() => expect(api.callsTo(LIST)[0]?.headers.authorization).toBe('Bearer access-token-1'))
    reply.resolve(json(projects(2)))
    await q.findByRole('link', { name: 'Project 1' })
    expect(q.queryByText(/Loading projects/)).not.toBeInTheDocument()
  })

  it("stays as it is for the same user's renewed session, and loads again, with it, for another user's", async () => {
    const as = (accessToken: string, id: string) => ({ accessToken, user: { id, name: id, email: `${id}@example.com` } })
    signInAs(as('access-token-a1', 'usr_a'))
    const api = mockApi({ [LIST]: { body: projects(2) } })
    const { q } = renderDashboard()
    await q.findByRole('link', { name: 'Project 1' })
    act(() => void store.getState().signIn(as('access-token-a2', 'usr_a')))
    expect(q.queryByText(/Loading projects/)).not.toBeInTheDocument()
    expect(api.callsTo(LIST)).toHaveLength(1)
    act(() => void store.getState().signIn(as('access-token-b', 'usr_b')))
    await waitFor(() => expect(api.callsTo(LIST).map((c) => c.headers.authorization)).toEqual(['Bearer access-token-a1', 'Bearer access-token-b']))
  })

  it('has the five columns, one row per project', async () => {
    mockApi({ [LIST]: { body: projects(3) } })
    const { q } = renderDashboard()
    await q.findByRole('link', { name: 'Project 1' })
    expect(q.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Project Name', 'Project ID', 'Project Description', 'Date Created', 'Status'])
    const cells = within(bodyRows(q)[1])
      .getAllByRole('cell')
      .map((c) => c.textContent)
    expect(cells).toEqual(['Project 2', 'prj_2', 'Description 2', formatDate('2024-03-05T10:00:00.000Z'), 'Active'])
  })

  it('makes each name 24 px tall or more to touch, as a card too', async () => {
    reportWidth(340)
    mockApi({ [LIST]: { body: projects(1) } })
    const { q } = renderDashboard()
    // py-1 around its 20 px line: 28 px (Chromium, at 375 px).
    expect(await q.findByRole('link', { name: 'Project 1' })).toHaveClass('py-1')
  })

  it('as cards, draws one line between two cards and none above the first', async () => {
    reportWidth(340)
    mockApi({ [LIST]: { body: projects(3) } })
    const { q } = renderDashboard()
    await q.findByRole('link', { name: 'Project 1' })
    const rows = bodyRows(q)
    await waitFor(() => expect(rows[0]).toHaveClass('flex'))
    // The box around the cards has its own border: a line of the first card's own made its top edge 2 px.
    for (const row of rows) expect(row).not.toHaveClass('border-t')
    expect(rows[0].parentElement).toHaveClass('divide-y', 'divide-border')
  })

  it('links each name to #/projects?projectid={id}; a click navigates in memory mode too', async () => {
    mockApi({ [LIST]: { body: [summary(1, { id: 'a b/1' })] } })
    const hash = renderDashboard({ mode: 'hash' })
    expect(await hash.q.findByRole('link', { name: 'Project 1' })).toHaveAttribute('href', '#/projects?projectid=a%20b%2F1')
    hash.unmount()
    const memory = renderDashboard()
    await userEvent.setup().click(await memory.q.findByRole('link', { name: 'Project 1' }))
    expect(memory.nav().route.href).toBe('/projects?projectid=a%20b%2F1')
    expect(memory.nav().route.query.get('projectid')).toBe('a b/1')
  })

  it('formats Date Created in the user’s locale, and shows an unreadable date as sent', async () => {
    mockApi({
      [LIST]: { body: [summary(1, { createDate: '2024-01-02T03:04:05Z' }), summary(2, { createDate: 'yesterday' }), summary(3, { createDate: '' })] },
    })
    const { q } = renderDashboard()
    await q.findByRole('link', { name: 'Project 1' })
    const dates = bodyRows(q).map((r) => within(r).getAllByRole('cell')[3].textContent)
    expect(dates).toEqual([new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date('2024-01-02T03:04:05Z')), 'yesterday', '—'])
  })

  it('with no projects, shows an empty state that invites creating the first one', async () => {
    mockApi({ [LIST]: { body: [] } })
    const { q, user } = { ...renderDashboard(), user: userEvent.setup() }
    expect(await q.findByRole('heading', { name: 'No projects yet' })).toBeInTheDocument()
    expect(q.queryByRole('table')).not.toBeInTheDocument()
    await user.click(q.getByRole('button', { name: 'Create your first project' }))
    expect(q.getByRole('dialog', { name: 'Add new project' })).toBeInTheDocument()
  })

  it('a failed load shows the error with Retry, and Retry loads again', async () => {
    let n = 0
    const api = mockApi({ [LIST]: () => (++n === 1 ? json({ message: 'Database unavailable.' }, 500) : json(projects(1))) })
    const { q } = renderDashboard()
    const alert = await q.findByRole('alert')
    expect(alert.textContent).toContain('Your projects could not be loaded.')
    expect(alert.textContent).toContain('Database unavailable.')
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }))
    await q.findByRole('link', { name: 'Project 1' })
    expect(q.queryByRole('alert')).not.toBeInTheDocument()
    expect(api.callsTo(LIST)).toHaveLength(2)
  })

  it('a network failure says so in words', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    )
    const { q } = renderDashboard()
    expect((await q.findByRole('alert')).textContent).toContain("Can't reach the server")
  })
})

describe('hostile text', () => {
  const html = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>bold</b>'
  const long = 'W'.repeat(10_000)
  const rtl = 'مشروع تجريبي ‮reversed'
  const emoji = '🚀👩🏽‍💻🏳️‍🌈 launch'

  // That the payloads never run, and that a long name is truncated without
  // widening the page, is proved in the browser (hostile-data, small-screen):
  // happy-dom runs no script and lays nothing out.
  it('renders HTML, 10,000 characters, right-to-left text (without its override) and emoji as plain text', async () => {
    mockApi({
      [LIST]: {
        body: [
          summary(1, { name: html, description: html, status: html }),
          summary(2, { name: long, description: long }),
          summary(3, { name: rtl, description: rtl }),
          summary(4, { name: emoji, description: emoji }),
        ],
      },
    })
    const { q, root } = renderDashboard()
    const htmlLink = await q.findByRole('link', { name: html })
    expect(htmlLink.textContent).toBe(html)
    expect(root.querySelector('img, script, b')).not.toBeInTheDocument()

    const longLink = q.getByRole('link', { name: long })
    expect(longLink).toHaveAttribute('title', long)

    // Its right-to-left override is dropped: it would mirror what follows the name.
    const rtlLink = q.getByRole('link', { name: 'مشروع تجريبي reversed' })
    expect(rtlLink).toHaveAttribute('dir', 'auto')
    expect(q.getByRole('link', { name: emoji }).textContent).toBe(emoji)
  })
})

describe('10,000 projects', () => {
  const many = projects(10_000)

  it('keeps only a window of rows in the DOM, announcing the full count', async () => {
    mockApi({ [LIST]: { body: many } })
    const { q } = renderDashboard()
    await q.findByRole('link', { name: 'Project 1' })
    const rows = bodyRows(q)
    expect(rows.length).toBeGreaterThan(10)
    expect(rows.length).toBeLessThan(60)
    expect(q.getByRole('table')).toHaveAttribute('aria-rowcount', '10001')
    expect(q.getByText('10,000 projects')).toBeInTheDocument()
    expect(q.queryByRole('link', { name: 'Project 9876' })).not.toBeInTheDocument()
  })

  it('scrolling renders the rows scrolled to, down to the very last project', async () => {
    mockApi({ [LIST]: { body: many } })
    const { q } = renderDashboard()
    await q.findByRole('link', { name: 'Project 1' })
    const region = q.getByRole('region', { name: 'Projects' })
    region.scrollTop = ROW_HEIGHT_PX * 5000
    fireEvent.scroll(region)
    const row = (await q.findByRole('link', { name: 'Project 5001' })).closest('tr') as HTMLElement
    expect(row).toHaveAttribute('aria-rowindex', '5002')
    expect(q.queryByRole('link', { name: 'Project 1' })).not.toBeInTheDocument()
    region.scrollTop = ROW_HEIGHT_PX * 10_000
    fireEvent.scroll(region)
    expect(await q.findByRole('link', { name: 'Project 10000' })).toBeInTheDocument()
    expect(bodyRows(q).length).toBeLessThan(60)
  })

  it('Search projects finds any project by name', async () => {
    mockApi({ [LIST]: { body: many } })
    const { q } = renderDashboard()
    await q.findByRole('link', { name: 'Project 1' })
    const user = userEvent.setup()
    await user.type(q.getByRole('searchbox', { name: 'Search projects' }), 'project 9876')
    await waitFor(() => expect(bodyRows(q).map((r) => r.querySelector('a')?.textContent)).toEqual(['Project 9876']))
    expect(q.getByText('1 of 10,000 projects')).toBeInTheDocument()
    fireEvent.change(q.getByRole('searchbox', { name: 'Search projects' }), { target: { value: 'no such thing' } })
    expect(await q.findByText('No projects match your search.')).toBeInTheDocument()
  })
})

describe('adding a project', () => {
  async function openAdd(routes: Parameters<typeof mockApi>[0]) {
    const api = mockApi({ [LIST]: { body: projects(1) }, ...routes })
    const r = renderDashboard()
    const user = userEvent.setup()
    await r.q.findByRole('link', { name: 'Project 1' })
    const opener = r.q.getByRole('button', { name: '+ Add New Project' })
    await user.click(opener)
    const dialog = r.q.getByRole('dialog', { name: 'Add new project' })
    return { ...r, api, user, opener, dialog }
  }

  it("'+ Add New Project' opens 'Add new project' with Project Name, Project Description, Add and Cancel", async () => {
    const { q, dialog, user, opener, root } = await openAdd({})
    const d = within(dialog)
    // Each takes at most what the server does (contract/requests.ts), as Edit project's fields do.
    expect(d.getByLabelText('Project Name')).toHaveAttribute('maxlength', '120')
    expect(d.getByLabelText('Project Description')).toHaveAttribute('maxlength', '2000')
    expect(d.getByRole('button', { name: 'Add' })).toBeInTheDocument()
    await user.click(d.getByRole('button', { name: 'Cancel' }))
    expect(q.queryByRole('dialog')).not.toBeInTheDocument()
    expect(root.activeElement).toBe(opener)
  })

  it('Add sends the call, closes the dialog, reloads the list and shows API Information with every secret to copy', async () => {
    let listed = [summary(1)]
    const { q, api, user, dialog, host } = await openAdd({
      [LIST]: () => json(listed),
      [CREATE]: () => {
        listed = [summary(1), created]
        return json(created, 201)
      },
    })
    const events = recordEvents(['flex-project-created'], host)
    await user.type(within(dialog).getByLabelText('Project Name'), 'Fresh')
    await user.type(within(dialog).getByLabelText('Project Description'), 'New one')
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))

    const info = await q.findByRole('dialog', { name: 'API Information' })
    expect(q.queryByRole('dialog', { name: 'Add new project' })).not.toBeInTheDocument()
    expect(api.callsTo(CREATE)[0].body).toEqual({ name: 'Fresh', description: 'New one' })
    expect(api.callsTo(CREATE)[0].headers.authorization).toBe('Bearer access-token-1')
    expect(info.textContent).toContain(ONE_TIME_WARNING)
    const i = within(info)
    expect(i.getByRole('button', { name: /API Key\s*sk_live_secret/ })).toBeInTheDocument()
    expect(i.getByRole('button', { name: /^Project ID\s*prj_99/ })).toBeInTheDocument()
    expect(i.getByRole('button', { name: /Webhook Secret\s*whsec_secret/ })).toBeInTheDocument()
    await q.findByRole('link', { name: 'Fresh' })
    expect(api.callsTo(LIST)).toHaveLength(2)
    expect(events.events.map((e) => e.detail)).toEqual([{ id: 'prj_99' }])
    expect(JSON.stringify(events.events[0].detail)).not.toContain('secret')
  })

  it('API Information ignores Escape and the backdrop; only Exit closes it, and focus returns to the add button', async () => {
    const { q, user, dialog, opener, root } = await openAdd({ [CREATE]: { status: 201, body: created } })
    await user.type(within(dialog).getByLabelText('Project Name'), 'Fresh')
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))
    const info = await q.findByRole('dialog', { name: 'API Information' })
    await user.keyboard('{Escape}')
    fireEvent.pointerDown(info.parentElement as HTMLElement)
    fireEvent.click(info.parentElement as HTMLElement)
    expect(q.getByRole('dialog', { name: 'API Information' })).toBeInTheDocument()
    await user.click(within(info).getByRole('button', { name: 'Exit' }))
    expect(q.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(() => expect(root.activeElement).toBe(opener))
  })

  it("API Information stays open through the same user's renewed session, and closes for another user's: their key is not shown to the next", async () => {
    const as = (accessToken: string, id: string) => ({ accessToken, user: { id, name: id, email: `${id}@example.com` } })
    signInAs(as('access-token-a1', 'usr_a'))
    const { q, user, dialog } = await openAdd({ [CREATE]: { status: 201, body: created } })
    await user.type(within(dialog).getByLabelText('Project Name'), 'Fresh')
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))
    await q.findByRole('dialog', { name: 'API Information' })
    act(() => void store.getState().signIn(as('access-token-a2', 'usr_a')))
    expect(q.getByRole('dialog', { name: 'API Information' })).toBeInTheDocument()
    // The host's next user, signed in by its code (a renewal, or another tab): no sign-out in between.
    act(() => void store.getState().signIn(as('access-token-b', 'usr_b')))
    await q.findByRole('link', { name: 'Project 1' })
    expect(q.queryByRole('dialog', { name: 'API Information' })).not.toBeInTheDocument()
    expect(q.queryByText(/sk_live_secret|whsec_secret/)).not.toBeInTheDocument()
  })

  it("'Add new project' with what the previous user typed closes for another user's session: it would make the project in theirs", async () => {
    const as = (accessToken: string, id: string) => ({ accessToken, user: { id, name: id, email: `${id}@example.com` } })
    signInAs(as('access-token-a1', 'usr_a'))
    const { q, user, dialog } = await openAdd({})
    await user.type(within(dialog).getByLabelText('Project Name'), 'Secret plans of A')
    // The same user's renewed session keeps what they were typing.
    act(() => void store.getState().signIn(as('access-token-a2', 'usr_a')))
    expect(within(q.getByRole('dialog', { name: 'Add new project' })).getByLabelText('Project Name')).toHaveValue('Secret plans of A')
    act(() => void store.getState().signIn(as('access-token-b', 'usr_b')))
    await q.findByRole('link', { name: 'Project 1' })
    expect(q.queryByRole('dialog', { name: 'Add new project' })).not.toBeInTheDocument()
  })

  it("copying a value puts it on the clipboard and says 'Successfully copied' (its timing: copy-field.test.tsx)", async () => {
    const { q, user, dialog } = await openAdd({ [CREATE]: { status: 201, body: created } })
    // After userEvent.setup(), which installs a clipboard of its own.
    const writeText = stubClipboard()
    await user.type(within(dialog).getByLabelText('Project Name'), 'Fresh')
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))
    const info = await q.findByRole('dialog', { name: 'API Information' })
    fireEvent.click(within(info).getByRole('button', { name: /Webhook Secret/ }))
    expect(await within(info).findByText('Successfully copied')).toBeInTheDocument()
    expect(writeText).toHaveBeenCalledWith('whsec_secret')
  })

  it('a failed create shows the error in the add dialog, keeps what was typed, and opens nothing else', async () => {
    const { q, api, user, dialog, host } = await openAdd({
      [CREATE]: { status: 400, body: { message: 'Project name is required.', code: 'PROJECT_NAME_REQUIRED' } },
    })
    const events = recordEvents(['flex-project-created'], host)
    await user.type(within(dialog).getByLabelText('Project Description'), 'Only a description')
    await user.click(within(dialog).getByRole('button', { name: 'Add' }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toContain('Project name is required.')
    expect((within(dialog).getByLabelText('Project Description') as HTMLInputElement).value).toBe('Only a description')
    expect(q.getAllByRole('dialog')).toHaveLength(1)
    expect(q.queryByRole('dialog', { name: 'API Information' })).not.toBeInTheDocument()
    expect(api.callsTo(LIST)).toHaveLength(1)
    expect(events.events).toHaveLength(0)
    // The empty name is sent as undefined (absent from the JSON).
    expect(api.callsTo(CREATE)[0].body).toEqual({ description: 'Only a description' })
  })

  it.each([
    [
      'PROJECT_NAME_BLANK',
      'Project name must contain a visible character, not only spaces or invisible characters.',
      'Der Projektname muss ein sichtbares Zeichen enthalten, nicht nur Leerzeichen oder unsichtbare Zeichen.',
    ],
    [
      'PROJECT_NAME_CONTROL_CHARACTERS',
      'Project name must not contain line breaks, tabs or other control characters.',
      'Der Projektname darf keine Zeilenumbrüche, Tabulatoren oder anderen Steuerzeichen enthalten.',
    ],
  ])('a refused name (%s) reads in the page’s language, German here', async (code, message, german) => {
    mockApi({ [LIST]: { body: projects(1) }, [CREATE]: { status: 400, body: { message, code } } })
    const q = shadow(mountElement('flex-projects', { lang: 'de' }))
    const user = userEvent.setup()
    await user.click(await q.findByRole('button', { name: '+ Neues Projekt hinzufügen' }))
    const dialog = q.getByRole('dialog', { name: 'Neues Projekt hinzufügen' })
    await user.type(within(dialog).getByLabelText('Projektname'), '\u200b')
    await user.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain(german)
  })

  it.each([
    [
      'PROJECT_DESCRIPTION_CONTROL_CHARACTERS',
      'Project description must not contain control characters other than line breaks and tabs.',
      'Die Projektbeschreibung darf außer Zeilenumbrüchen und Tabulatoren keine Steuerzeichen enthalten.',
    ],
    [
      'PROJECT_DESCRIPTION_BLANK',
      'Project description must contain a visible character, not only spaces or invisible characters.',
      'Die Projektbeschreibung muss ein sichtbares Zeichen enthalten, nicht nur Leerzeichen oder unsichtbare Zeichen.',
    ],
  ])('a refused description (%s) reads in the page’s language, and what was typed stays', async (code, message, german) => {
    mockApi({ [LIST]: { body: projects(1) }, [CREATE]: { status: 400, body: { message, code } } })
    const q = shadow(mountElement('flex-projects', { lang: 'de' }))
    const user = userEvent.setup()
    await user.click(await q.findByRole('button', { name: '+ Neues Projekt hinzufügen' }))
    const dialog = q.getByRole('dialog', { name: 'Neues Projekt hinzufügen' })
    await user.type(within(dialog).getByLabelText('Projektname'), 'Wetter')
    await user.type(within(dialog).getByLabelText('Projektbeschreibung'), 'Zeile')
    await user.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }))
    // The known codes' table is a chunk: until it is here, the server's words.
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain(german))
    expect((within(dialog).getByLabelText('Projektbeschreibung') as HTMLTextAreaElement).value).toBe('Zeile')
  })

  it('Add reads as disabled while pending: a double click makes one project', async () => {
    const reply = deferred<Response>()
    const { q, api, user, dialog } = await openAdd({ [CREATE]: () => reply.promise })
    await user.type(within(dialog).getByLabelText('Project Name'), 'Once')
    const add = within(dialog).getByRole('button', { name: 'Add' })
    await user.dblClick(add)
    // Even a second submit that slips past the pending button is dropped.
    fireEvent.submit(add.closest('form') as HTMLFormElement)
    expect(api.callsTo(CREATE)).toHaveLength(1)
    expect(within(dialog).getByRole('button', { name: /Adding/ })).toHaveAttribute('aria-disabled', 'true')
    reply.resolve(json(created, 201))
    await q.findByRole('dialog', { name: 'API Information' })
    expect(api.callsTo(CREATE)).toHaveLength(1)
  })
})

describe('session', () => {
  it('a 401 signs out with reason expired and fires flex-signed-out', async () => {
    mockApi({ [LIST]: { status: 401, body: { message: 'Token expired.' } } })
    const { q, host } = renderDashboard()
    const events = recordEvents(['flex-signed-out'], host)
    await waitFor(() => expect(store.getState().accessData).toBeNull())
    expect(store.getState().signOutReason).toBe('expired')
    expect(localStorage.getItem('accessData')).toBeNull()
    expect(events.events.map((e) => e.detail)).toEqual([{ reason: 'expired' }])
    expect((await q.findByRole('status')).textContent).toContain('Your session has expired.')
  })

  it('a 401 on create signs out too', async () => {
    mockApi({ [LIST]: { body: projects(1) }, [CREATE]: { status: 401, body: { message: 'Token expired.' } } })
    const { q } = renderDashboard()
    const user = userEvent.setup()
    await q.findByRole('link', { name: 'Project 1' })
    await user.click(q.getByRole('button', { name: '+ Add New Project' }))
    await user.type(q.getByLabelText('Project Name'), 'x')
    await user.click(q.getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(store.getState().signOutReason).toBe('expired'))
    expect(q.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

describe('<flex-projects> on a page without <flex-portal>', () => {
  it('signed out, shows a log-in notice and calls nothing; a sign-in elsewhere on the page shows the projects at once', async () => {
    resetStore()
    const api = mockApi({ [LIST]: { body: projects(2) } })
    const el = mountElement('flex-projects', { router: 'memory' })
    const q = shadow(el)
    expect((await q.findByRole('status')).textContent).toBe('Log in to see your projects.')
    expect(api.calls).toHaveLength(0)
    act(() => {
      signInAs({ accessToken: 'from-flex-login' })
    })
    expect(await q.findByRole('link', { name: 'Project 2' })).toBeInTheDocument()
    expect(api.callsTo(LIST)[0].headers.authorization).toBe('Bearer from-flex-login')
  })

  it('is the real element: an open shadow root with the dashboard and api-base honoured', async () => {
    const api = mockApi({ 'GET /v2/manage/dapp/owner': { body: projects(1) } })
    const el = mountElement('flex-projects', { router: 'memory', 'api-base': '/v2' })
    const q = shadow(el)
    expect(await q.findByRole('heading', { name: 'Your Flex Projects' })).toBeInTheDocument()
    expect(await q.findByRole('link', { name: 'Project 1' })).toBeInTheDocument()
    // The list, and the question of what the server offers beyond the spec: both under the element's api-base.
    expect(api.calls.map((c) => c.url).sort()).toEqual(['/v2/capabilities', '/v2/manage/dapp/owner'])
  })
})
