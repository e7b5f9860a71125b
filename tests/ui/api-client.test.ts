import { afterEach, describe, expect, it, vi } from 'vitest'
import { authenticate, register, registerDevice } from '../../src/api/session'
import { createKey, deleteKey } from '../../src/api/api-keys'
import { createProject, getProject, listProjects } from '../../src/api/projects'
import { ApiError } from '../../src/api/errors'
import { errorMessage } from './helpers/error-text'
import { at, DEFAULT_TIMEOUT_MS, request, type ManageCall } from '../../src/api/request'
import { mockApi, offContract, type ApiCall } from './helpers/api-mock'

/** The session's caller as useManageApi makes it, without its 401 handling: base and access token 'acc'. */
const session =
  (base: string): ManageCall =>
  (opts) =>
    request({ ...opts, base, token: 'acc' })

const BASE = 'https://api.example.test/v1'
const project = { id: 'p 1', name: 'Shop', description: 'Web shop', createDate: '2024-05-01', status: 'ACTIVE', apiKey: { k1: 'sk_…abcd' } }

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** Every call the client makes, with what it must send. */
const cases: {
  name: string
  run: () => Promise<unknown>
  reply: unknown
  method: string
  url: string
  auth: string | undefined
  body: unknown
  result: unknown
}[] = [
  {
    name: 'registerDevice',
    run: () => registerDevice(at(BASE)),
    reply: { accessToken: 'device-tok' },
    method: 'POST',
    url: `${BASE}/device`,
    auth: undefined,
    body: {
      deviceUDID: expect.stringMatching(/\S/),
      pushToken: '',
      timeZone: 'EST',
      appVersion: expect.stringMatching(/^\d+\.\d+\.\d+/),
      osVersion: '14',
      deviceType: 'WEB',
      userId: '',
      deviceModel: '',
      country: '',
      language: '',
    },
    result: 'device-tok',
  },
  {
    name: 'register',
    run: () => register(at(BASE), 'device-tok', { name: 'Ada', email: 'ada@example.com', password: 'pw-123456' }),
    reply: { accessToken: 'acc', extra: 1 },
    method: 'POST',
    url: `${BASE}/register`,
    auth: 'Bearer device-tok',
    body: { name: 'Ada', email: 'ada@example.com', password: 'pw-123456' },
    result: { accessToken: 'acc', extra: 1 },
  },
  {
    name: 'authenticate',
    run: () => authenticate(at(BASE), 'device-tok', { email: 'ada@example.com', password: 'pw-123456' }),
    reply: { accessToken: 'acc', user: { id: 1 } },
    method: 'POST',
    url: `${BASE}/auth/authenticate`,
    auth: 'Bearer device-tok',
    body: { email: 'ada@example.com', password: 'pw-123456' },
    result: { accessToken: 'acc', user: { id: 1 } },
  },
  {
    name: 'createProject',
    run: () => createProject(session(BASE), { name: 'Shop', description: 'Web shop' }),
    reply: { ...project, webhookSecret: 'whsec' },
    method: 'POST',
    url: `${BASE}/manage/dapp`,
    auth: 'Bearer acc',
    body: { name: 'Shop', description: 'Web shop' },
    result: { ...project, webhookSecret: 'whsec' },
  },
  {
    name: 'listProjects',
    run: () => listProjects(session(BASE)),
    reply: [project],
    method: 'GET',
    url: `${BASE}/manage/dapp/owner`,
    auth: 'Bearer acc',
    body: undefined,
    result: [{ id: 'p 1', name: 'Shop', description: 'Web shop', createDate: '2024-05-01', status: 'ACTIVE' }],
  },
  {
    name: 'getProject',
    run: () => getProject(session(BASE), 'p 1'),
    reply: project,
    method: 'GET',
    url: `${BASE}/manage/dapp/p%201`,
    auth: 'Bearer acc',
    body: undefined,
    result: project,
  },
  {
    name: 'createKey',
    run: () => createKey(session(BASE), 'p 1'),
    reply: { k2: 'sk_new' },
    method: 'POST',
    url: `${BASE}/manage/dapp/p%201/api-key`,
    auth: 'Bearer acc',
    body: undefined,
    result: { k2: 'sk_new' },
  },
  {
    name: 'deleteKey',
    run: () => deleteKey(session(BASE), 'p 1', 'k/1'),
    reply: { deleted: 'k/1' },
    method: 'DELETE',
    url: `${BASE}/manage/dapp/p%201/api-key/k%2F1`,
    auth: 'Bearer acc',
    body: undefined,
    result: undefined,
  },
]

