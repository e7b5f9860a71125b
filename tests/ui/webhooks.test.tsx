import { act, fireEvent, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Attempt, Endpoint } from '../../src/api/webhooks'
import { LazyWebhooks } from '../../src/components/webhooks/lazy'
import { server as enServer } from '../../src/i18n/en/server'
import { webhooks as enWebhooks } from '../../src/i18n/en/webhooks'
import de from '../../src/i18n/locales/de'
import { store } from '../../src/store'
import { mountElement, recordEvents, resetStore, shadow, signInAs } from './helpers'
import { deferred, json, mockApi, offContract, type Reply } from './helpers/api-mock'
import { detail, renderDetail, stubClipboard } from './helpers/dashboard'

/** The texts in English, as the screens show them here. */
const URL_REQUIRED = enWebhooks['webhooks.endpoint.urlRequired']
const URL_INVALID = enWebhooks['webhooks.endpoint.urlInvalid']
const EVENTS_REQUIRED = enWebhooks['webhooks.endpoint.eventsRequired']
const SECRET_ONCE = enWebhooks['webhooks.secret.once']
const ROLL_FIRST = enWebhooks['webhooks.rollFirst']
const NO_PROJECT = enWebhooks['webhooks.screen.noProject']
const NOT_OFFERED = enWebhooks['webhooks.screen.notOffered']

const HOOKS = '/api/manage/dapp/prj_7/webhooks'
const LIST = `GET ${HOOKS}`
const CAPS = 'GET /api/capabilities'
const TYPES = 'GET /api/webhooks/event-types'
const ATTEMPTS = `GET ${HOOKS}/ep_1/attempts`

const endpoint = (n: number, extra: Partial<Endpoint> = {}): Endpoint => ({
  id: `ep_${n}`,
  url: `https://hooks.example.com/${n}`,
  description: '',
  eventTypes: [],
  disabled: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastAttempt: null,
  ...extra,
})

const attempt = (n: number, extra: Partial<Attempt> = {}): Attempt => ({
  id: `att_${n}`,
  messageId: `msg_${n}`,
  eventType: 'webhook.test',
  status: 'succeeded',
  responseStatus: 200,
  responseBody: `{"ok":${n}}`,
  durationMs: 40 + n,
  attemptedAt: '2026-11-02T10:00:00.000Z',
  attemptNumber: 1,
  nextAttemptAt: null,
  scheduledFor: null,
  ...extra,
})

const CATALOG = [
  { name: 'invoice.paid', description: 'An invoice was paid.' },
  { name: 'invoice.failed', description: 'A payment failed.' },
]

/** The project page against a server with webhooks; `routes` adds or replaces replies. */
function page(
  routes: Record<string, Reply> = {},
  list: { endpoints: Endpoint[]; needsSecretRoll?: boolean } = { endpoints: [endpoint(1)] },
  options: { envPrefix?: string; headingLevel?: number } = {},
) {
  const api = mockApi({
    'GET /api/manage/dapp/prj_7': { body: detail(7) },
    [CAPS]: { body: { features: ['webhooks'] } },
    [TYPES]: { body: CATALOG },
    [LIST]: { body: { needsSecretRoll: false, ...list } },
    [ATTEMPTS]: { body: [] },
    ...routes,
  })
  const r = renderDetail('prj_7', options)
  return { ...r, api, section: () => r.q.findByRole('region', { name: 'Webhooks' }) }
}

type Q = ReturnType<typeof page>['q']
const openEndpoint = async (q: Q, url = 'https://hooks.example.com/1') => {
  await userEvent.setup().click(await q.findByRole('button', { name: `Manage endpoint ${url}` }))
  return q.getByRole('region', { name: url })
}

beforeAll(async () => {
  await LazyWebhooks.chunk.load()
})
beforeEach(() => {
  resetStore()
  signInAs()
})
afterEach(() => vi.unstubAllGlobals())

