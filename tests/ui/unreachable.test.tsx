/**
 * A call with no answer: a server that is up but does not allow this page's
 * origin (CORS) is told apart from one that is down, by a no-cors probe of its
 * capabilities that only a running server answers (with an opaque response).
 */
import { waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { registerDevice } from '../../src/api/session'
import { at } from '../../src/api/request'
import { ApiError } from '../../src/api/errors'
import { errorMessage } from './helpers/error-text'
import { mountElement, resetStore, shadow } from './helpers'

const BASE = 'https://api.example.test/v1'
const CORS_LINE = "This page's address is not allowed by the API (CORS)."

/** fetch as a browser sees an API that refuses this origin: every CORS request fails, a no-cors one gets an opaque answer. */
const refusingOrigin = () =>
  vi.fn((_url: string, init?: RequestInit) =>
    init?.mode === 'no-cors' ? Promise.resolve({ type: 'opaque' } as Response) : Promise.reject(new TypeError('Failed to fetch')),
  )
/** fetch as a browser sees an API that is down: nothing answers. */
const down = () => vi.fn(() => Promise.reject(new TypeError('Failed to fetch')))

async function failure(run: () => Promise<unknown>): Promise<ApiError> {
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

beforeEach(resetStore)
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  document.documentElement.removeAttribute('lang')
})

describe('a call with no answer', () => {
  it("an API that refuses this page's origin: the error says CORS, and the console tells the host's developer once", async () => {
    const fetch = refusingOrigin()
    vi.stubGlobal('fetch', fetch)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const e = await failure(() => registerDevice(at(BASE + '/')))
    expect(e).toMatchObject({ kind: 'network', reason: 'error.cors', status: 0 })
    expect(errorMessage(e)).toBe(`Can't reach the server. ${CORS_LINE}`)
    expect(fetch).toHaveBeenCalledWith(`${BASE}/capabilities`, expect.objectContaining({ mode: 'no-cors', credentials: 'omit' }))
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0][0]).toMatch(/CORS_ORIGINS/)
    expect(warn.mock.calls[0][0]).toMatch(/api-base/)
    expect(warn.mock.calls[0][0]).toContain(BASE)
    // Once: every later call fails the same way, the console is not flooded.
    await failure(() => registerDevice(at(BASE)))
    expect(warn).toHaveBeenCalledTimes(1)
  })

  it("a server that is down still reads 'Can't reach the server', with no hint and no warning", async () => {
    vi.stubGlobal('fetch', down())
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const e = await failure(() => registerDevice(at(BASE)))
    expect(e).toMatchObject({ kind: 'network', reason: 'error.network' })
    expect(errorMessage(e)).toMatch(/^Can't reach the server\./)
    expect(errorMessage(e)).not.toContain('CORS')
    expect(warn).not.toHaveBeenCalled()
  })

  it('a server whose CORS request works but failed once is not blamed on CORS', async () => {
    let first = true
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        if (first) {
          first = false
          return Promise.reject(new TypeError('Failed to fetch'))
        }
        return Promise.resolve({ type: init?.mode === 'no-cors' ? 'opaque' : 'cors' } as Response)
      }),
    )
    const e = await failure(() => registerDevice(at(BASE)))
    expect(e.reason).toBe('error.network')
  })

  it("the log-in screen says it in the reader's language", async () => {
    vi.stubGlobal('fetch', refusingOrigin())
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    document.documentElement.setAttribute('lang', 'de')
    const el = mountElement('flex-login', { 'api-base': BASE })
    const q = shadow(el)
    const user = userEvent.setup()
    // The German texts and the probe are chunks fetched on first use: seconds on a loaded machine.
    const arrives = { timeout: 10_000 }
    await user.type(await q.findByLabelText('E-Mail-Adresse', {}, arrives), 'ada@example.com')
    await user.type(q.getByLabelText('Passwort'), 'correct horse')
    await user.click(q.getByRole('button', { name: 'Anmelden' }))
    const alert = () => el.shadowRoot!.querySelector('[role="alert"]')?.textContent
    await waitFor(() => expect(alert()).toContain('Die Adresse dieser Seite ist für die API nicht zugelassen (CORS).'), arrives)
  })
})