function only(calls: ApiCall[]): ApiCall {
  expect(calls).toHaveLength(1)
  return calls[0]
}

describe('the eight calls', () => {
  it.each(cases)('$name: method, URL under api-base, body, Authorization', async (c) => {
    const api = mockApi({ [`${c.method} ${new URL(c.url).pathname}`]: { body: c.reply } })
    await expect(c.run()).resolves.toEqual(c.result)
    const call = only(api.calls)
    expect(call.method).toBe(c.method)
    expect(call.url).toBe(c.url)
    expect(call.headers.authorization).toBe(c.auth)
    expect(call.body).toEqual(c.body)
    expect(call.headers['content-type']).toBe(c.body === undefined ? undefined : 'application/json')
  })

  it('the device payload carries exactly the ten placeholder fields', async () => {
    const api = mockApi({ 'POST /api/device': { body: { accessToken: 't' } } })
    await registerDevice(at('/api'))
    expect(Object.keys(only(api.calls).body as object).sort()).toEqual(
      ['appVersion', 'country', 'deviceModel', 'deviceType', 'deviceUDID', 'language', 'osVersion', 'pushToken', 'timeZone', 'userId'].sort(),
    )
  })

  it('joins a relative api-base with or without a trailing slash', async () => {
    const api = mockApi({ 'POST /api/device': { body: { accessToken: 't' } } })
    await registerDevice(at('/api/'))
    await registerDevice(at('/api'))
    expect(api.calls.map((c) => c.url)).toEqual(['/api/device', '/api/device'])
  })

  it('sends an empty project name or description as undefined', async () => {
    const api = mockApi({ 'POST /api/manage/dapp': { body: { ...project, webhookSecret: 'whsec' } } })
    await createProject(session('/api'), { name: '', description: '' })
    expect(only(api.calls).body).toEqual({})
  })

  it('never sends cookies: the bearer token is the only credential', async () => {
    const api = mockApi({ 'GET /api/manage/dapp/owner': { body: [] } })
    await listProjects(session('/api'))
    expect(only(api.calls).credentials).toBe('omit')
  })
})

