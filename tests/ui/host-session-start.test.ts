/**
 * The start of an element a host signs in (issue 38): on a page that declares
 * host sign-in (`host-sign-in`, `session-url`, or `fetchSessionCode` given
 * before the script), until the page has loaded, an element given no
 * `fetchSessionCode` yet shows nothing, then its loading state if the wait
 * lasts, never its log-in, since the host's script may still give it one.
 * Any other page's elements render while the page loads (issue 48).
 */
import { waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { store } from '../../src/store'
import { forgetDeviceToken } from '../../src/store/session'
import { resetStore, shadow } from './helpers'
import { mockApi } from './helpers/api-mock'

const PROMPT = 'Log in to see your projects.'
const ACCESS = { accessToken: 'acc-host', tokenType: 'Bearer', expiresAt: '2030-01-01T00:00:00Z', user: { id: 'usr_1', name: 'Grace', email: '' } }

let readyState: DocumentReadyState = 'complete'
beforeAll(async () => {
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => readyState })
  await import('../../src/script-tag')
})
beforeEach(() => {
  resetStore()
  forgetDeviceToken()
  readyState = 'loading'
})
afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
  readyState = 'complete'
})

/** Every text the element's shadow root held, at each change. */
function textsOf(el: Element): string[] {
  const seen = [el.shadowRoot!.textContent ?? '']
  new MutationObserver(() => seen.push(el.shadowRoot!.textContent ?? '')).observe(el.shadowRoot!, { childList: true, subtree: true, characterData: true })
  return seen
}

/** A <flex-projects> on a page that declares host sign-in by its switch. */
const declaredProjects = () => {
  const el = document.createElement('flex-projects')
  el.setAttribute('host-sign-in', '')
  return document.body.appendChild(el)
}

/** As a browser ends a page's load: 'load', then 'pageshow' once every load listener has run. */
const finishLoading = () => {
  readyState = 'complete'
  window.dispatchEvent(new Event('load'))
  window.dispatchEvent(new Event('pageshow'))
}

describe('an element before the page has loaded, on a page that declares host sign-in', () => {
  it('given fetchSessionCode after it started, shows its loading state, then signs in, never the log-in prompt', async () => {
    mockApi({ 'POST /api/device': { status: 201, body: { accessToken: 'dev-1' } }, 'POST /api/auth/exchange': { body: ACCESS } })
    const el = declaredProjects()
    const texts = textsOf(el)
    expect(await shadow(el).findByRole('status')).toHaveTextContent('Loading…')
    // The host's script, a while later in the page's load.
    ;(el as unknown as { fetchSessionCode: () => Promise<string> }).fetchSessionCode = async () => 'fxc_code'
    await waitFor(() => expect(store.getState().hostSignIn).toBe('done'))
    finishLoading()
    await waitFor(() => expect(shadow(el).queryByText('Loading…')).not.toBeInTheDocument())
    expect(texts.join('\n')).not.toContain(PROMPT)
  })

  it('given neither fetchSessionCode nor session-url, waits for the load, then falls back to its log-in', async () => {
    const el = declaredProjects()
    const texts = textsOf(el)
    expect(await shadow(el).findByRole('status')).toHaveTextContent('Loading…')
    // 'interactive' (the parser is done, images still arriving) is not yet loaded.
    readyState = 'interactive'
    document.dispatchEvent(new Event('readystatechange'))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(texts.join('\n')).not.toContain(PROMPT)
    finishLoading()
    expect(await shadow(el).findByText(PROMPT)).toBeInTheDocument()
  })

  it('a host that gives it in its own load listener is heard before any log-in', async () => {
    mockApi({ 'POST /api/device': { status: 201, body: { accessToken: 'dev-1' } }, 'POST /api/auth/exchange': { body: ACCESS } })
    const el = declaredProjects()
    const texts = textsOf(el)
    await shadow(el).findByRole('status')
    window.addEventListener('load', () => ((el as unknown as { fetchSessionCode: () => Promise<string> }).fetchSessionCode = async () => 'fxc_code'), {
      once: true,
    })
    finishLoading()
    await waitFor(() => expect(store.getState().hostSignIn).toBe('done'))
    expect(texts.join('\n')).not.toContain(PROMPT)
  })

  it("declared on an element inside the host's own shadow root, which the page's query cannot see: that element waits all the same", async () => {
    const wrapper = document.body.appendChild(document.createElement('div')).attachShadow({ mode: 'open' })
    const el = document.createElement('flex-projects')
    el.setAttribute('host-sign-in', '')
    wrapper.append(el)
    const texts = textsOf(el)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(el.shadowRoot!.textContent).toBe('')
    finishLoading()
    expect(await shadow(el).findByText(PROMPT)).toBeInTheDocument()
    expect(texts.join('\n')).not.toContain('Loading…')
  })

  it('on a page that loads at once, shows its log-in as the first thing, with no loading state before it', async () => {
    const el = declaredProjects()
    const texts = textsOf(el)
    // A turn for the element to render before the load ends: it shows nothing yet.
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(el.shadowRoot!.textContent).toBe('')
    finishLoading()
    expect(await shadow(el).findByText(PROMPT)).toBeInTheDocument()
    expect(texts.join('\n')).not.toContain('Loading…')
  })

  it('once the page has loaded, an element added later shows its log-in at once', async () => {
    readyState = 'complete'
    const el = document.body.appendChild(document.createElement('flex-projects'))
    expect(await shadow(el).findByText(PROMPT)).toBeInTheDocument()
  })
})

describe('an element before the page has loaded, on a page that declares no host sign-in', () => {
  it('shows its log-in while the page is still loading, with no loading state before it, and again nothing changes at the load', async () => {
    const el = document.body.appendChild(document.createElement('flex-projects'))
    expect(await shadow(el).findByText(PROMPT)).toBeInTheDocument()
    expect(document.readyState).toBe('loading')
    const texts = textsOf(el)
    finishLoading()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(texts).toHaveLength(1)
    expect(texts[0]).toContain(PROMPT)
    expect(texts.join('\n')).not.toContain('Loading…')
  })

  it.each([
    ['session-url on another element', (other: HTMLElement) => other.setAttribute('session-url', '/portal-session')],
    ['fetchSessionCode given to another element', (other: HTMLElement) => Object.assign(other, { fetchSessionCode: async () => 'fxc_code' })],
  ])('waits for the load when the page declares it by %s', async (_, declare) => {
    mockApi({
      'POST /api/device': { status: 201, body: { accessToken: 'dev-1' } },
      'POST /api/portal-session': { body: { code: 'fxc_code' } },
      'POST /api/auth/exchange': { body: ACCESS },
    })
    declare(document.body.appendChild(document.createElement('flex-project-detail')))
    const el = document.body.appendChild(document.createElement('flex-projects'))
    const texts = textsOf(el)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(texts.join('\n')).not.toContain(PROMPT)
    finishLoading()
    await waitFor(() => expect(el.shadowRoot!.textContent).not.toBe(''))
  })
})