describe('the Webhooks section on the project page', () => {
  it('is below the keys when the server offers webhooks, and lists each endpoint with its events, status and last delivery', async () => {
    const { q, section } = page(
      {},
      {
        endpoints: [
          endpoint(1, { description: 'Billing', lastAttempt: { attemptedAt: '2026-11-02T10:00:00.000Z', status: 'failed', responseStatus: 500 } }),
          endpoint(2, { eventTypes: ['invoice.paid', 'invoice.failed'], disabled: true }),
        ],
      },
    )
    const region = await section()
    expect(q.getByRole('region', { name: 'API keys' }).compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    const rows = within(await within(region).findByRole('table', { name: 'Webhook endpoints' })).getAllByRole('row')
    expect(rows.map((r) => Array.from(r.querySelectorAll('th,td')).map((c) => c.textContent?.trim()))).toEqual([
      ['URL', 'Events', 'Status', 'Last delivery', 'Actions'],
      ['https://hooks.example.com/1Billing', 'All events', 'Enabled', expect.stringMatching(/^Failed 500/), 'Manage'],
      ['https://hooks.example.com/2', '2 event types', 'Disabled', 'None yet', 'Manage'],
    ])
  })

  it('reads the list with the access token and the public catalog of event types with no credential', async () => {
    const { api, section } = page()
    await within(await section()).findByRole('table', { name: 'Webhook endpoints' })
    await waitFor(() => expect(api.callsTo(TYPES)).toHaveLength(1))
    expect(api.callsTo(LIST)[0].headers.authorization).toMatch(/^Bearer /)
    expect(api.callsTo(TYPES)[0].headers.authorization).toBeUndefined()
  })

  it('follows heading-level: the project at it, Webhooks one below, an open endpoint two below, its log three below', async () => {
    const { q } = page({}, undefined, { headingLevel: 3 })
    expect(await q.findByRole('heading', { level: 3, name: 'Project 7' })).toBeInTheDocument()
    expect(await q.findByRole('heading', { level: 4, name: 'Webhooks' })).toBeInTheDocument()
    await openEndpoint(q)
    expect(q.getByRole('heading', { level: 5, name: 'https://hooks.example.com/1' })).toBeInTheDocument()
    expect(q.getByRole('heading', { level: 6, name: 'Delivery attempts' })).toBeInTheDocument()
  })

  it('is absent against a server that does not offer webhooks (a spec-only server answers 404)', async () => {
    const { q, api } = page({ [CAPS]: { status: 404, body: { message: 'Not found' } } })
    await q.findByRole('heading', { level: 2, name: 'Project 7' })
    await waitFor(() => expect(store.getState().capabilities['/api']).toBeTruthy())
    expect(q.queryByRole('region', { name: 'Webhooks' })).not.toBeInTheDocument()
    expect(api.callsTo(LIST)).toHaveLength(0)
  })

  it('says when there are no endpoints yet', async () => {
    const { section } = page({}, { endpoints: [] })
    expect(await within(await section()).findByText(/No endpoints yet/)).toBeInTheDocument()
  })

  it('shows loading first, then a failure with Retry that loads again', async () => {
    const first = deferred<Response>()
    let n = 0
    const { section } = page({ [LIST]: () => (++n === 1 ? first.promise : json({ endpoints: [endpoint(1)], needsSecretRoll: false })) })
    const region = await section()
    expect(within(region).getByText('Loading webhooks…')).toHaveAttribute('role', 'status')
    first.resolve(json({ message: 'Database unavailable.' }, 503))
    const alert = await within(region).findByRole('alert')
    expect(alert.textContent).toContain('Webhooks could not be loaded.')
    expect(alert.textContent).toContain('Database unavailable.')
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await within(region).findByRole('table', { name: 'Webhook endpoints' })).toBeInTheDocument()
  })

  it('a server answer of the wrong shape is a clear error, not a crash', async () => {
    const { section } = page({ [LIST]: offContract({ body: { endpoints: 'nope' } }) })
    expect((await within(await section()).findByRole('alert')).textContent).toContain('could not be read')
  })

  it('shows hostile text as text', async () => {
    const html = '<img src=x onerror=alert(1)>'
    const { section, root } = page({}, { endpoints: [endpoint(1, { url: `https://a.example/${html}`, description: html })] })
    await within(await section()).findByRole('table')
    expect(root.querySelector('img')).not.toBeInTheDocument()
  })
})