/** The rejection of `run`, checked to be an ApiError with a readable message. */
async function failure(run: () => Promise<unknown>): Promise<ApiError> {
  const error = await run().then(
    () => {
      throw new Error('expected the call to fail')
    },
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  const apiError = error as ApiError
  const shown = errorMessage(apiError)
  expect(shown).not.toMatch(/\[object Object\]|undefined|null/)
  expect(shown.length).toBeGreaterThan(5)
  return apiError
}

describe("failures become typed errors: a code the widget words, or the server's message", () => {
  it('network: fetch rejects', async () => {
    mockApi({ 'POST /api/device': () => Promise.reject(new TypeError('Failed to fetch')) })
    const e = await failure(() => registerDevice(at('/api')))
    expect(e.kind).toBe('network')
    expect(e.status).toBe(0)
    expect(e.reason).toBe('error.network')
    expect(errorMessage(e)).toMatch(/reach the server/i)
  })

  /** A server that never answers: the fetch settles only when it is aborted. */
  const hanging = (key: string) =>
    mockApi({
      [key]: (call) =>
        new Promise<Response>((_resolve, reject) => call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    })

  it('timeout: a short timeoutMs', async () => {
    hanging('GET /api/manage/dapp/owner')
    const e = await failure(() => request({ base: '/api', method: 'GET', path: '/manage/dapp/owner', timeoutMs: 20 }))
    expect(e.kind).toBe('timeout')
    expect(errorMessage(e)).toMatch(/too long/i)
  })

  it(`timeout: every call gives up after ${DEFAULT_TIMEOUT_MS} ms`, async () => {
    vi.useFakeTimers()
    hanging('POST /api/auth/authenticate')
    const pending = failure(() => authenticate(at('/api'), 'd', { email: 'a@b.c', password: 'x' }))
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1)
    let settled = false
    void pending.finally(() => (settled = true))
    await Promise.resolve()
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect((await pending).kind).toBe('timeout')
  })

  /** A server whose answer starts and stops halfway: its body ends only when the request is aborted, as fetch's does. */
  const stalling = () => {
    const calls: string[] = []
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push(url)
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('[{"id":"prj_1",'))
          init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')))
        },
      })
      return Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }))
    })
    return calls
  }

  it('timeout: a body that stops coming is timed too', async () => {
    stalling()
    const e = await failure(() => request({ base: '/api', method: 'GET', path: '/manage/dapp/owner', timeoutMs: 20 }))
    expect(e.kind).toBe('timeout')
    expect(errorMessage(e)).toMatch(/too long/i)
  })

  it('aborted by the caller while the body comes: kind aborted', async () => {
    const calls = stalling()
    const controller = new AbortController()
    const pending = failure(() => listProjects(session('/api'), controller.signal))
    await vi.waitFor(() => expect(calls).toEqual(['/api/manage/dapp/owner']))
    controller.abort()
    expect((await pending).kind).toBe('aborted')
  })

  it('aborted by the caller: kind aborted, not timeout', async () => {
    hanging('GET /api/manage/dapp/owner')
    const controller = new AbortController()
    const pending = failure(() => listProjects(session('/api'), controller.signal))
    controller.abort()
    expect((await pending).kind).toBe('aborted')
  })

  it('non-JSON body on success', async () => {
    mockApi({ 'GET /api/manage/dapp/owner': offContract(() => new Response('<html>gateway</html>', { status: 200 })) })
    const e = await failure(() => listProjects(session('/api')))
    expect(e.kind).toBe('parse')
    expect(errorMessage(e)).toMatch(/could not be read/i)
  })

  it('non-JSON body on an error status', async () => {
    mockApi({ 'POST /api/auth/authenticate': offContract(() => new Response('Bad Gateway', { status: 502 })) })
    const e = await failure(() => authenticate(at('/api'), 'd', { email: 'a@b.c', password: 'x' }))
    expect(e.kind).toBe('http')
    expect(e.status).toBe(502)
    expect(errorMessage(e)).toMatch(/status 502/)
  })

  it("error status with the server's message", async () => {
    mockApi({ 'POST /api/auth/authenticate': { status: 401, body: { message: 'Invalid email or password' } } })
    const e = await failure(() => authenticate(at('/api'), 'd', { email: 'a@b.c', password: 'x' }))
    expect(e).toMatchObject({ kind: 'http', status: 401, message: 'Invalid email or password' })
    expect(e.reason).toBeUndefined()
    expect(errorMessage(e)).toBe('Invalid email or password')
  })

  it.each([
    ['no body', ''],
    ['an empty object', '{}'],
    ['an object message', '{"message":{"code":1}}'],
    ['an array', '[1]'],
    ['a blank message', '{"message":"   "}'],
  ])('error status with %s: a generic message with the status', async (_, text) => {
    mockApi({ 'POST /api/register': offContract(() => new Response(text, { status: 409 })) })
    const e = await failure(() => register(at('/api'), 'd', { name: 'A', email: 'a@b.c', password: 'x' }))
    expect(e).toMatchObject({ kind: 'http', status: 409, reason: 'error.status' })
    expect(errorMessage(e)).toMatch(/status 409/)
  })

  it('a success body of the wrong shape', async () => {
    mockApi({ 'POST /api/device': offContract({ body: { token: 'not-the-field' } }) })
    const e = await failure(() => registerDevice(at('/api')))
    expect(e.kind).toBe('parse')
  })

  it('a project list that is not an array', async () => {
    mockApi({ 'GET /api/manage/dapp/owner': offContract({ body: { items: [] } }) })
    expect((await failure(() => listProjects(session('/api')))).kind).toBe('parse')
  })

  it('the text of a failure never prints [object Object] for foreign errors', () => {
    expect(errorMessage({ message: { nested: true } })).not.toMatch(/object Object/)
    expect(errorMessage(new Error('boom'))).toMatch(/went wrong/)
    expect(errorMessage(undefined)).toMatch(/went wrong/)
  })

  it('keeps the server message printable and short', async () => {
    mockApi({ 'POST /api/auth/authenticate': { status: 400, body: { message: 'bad\u0000\nthing' + 'x'.repeat(1000) } } })
    const e = await failure(() => authenticate(at('/api'), 'd', { email: 'a@b.c', password: 'x' }))
    expect(e.message).not.toMatch(/[\u0000-\u001f]/)
    expect(e.message.length).toBeLessThanOrEqual(300)
  })
})