describe('Add endpoint', () => {
  it('sends the address, description and all events; announces the new id only; lists and opens it', async () => {
    let endpoints = [endpoint(1)]
    const { q, host, api, section } = page({
      [LIST]: () => json({ endpoints, needsSecretRoll: false }),
      [`POST ${HOOKS}`]: (call) => {
        const made = endpoint(2, call.body as Partial<Endpoint>)
        endpoints = [...endpoints, made]
        return json(made, 201)
      },
      [`GET ${HOOKS}/ep_2/attempts`]: { body: [] },
    })
    const events = recordEvents(['flex-webhook-endpoint-created'], host)
    const user = userEvent.setup()
    await user.click(await within(await section()).findByRole('button', { name: 'Add endpoint' }))
    const dialog = q.getByRole('dialog', { name: 'Add endpoint' })
    expect(within(dialog).getByRole('radio', { name: /All events/ })).toBeChecked()
    await user.type(within(dialog).getByLabelText('Endpoint URL'), ' https://hooks.example.com/new ')
    // The browser holds each field to what the server keeps, no less: a description of 201 to 500 characters is the server's.
    expect(within(dialog).getByLabelText('Endpoint URL')).toHaveAttribute('maxlength', '2048')
    expect(within(dialog).getByLabelText('Description (optional)')).toHaveAttribute('maxlength', '500')
    await user.type(within(dialog).getByLabelText('Description (optional)'), 'Orders')
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }))
    await waitFor(() => expect(q.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.callsTo(`POST ${HOOKS}`)[0].body).toEqual({ url: 'https://hooks.example.com/new', description: 'Orders', eventTypes: [] })
    expect(api.callsTo(`POST ${HOOKS}`)[0].headers.authorization).toBe('Bearer access-token-1')
    expect(events.events.map((e) => e.detail)).toEqual([{ projectId: 'prj_7', endpointId: 'ep_2' }])
    expect(q.getByText('Endpoint added.')).toBeInTheDocument()
    expect(await q.findByRole('region', { name: 'https://hooks.example.com/new' })).toBeInTheDocument()
    expect(await q.findByRole('button', { name: 'Manage endpoint https://hooks.example.com/new' })).toHaveAttribute('aria-expanded', 'true')
  })

  it('sends only the event types picked from the catalog', async () => {
    const { q, api, section } = page({ [`POST ${HOOKS}`]: { status: 201, body: endpoint(2) }, [`GET ${HOOKS}/ep_2/attempts`]: { body: [] } })
    const user = userEvent.setup()
    await user.click(await within(await section()).findByRole('button', { name: 'Add endpoint' }))
    const dialog = q.getByRole('dialog', { name: 'Add endpoint' })
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'https://hooks.example.com/paid')
    await user.click(within(dialog).getByRole('radio', { name: 'Only the events I pick' }))
    expect(within(dialog).getByText('An invoice was paid.')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('checkbox', { name: /invoice\.paid/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }))
    await waitFor(() => expect(api.callsTo(`POST ${HOOKS}`)).toHaveLength(1))
    expect(api.callsTo(`POST ${HOOKS}`)[0].body).toMatchObject({ eventTypes: ['invoice.paid'] })
  })

  it('says beside each field what is wrong before sending anything', async () => {
    const { q, api, section } = page()
    const user = userEvent.setup()
    await user.click(await within(await section()).findByRole('button', { name: 'Add endpoint' }))
    const dialog = q.getByRole('dialog', { name: 'Add endpoint' })
    const url = within(dialog).getByLabelText('Endpoint URL')
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }))
    expect(url).toHaveAccessibleDescription(URL_REQUIRED)
    expect(url).toHaveAttribute('aria-invalid', 'true')
    // Focused, so a screen reader reads the message with it.
    expect(url.getRootNode()).toHaveProperty('activeElement', url)
    await user.type(url, 'ftp://files.example.com')
    await user.click(within(dialog).getByRole('radio', { name: 'Only the events I pick' }))
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }))
    expect(url).toHaveAccessibleDescription(URL_INVALID)
    expect(within(dialog).getByRole('group', { name: 'Events to send' })).toHaveAccessibleDescription(EVENTS_REQUIRED)
    // The events' message, with focus elsewhere, is announced.
    expect(within(dialog).getByRole('alert')).toHaveTextContent(EVENTS_REQUIRED)
    expect(api.callsTo(`POST ${HOOKS}`)).toHaveLength(0)
    // Changing a field takes its message away: it no longer describes what is there.
    await user.type(url, 'x')
    expect(url).not.toHaveAccessibleDescription(URL_INVALID)
    expect(url).not.toHaveAttribute('aria-invalid')
    await user.click(within(dialog).getByRole('checkbox', { name: /invoice\.paid/ }))
    expect(within(dialog).getByRole('group', { name: 'Events to send' })).not.toHaveAccessibleDescription(EVENTS_REQUIRED)
  })

  it("puts the server's refusal of the address beside the address, and stays open", async () => {
    const message = 'Webhook URLs must point to a public address.'
    const { q, section } = page({ [`POST ${HOOKS}`]: { status: 400, body: { message, code: 'ENDPOINT_URL_PRIVATE' } } })
    const user = userEvent.setup()
    await user.click(await within(await section()).findByRole('button', { name: 'Add endpoint' }))
    const dialog = q.getByRole('dialog', { name: 'Add endpoint' })
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'http://127.0.0.1/hook')
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }))
    await waitFor(() => expect(within(dialog).getByLabelText('Endpoint URL')).toHaveAccessibleDescription(message))
    expect(q.getByRole('dialog', { name: 'Add endpoint' })).toBeInTheDocument()
  })

  it('puts a refusal about another field at the top, known by its code, not its words', async () => {
    const message = 'The description is longer than the address allows.'
    const { q, section } = page({ [`POST ${HOOKS}`]: { status: 400, body: { message, code: 'ENDPOINT_DESCRIPTION_TOO_LONG' } } })
    const user = userEvent.setup()
    await user.click(await within(await section()).findByRole('button', { name: 'Add endpoint' }))
    const dialog = q.getByRole('dialog', { name: 'Add endpoint' })
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'https://hooks.example.com/in')
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain(message)
    expect(within(dialog).getByLabelText('Endpoint URL')).not.toHaveAccessibleDescription(message)
  })

  it('shows the endpoint limit at the top of the dialog', async () => {
    const { q, section } = page({ [`POST ${HOOKS}`]: { status: 409, body: { message: 'This project already has 10 webhook endpoints.' } } })
    const user = userEvent.setup()
    await user.click(await within(await section()).findByRole('button', { name: 'Add endpoint' }))
    const dialog = q.getByRole('dialog', { name: 'Add endpoint' })
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'https://hooks.example.com/11')
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain('already has 10 webhook endpoints')
  })

  it('is sent once on a double click', async () => {
    const reply = deferred<Response>()
    const { q, api, section } = page({ [`POST ${HOOKS}`]: () => reply.promise, [`GET ${HOOKS}/ep_2/attempts`]: { body: [] } })
    const user = userEvent.setup()
    await user.click(await within(await section()).findByRole('button', { name: 'Add endpoint' }))
    const dialog = q.getByRole('dialog', { name: 'Add endpoint' })
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'https://hooks.example.com/2')
    await user.dblClick(within(dialog).getByRole('button', { name: 'Add endpoint' }))
    expect(within(dialog).getByRole('button', { name: /Saving/ })).toHaveAttribute('aria-disabled', 'true')
    reply.resolve(json(endpoint(2), 201))
    await waitFor(() => expect(q.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.callsTo(`POST ${HOOKS}`)).toHaveLength(1)
  })

  it('the catalog failing leaves All events and a Retry for the list', async () => {
    let n = 0
    const { q, section } = page({ [TYPES]: () => (++n === 1 ? json({ message: 'Down.' }, 500) : json(CATALOG)) })
    const user = userEvent.setup()
    await user.click(await within(await section()).findByRole('button', { name: 'Add endpoint' }))
    const dialog = q.getByRole('dialog', { name: 'Add endpoint' })
    await user.click(within(dialog).getByRole('radio', { name: 'Only the events I pick' }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toContain('event types could not be loaded')
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await within(dialog).findByRole('checkbox', { name: /invoice\.failed/ })).toBeInTheDocument()
  })
})

describe('one endpoint', () => {
  it('Edit changes its address, description and events, and announces the update', async () => {
    const patch = `PATCH ${HOOKS}/ep_1`
    const {
      q,
      host,
      api: routes,
    } = page(
      { [patch]: (call) => json(endpoint(1, call.body as Partial<Endpoint>)) },
      { endpoints: [endpoint(1, { description: 'Old', eventTypes: ['invoice.paid'] })] },
    )
    const events = recordEvents(['flex-webhook-endpoint-updated'], host)
    const panel = await openEndpoint(q)
    const user = userEvent.setup()
    await user.click(within(panel).getByRole('button', { name: 'Edit' }))
    const dialog = q.getByRole('dialog', { name: 'Edit endpoint' })
    expect(within(dialog).getByLabelText('Endpoint URL')).toHaveValue('https://hooks.example.com/1')
    expect(within(dialog).getByRole('radio', { name: 'Only the events I pick' })).toBeChecked()
    expect(within(dialog).getByRole('checkbox', { name: /invoice\.paid/ })).toBeChecked()
    fireEvent.change(within(dialog).getByLabelText('Description (optional)'), { target: { value: 'New' } })
    await user.click(within(dialog).getByRole('checkbox', { name: /invoice\.failed/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(q.queryByRole('dialog')).not.toBeInTheDocument())
    expect(routes.callsTo(patch)[0].body).toEqual({ url: 'https://hooks.example.com/1', description: 'New', eventTypes: ['invoice.paid', 'invoice.failed'] })
    expect(events.events.map((e) => e.detail)).toEqual([{ projectId: 'prj_7', endpointId: 'ep_1' }])
  })

  it('Disable and Enable flip it and announce the update', async () => {
    let disabled = false
    const { q, host, api } = page({
      [LIST]: () => json({ endpoints: [endpoint(1, { disabled })], needsSecretRoll: false }),
      [`PATCH ${HOOKS}/ep_1`]: (call) => {
        disabled = (call.body as { disabled: boolean }).disabled
        return json(endpoint(1, { disabled }))
      },
    })
    const events = recordEvents(['flex-webhook-endpoint-updated'], host)
    const panel = await openEndpoint(q)
    const user = userEvent.setup()
    await user.click(within(panel).getByRole('button', { name: 'Disable' }))
    expect(await within(panel).findByRole('button', { name: 'Enable' })).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Send test event' })).toBeDisabled()
    await user.click(within(panel).getByRole('button', { name: 'Enable' }))
    expect(await within(panel).findByRole('button', { name: 'Disable' })).toBeInTheDocument()
    expect(api.callsTo(`PATCH ${HOOKS}/ep_1`).map((c) => c.body)).toEqual([{ disabled: true }, { disabled: false }])
    expect(events.events).toHaveLength(2)
  })

  it('a failed Disable says why', async () => {
    const { q } = page({ [`PATCH ${HOOKS}/ep_1`]: { status: 500, body: { message: 'Could not save.' } } })
    const panel = await openEndpoint(q)
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Disable' }))
    expect((await q.findByRole('alert')).textContent).toContain('Could not save.')
  })

  it('Delete asks first, then deletes, closes the panel and announces it; Cancel keeps it', async () => {
    let endpoints = [endpoint(1)]
    const rendered = page({
      [LIST]: () => json({ endpoints, needsSecretRoll: false }),
      [`DELETE ${HOOKS}/ep_1`]: () => {
        endpoints = []
        return new Response(null, { status: 204 })
      },
    })
    const { q, host, api } = rendered
    const events = recordEvents(['flex-webhook-endpoint-deleted'], host)
    const { root } = rendered
    const panel = await openEndpoint(q)
    const user = userEvent.setup()
    await user.click(within(panel).getByRole('button', { name: 'Delete' }))
    await user.click(within(q.getByRole('dialog', { name: 'Delete endpoint' })).getByRole('button', { name: 'Cancel' }))
    expect(api.callsTo(`DELETE ${HOOKS}/ep_1`)).toHaveLength(0)
    await user.click(within(panel).getByRole('button', { name: 'Delete' }))
    const confirm = q.getByRole('dialog', { name: 'Delete endpoint' })
    expect(confirm.textContent).toContain('https://hooks.example.com/1')
    await user.click(within(confirm).getByRole('button', { name: 'Delete endpoint' }))
    await waitFor(() => expect(q.queryByRole('region', { name: 'https://hooks.example.com/1' })).not.toBeInTheDocument())
    expect(q.getByText('Endpoint deleted.')).toBeInTheDocument()
    expect(await q.findByText(/No endpoints yet/)).toBeInTheDocument()
    expect(events.events.map((e) => e.detail)).toEqual([{ projectId: 'prj_7', endpointId: 'ep_1' }])
    // Its panel is gone with it: focus goes to Add endpoint.
    await waitFor(() => expect(root.activeElement).toBe(q.getByRole('button', { name: 'Add endpoint' })))
  })

  it('Close and Manage again fold and unfold the panel', async () => {
    const { q, root, section } = page()
    await openEndpoint(q)
    const user = userEvent.setup()
    q.getByRole('button', { name: 'Close endpoint' }).focus()
    await user.keyboard('{Enter}')
    expect(q.queryByRole('region', { name: 'https://hooks.example.com/1' })).not.toBeInTheDocument()
    // Its Close button went with the panel: the section keeps focus, not the page's start.
    const webhooksRegion = await section()
    await waitFor(() => expect(root.activeElement).toBe(webhooksRegion))
    const manage = q.getByRole('button', { name: 'Manage endpoint https://hooks.example.com/1' })
    expect(manage).toHaveAttribute('aria-expanded', 'false')
    await user.click(manage)
    await user.click(manage)
    expect(q.queryByRole('region', { name: 'https://hooks.example.com/1' })).not.toBeInTheDocument()
  })
})

describe('the delivery log', () => {
  it('lists each attempt with its status, HTTP code, event, time and duration; says when there are none', async () => {
    const { q } = page({
      [ATTEMPTS]: { body: [attempt(2, { status: 'failed', responseStatus: 503, attemptNumber: 2, nextAttemptAt: '2026-11-02T10:05:00.000Z' }), attempt(1)] },
    })
    const panel = await openEndpoint(q)
    const rows = within(await within(panel).findByRole('table', { name: 'Delivery attempts' })).getAllByRole('row')
    const cells = rows.map((r) => Array.from(r.querySelectorAll('th,td')).map((c) => c.textContent?.trim()))
    expect(cells[0]).toEqual(['Status', 'HTTP code', 'Event', 'Time', 'Duration', 'Actions'])
    expect(cells[1].slice(0, 3)).toEqual(['Failed', '503', 'webhook.test'])
    expect(cells[1][3]).toMatch(/Attempt 2.*Next try/)
    expect(cells[1][4]).toBe('42 ms')
    expect(cells[2].slice(0, 3)).toEqual(['Succeeded', '200', 'webhook.test'])
  })

  it('loads in grey rows of the same table (its headers in place), then fills it without a spinner', async () => {
    const first = deferred<Response>()
    const { q } = page({ [ATTEMPTS]: () => first.promise })
    const panel = await openEndpoint(q)
    const table = within(panel).getByRole('table', { name: 'Delivery attempts' })
    expect(within(panel).getByRole('status').textContent).toBe('Loading deliveries…')
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
    expect(headers).toEqual(['Status', 'HTTP code', 'Event', 'Time', 'Duration', 'Actions'])
    const grey = table.querySelectorAll('tbody tr')
    expect(grey).toHaveLength(3)
    grey.forEach((row) => expect(row).toHaveAttribute('aria-hidden', 'true'))
    first.resolve(json([attempt(1)]))
    expect(await within(table).findByText('webhook.test')).toBeInTheDocument()
    expect(table.querySelectorAll('tbody tr[aria-hidden]')).toHaveLength(0)
    expect(within(panel).queryByText('Loading deliveries…')).not.toBeInTheDocument()
  })

  it('shows an attempt not made yet as "Scheduled for …", with neither Response nor Resend, from a server with or without scheduledFor', async () => {
    const due = '2026-11-02T10:05:00.000Z'
    const pending = { status: 'pending' as const, responseStatus: null, responseBody: null, durationMs: null, attemptedAt: due }
    const { scheduledFor: _, ...withoutField } = attempt(2, { ...pending, attemptNumber: 2 })
    const { q } = page({
      // A server from before the field: the reply lacks it.
      [ATTEMPTS]: offContract({
        body: [attempt(3, { ...pending, attemptNumber: 3, scheduledFor: due }), withoutField, attempt(1, { status: 'failed', responseStatus: 500 })],
      }),
    })
    const panel = await openEndpoint(q)
    const rows = within(await within(panel).findByRole('table', { name: 'Delivery attempts' }))
      .getAllByRole('row')
      .slice(1)
    for (const row of rows.slice(0, 2)) {
      expect(row.textContent).toMatch(/Scheduled for/)
      expect(
        within(row)
          .getByText(/Scheduled for/)
          .closest('time'),
      ).toHaveAttribute('datetime', due)
      expect(within(row).queryByRole('button', { name: 'Response' })).not.toBeInTheDocument()
      expect(within(row).queryByRole('button', { name: /^Resend/ })).not.toBeInTheDocument()
    }
    // An attempt made keeps both.
    expect(rows[2].textContent).not.toMatch(/Scheduled for/)
    expect(within(rows[2]).getByRole('button', { name: 'Response' })).toBeInTheDocument()
    expect(within(rows[2]).getByRole('button', { name: /^Resend/ })).toBeInTheDocument()
  })

  it('says when an endpoint has no deliveries yet', async () => {
    const { q } = page()
    const panel = await openEndpoint(q)
    expect(await within(panel).findByText(/No deliveries yet/)).toBeInTheDocument()
  })

  it("shows the receiver's answer on demand", async () => {
    const { q } = page({ [ATTEMPTS]: { body: [attempt(1, { responseBody: 'Thanks, got it' })] } })
    const panel = await openEndpoint(q)
    const toggle = await within(panel).findByRole('button', { name: 'Response' })
    expect(within(panel).queryByText('Thanks, got it')).not.toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(within(panel).getByText('Thanks, got it')).toBeInTheDocument()
    expect(within(panel).getByText('The receiver answered 200:')).toBeInTheDocument()
    // Open or closed, the button holds both labels (one hidden), so its column keeps its width and none drops.
    expect(toggle.textContent).toBe('ResponseHide response')
    // Its labels start where the Actions header does, not centred in the width of the longer one.
    expect(toggle.firstElementChild).toHaveClass('inline-grid', 'text-start')
    await user.click(within(panel).getByRole('button', { name: 'Hide response' }))
    expect(within(panel).queryByText('Thanks, got it')).not.toBeInTheDocument()
  })

  it('loads older attempts page by page with the last id as the cursor', async () => {
    const first = Array.from({ length: 20 }, (_, i) => attempt(40 - i))
    const api = page({
      [ATTEMPTS]: (call) => json(call.url.includes('before=') ? [attempt(1)] : first),
    })
    const panel = await openEndpoint(api.q)
    const user = userEvent.setup()
    await user.click(await within(panel).findByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(within(panel).getAllByRole('row')).toHaveLength(22))
    expect(api.api.calls.filter((c) => c.url.includes('/attempts')).map((c) => c.url.split('?')[1])).toEqual(['limit=20', 'limit=20&before=att_21'])
    expect(within(panel).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('shows no more attempts than the page it asked for when a broken server ignores the limit, and still offers Load more', async () => {
    const { q } = page({ [ATTEMPTS]: { body: Array.from({ length: 500 }, (_, i) => attempt(500 - i)) } })
    const panel = await openEndpoint(q)
    const table = await within(panel).findByRole('table', { name: 'Delivery attempts' })
    await within(table).findByText('540 ms')
    // The header and the 20 newest.
    expect(within(table).getAllByRole('row')).toHaveLength(21)
    expect(within(table).queryByText('521 ms')).toBeInTheDocument()
    expect(within(table).queryByText('520 ms')).not.toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Load more' })).toBeInTheDocument()
  })

  it('Send test event sends the chosen type and waits in the log for its delivery', async () => {
    let sent = false
    const { q, api } = page({
      [`POST ${HOOKS}/ep_1/test`]: () => {
        sent = true
        return json({ id: 'msg_9' }, 202)
      },
      [ATTEMPTS]: () => json(sent ? [attempt(9, { messageId: 'msg_9', responseBody: 'pong' })] : []),
    })
    const panel = await openEndpoint(q)
    const user = userEvent.setup()
    await user.click(within(panel).getByRole('button', { name: 'Send test event' }))
    const dialog = q.getByRole('dialog', { name: 'Send test event' })
    const type = within(dialog).getByRole('combobox', { name: 'Event type' }) as HTMLSelectElement
    expect(Array.from(type.options).map((o) => o.value)).toEqual(['webhook.test', 'invoice.paid', 'invoice.failed'])
    await user.selectOptions(type, 'invoice.paid')
    await user.click(within(dialog).getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(q.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.callsTo(`POST ${HOOKS}/ep_1/test`)[0].body).toEqual({ eventType: 'invoice.paid' })
    expect(await within(panel).findByText('Waiting for the delivery…')).toBeInTheDocument()
    expect(await within(panel).findByRole('table', { name: 'Delivery attempts' })).toBeInTheDocument()
    await waitFor(() => expect(within(panel).queryByText('Waiting for the delivery…')).not.toBeInTheDocument())
    // The list's Last delivery is read again once the delivery is in.
    expect(api.callsTo(LIST).length).toBeGreaterThan(1)
  })

  it('Resend sends the message again and the log picks up the new attempt', async () => {
    let resent = false
    const { q, api } = page({
      [ATTEMPTS]: () =>
        json(
          resent
            ? [attempt(2, { messageId: 'msg_1', attemptNumber: 1 }), attempt(1, { status: 'failed', responseStatus: 500 })]
            : [attempt(1, { status: 'failed', responseStatus: 500 })],
        ),
      [`POST ${HOOKS}/ep_1/messages/msg_1/resend`]: () => {
        resent = true
        return json({ id: 'msg_1' }, 202)
      },
    })
    const panel = await openEndpoint(q)
    const user = userEvent.setup()
    await user.click(await within(panel).findByRole('button', { name: /^Resend webhook\.test from/ }))
    expect(api.callsTo(`POST ${HOOKS}/ep_1/messages/msg_1/resend`)).toHaveLength(1)
    await waitFor(() => expect(within(panel).getAllByRole('row')).toHaveLength(3))
  })

  it('a failed resend says why', async () => {
    const { q } = page({
      [ATTEMPTS]: { body: [attempt(1)] },
      [`POST ${HOOKS}/ep_1/messages/msg_1/resend`]: { status: 404, body: { message: 'Message not found.' } },
    })
    const panel = await openEndpoint(q)
    await userEvent.setup().click(await within(panel).findByRole('button', { name: /^Resend/ }))
    expect((await within(panel).findByRole('alert')).textContent).toContain('Message not found.')
  })

  it('a log that fails to load offers Retry; Refresh reads it again', async () => {
    let n = 0
    const { q } = page({ [ATTEMPTS]: () => (++n === 1 ? json({ message: 'Log unavailable.' }, 500) : json([attempt(1)])) })
    const panel = await openEndpoint(q)
    const alert = await within(panel).findByRole('alert')
    expect(alert.textContent).toContain('The delivery log could not be loaded. Log unavailable.')
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await within(panel).findByRole('table', { name: 'Delivery attempts' })).toBeInTheDocument()
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Refresh' }))
    await waitFor(() => expect(n).toBe(3))
  })
})

describe('Roll secret', () => {
  it("names the copied variable with the host's env-prefix", async () => {
    const secret = 'whsec_' + 'B'.repeat(32)
    const { q, section } = page({ [`POST ${HOOKS}/secret/roll`]: { status: 201, body: { webhookSecret: secret } } }, undefined, { envPrefix: 'ACME' })
    const user = userEvent.setup()
    const clipboard = stubClipboard()
    await user.click(await within(await section()).findByRole('button', { name: 'Roll secret' }))
    await user.click(within(q.getByRole('dialog', { name: 'Roll webhook secret' })).getByRole('button', { name: 'Roll secret' }))
    const reveal = await q.findByRole('dialog', { name: 'New webhook secret' })
    fireEvent.click(within(reveal).getByRole('button', { name: 'Copy as .env' }))
    await waitFor(() => expect(clipboard).toHaveBeenLastCalledWith(`ACME_WEBHOOK_SECRET=${secret}\n`))
  })

  it('asks when the old secret stops, then shows the new one once with Copy as .env, and announces the roll without the secret', async () => {
    const secret = 'whsec_' + 'A'.repeat(32)
    const { q, host, api, section } = page({ [`POST ${HOOKS}/secret/roll`]: { status: 201, body: { webhookSecret: secret } } })
    const events = recordEvents(['flex-webhook-secret-rolled'], host)
    const user = userEvent.setup()
    const clipboard = stubClipboard()
    await user.click(await within(await section()).findByRole('button', { name: 'Roll secret' }))
    const dialog = q.getByRole('dialog', { name: 'Roll webhook secret' })
    const when = within(dialog).getByRole('combobox', { name: 'The old secret stops working' }) as HTMLSelectElement
    expect(Array.from(when.options).map((o) => o.text)).toEqual(['Now', 'In 1 hour', 'In 24 hours', 'In 7 days'])
    await user.selectOptions(when, 'In 1 hour')
    await user.click(within(dialog).getByRole('button', { name: 'Roll secret' }))
    const reveal = await q.findByRole('dialog', { name: 'New webhook secret' })
    expect(api.callsTo(`POST ${HOOKS}/secret/roll`)[0].body).toEqual({ graceSeconds: 3600 })
    expect(reveal.textContent).toContain(SECRET_ONCE)
    expect(within(reveal).getByRole('button', { name: new RegExp(`Webhook Secret\\s*${secret}`) })).toBeInTheDocument()
    // userEvent brings a clipboard of its own: a plain click keeps the stub.
    fireEvent.click(within(reveal).getByRole('button', { name: 'Copy as .env' }))
    await waitFor(() => expect(clipboard).toHaveBeenLastCalledWith(`FLEX_WEBHOOK_SECRET=${secret}\n`))
    // Shown once: Escape and the backdrop leave it open.
    await user.keyboard('{Escape}')
    fireEvent.pointerDown(reveal.parentElement as HTMLElement)
    fireEvent.click(reveal.parentElement as HTMLElement)
    expect(q.getByRole('dialog', { name: 'New webhook secret' })).toBeInTheDocument()
    await user.click(within(reveal).getByRole('button', { name: 'Exit' }))
    expect(q.queryByRole('dialog')).not.toBeInTheDocument()
    expect(events.events.map((e) => e.detail)).toEqual([{ projectId: 'prj_7' }])
  })

  it('a project whose secret predates signing asks for a roll before the first endpoint, with no overlap to choose', async () => {
    let needsSecretRoll = true
    const { q, api, section } = page({
      [LIST]: () => json({ endpoints: [], needsSecretRoll }),
      [`POST ${HOOKS}/secret/roll`]: () => {
        needsSecretRoll = false
        return json({ webhookSecret: 'whsec_new' }, 201)
      },
    })
    const region = await section()
    expect(await within(region).findByText(ROLL_FIRST)).toBeInTheDocument()
    expect(within(region).getByRole('button', { name: 'Add endpoint' })).toBeDisabled()
    const user = userEvent.setup()
    await user.click(within(region).getByRole('button', { name: 'Roll secret' }))
    const dialog = q.getByRole('dialog', { name: 'Roll webhook secret' })
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Roll secret' }))
    await user.click(within(await q.findByRole('dialog', { name: 'New webhook secret' })).getByRole('button', { name: 'Exit' }))
    expect(api.callsTo(`POST ${HOOKS}/secret/roll`)[0].body).toEqual({ graceSeconds: 0 })
    await waitFor(() => expect(within(region).getByRole('button', { name: 'Add endpoint' })).toBeEnabled())
    expect(within(region).queryByText(ROLL_FIRST)).not.toBeInTheDocument()
  })

  it('a 409 asking for a roll on Add shows its message and the roll prompt', async () => {
    let needsSecretRoll = false
    const { q, section } = page({
      [LIST]: () => json({ endpoints: [], needsSecretRoll }),
      [`POST ${HOOKS}`]: () => {
        needsSecretRoll = true
        return json({ message: 'Roll the webhook secret before adding an endpoint.', code: 'WEBHOOK_SECRET_ROLL_NEEDED' }, 409)
      },
    })
    const user = userEvent.setup()
    await user.click(await within(await section()).findByRole('button', { name: 'Add endpoint' }))
    const dialog = q.getByRole('dialog', { name: 'Add endpoint' })
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'https://hooks.example.com/1')
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Roll the webhook secret')
    expect(await q.findByText(ROLL_FIRST)).toBeInTheDocument()
  })

  it('a failed roll stays in the dialog with the message and reveals nothing', async () => {
    const { q, section } = page({ [`POST ${HOOKS}/secret/roll`]: { status: 500, body: { message: 'Could not roll.' } } })
    const user = userEvent.setup()
    await user.click(await within(await section()).findByRole('button', { name: 'Roll secret' }))
    const dialog = q.getByRole('dialog', { name: 'Roll webhook secret' })
    await user.click(within(dialog).getByRole('button', { name: 'Roll secret' }))
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Could not roll.')
    expect(q.queryByRole('dialog', { name: 'New webhook secret' })).not.toBeInTheDocument()
  })
})

it('a 401 on a webhook call signs out, as on any project call', async () => {
  const { section } = page({ [LIST]: { status: 401, body: { message: 'Unauthorized.' } } })
  await section()
  await waitFor(() => expect(store.getState().accessData).toBeNull())
  expect(store.getState().signOutReason).toBe('expired')
})

describe('<flex-webhooks>', () => {
  const mount = (attributes: Record<string, string> = { 'project-id': 'prj_7' }) => {
    const el = mountElement('flex-webhooks', attributes)
    return { el, q: shadow(el) }
  }

  it("shows the project's webhooks, standalone", async () => {
    mockApi({
      [CAPS]: { body: { features: ['webhooks'] } },
      [TYPES]: { body: CATALOG },
      [LIST]: { body: { endpoints: [endpoint(1)], needsSecretRoll: false } },
    })
    const { q } = mount()
    expect(await q.findByRole('table', { name: 'Webhook endpoints' })).toBeInTheDocument()
    // Standalone, the section is the element's top heading (heading-level, default 2).
    expect(q.getByRole('heading', { level: 2, name: 'Webhooks' })).toBeInTheDocument()
  })

  it("keeps a new secret on screen through the same user's renewed session, and takes it away for another user's", async () => {
    const as = (accessToken: string, id: string) => ({ accessToken, user: { id, name: id, email: `${id}@example.com` } })
    signInAs(as('access-token-a1', 'usr_a'))
    mockApi({
      [CAPS]: { body: { features: ['webhooks'] } },
      [TYPES]: { body: CATALOG },
      [LIST]: { body: { endpoints: [endpoint(1)], needsSecretRoll: false } },
      [`POST ${HOOKS}/secret/roll`]: { status: 201, body: { webhookSecret: 'whsec_of_user_a' } },
    })
    const { q } = mount()
    const user = userEvent.setup()
    await user.click(await q.findByRole('button', { name: 'Roll secret' }))
    await user.click(within(q.getByRole('dialog', { name: 'Roll webhook secret' })).getByRole('button', { name: 'Roll secret' }))
    await q.findByRole('dialog', { name: 'New webhook secret' })
    act(() => void store.getState().signIn(as('access-token-a2', 'usr_a')))
    expect(q.getByRole('dialog', { name: 'New webhook secret' })).toBeInTheDocument()
    // The host's next user, signed in by its code (a renewal, or another tab): no sign-out in between.
    act(() => void store.getState().signIn(as('access-token-b', 'usr_b')))
    expect(await q.findByRole('table', { name: 'Webhook endpoints' })).toBeInTheDocument()
    expect(q.queryByRole('dialog', { name: 'New webhook secret' })).not.toBeInTheDocument()
    expect(q.queryByText(/whsec_of_user_a/)).not.toBeInTheDocument()
  })

  it('asks for a project when it has none, and for a log-in when nobody is signed in', async () => {
    mockApi({ [CAPS]: { body: { features: ['webhooks'] } } })
    expect(await mount({}).q.findByText(NO_PROJECT)).toBeInTheDocument()
    resetStore()
    expect(await mount().q.findByText('Log in to see your projects.')).toBeInTheDocument()
  })

  // The server's refusals by their code: in German on a German page; on an English one, the server's own words.
  // REQUIRE_VERIFIED_EMAIL's holds an endpoint (and a secret roll, below) until the address is verified.
  const PRIVATE_HOST = `Endpoint URL's host hooks.internal is not a public address. ${enServer['server.endpoint.url.private']}`
  const LIMIT = 'This project already has 10 webhook endpoints, the most it can have. Delete one to add another.'
  const VERIFY_FIRST = 'Verify your e-mail address first: we sent you a code. You can ask for a new one from your profile.'
  it.each([
    ['de', 'ENDPOINT_URL_PRIVATE_HOST', 400, PRIVATE_HOST, 'url', de['server.endpoint.url.privateHost']],
    ['en', 'ENDPOINT_URL_PRIVATE_HOST', 400, PRIVATE_HOST, 'url', PRIVATE_HOST],
    ['de', 'ENDPOINT_LIMIT_REACHED', 409, LIMIT, 'alert', de['server.endpoint.limit']],
    ['en', 'ENDPOINT_LIMIT_REACHED', 409, LIMIT, 'alert', LIMIT],
    ['de', 'VERIFY_EMAIL_FIRST', 403, VERIFY_FIRST, 'alert', de['server.verifyFirst']],
    ['en', 'VERIFY_EMAIL_FIRST', 403, VERIFY_FIRST, 'alert', VERIFY_FIRST],
  ])('Add endpoint on a page in %s says %s in German by its code, in English as the server wrote it', async (lang, code, status, message, where, text) => {
    mockApi({
      [CAPS]: { body: { features: ['webhooks'] } },
      [TYPES]: { body: CATALOG },
      [LIST]: { body: { endpoints: [endpoint(1)], needsSecretRoll: false } },
      [`POST ${HOOKS}`]: { status, body: { message, code } },
    })
    const { q } = mount({ 'project-id': 'prj_7', lang })
    const words = (lang === 'de' ? de : enWebhooks) as Record<string, string>
    const user = userEvent.setup()
    await user.click(await q.findByRole('button', { name: words['webhooks.addEndpoint'] }))
    const dialog = q.getByRole('dialog', { name: words['webhooks.addEndpoint'] })
    const url = within(dialog).getByLabelText(words['webhooks.endpoint.url'])
    await user.type(url, 'https://hooks.internal/in')
    await user.click(within(dialog).getByRole('button', { name: words['webhooks.addEndpoint'] }))
    if (where === 'url') await waitFor(() => expect(url).toHaveAccessibleDescription(text))
    else await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain(text))
  })

  it.each([
    ['de', de['server.verifyFirst']],
    ['en', VERIFY_FIRST],
  ])(
    'Roll secret on a page in %s says VERIFY_EMAIL_FIRST in German by its code, in English as the server wrote it, and reveals nothing',
    async (lang, text) => {
      mockApi({
        [CAPS]: { body: { features: ['webhooks'] } },
        [TYPES]: { body: CATALOG },
        [LIST]: { body: { endpoints: [endpoint(1)], needsSecretRoll: false } },
        [`POST ${HOOKS}/secret/roll`]: { status: 403, body: { message: VERIFY_FIRST, code: 'VERIFY_EMAIL_FIRST' } },
      })
      const { q } = mount({ 'project-id': 'prj_7', lang })
      const words = (lang === 'de' ? de : enWebhooks) as Record<string, string>
      const user = userEvent.setup()
      await user.click(await q.findByRole('button', { name: words['webhooks.rollSecret'] }))
      const dialog = q.getByRole('dialog', { name: words['webhooks.roll.title'] })
      await user.click(within(dialog).getByRole('button', { name: words['webhooks.rollSecret'] }))
      await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain(text))
      expect(q.queryByRole('dialog', { name: words['webhooks.secret.title'] })).not.toBeInTheDocument()
    },
  )

  it.each([
    ['de', de['server.verifyFirst']],
    ['en', VERIFY_FIRST],
  ])('Edit to a new address on a page in %s says VERIFY_EMAIL_FIRST in German by its code, and keeps the address typed', async (lang, text) => {
    mockApi({
      [CAPS]: { body: { features: ['webhooks'] } },
      [TYPES]: { body: CATALOG },
      [LIST]: { body: { endpoints: [endpoint(1)], needsSecretRoll: false } },
      [`PATCH ${HOOKS}/ep_1`]: { status: 403, body: { message: VERIFY_FIRST, code: 'VERIFY_EMAIL_FIRST' } },
    })
    const { q } = mount({ 'project-id': 'prj_7', lang })
    const words = (lang === 'de' ? de : enWebhooks) as Record<string, string | ((v: { url: string }) => string)>
    const label = words['webhooks.endpoints.manageLabel'] as (v: { url: string }) => string
    const user = userEvent.setup()
    await user.click(await q.findByRole('button', { name: label({ url: 'https://hooks.example.com/1' }) }))
    await user.click(q.getByRole('button', { name: words['webhooks.panel.edit'] as string }))
    const dialog = q.getByRole('dialog', { name: words['webhooks.endpoint.editTitle'] as string })
    const url = within(dialog).getByLabelText(words['webhooks.endpoint.url'] as string)
    fireEvent.change(url, { target: { value: 'https://hooks.example.com/moved' } })
    await user.click(within(dialog).getByRole('button', { name: words['webhooks.endpoint.save'] as string }))
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain(text))
    expect(url).toHaveValue('https://hooks.example.com/moved')
  })

  it('says so against a server without webhooks, and calls nothing of theirs', async () => {
    const api = mockApi({})
    const { q } = mount()
    expect(await q.findByText(NOT_OFFERED)).toBeInTheDocument()
    expect(api.calls.map((c) => c.url)).toEqual(['/api/capabilities'])
  })
})
