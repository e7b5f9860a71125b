import { fireEvent, waitFor, within } from '@testing-library/react'
import { createElement } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createFlexElement } from '../../src/elements/create-element'
import { StandaloneLogin } from '../../src/components/auth/StandaloneAuth'
import { getSharedSheet } from '../../src/styles/sheet'
import { store } from '../../src/store'
import { resetStore, shadow, signInAs } from './helpers'
import { mockApi } from './helpers/api-mock'

const TAGS = ['flex-portal', 'flex-login', 'flex-signup', 'flex-projects', 'flex-project-detail', 'flex-snippet', 'flex-webhooks', 'flex-request-log'] as const

let headBefore: string

beforeAll(async () => {
  headBefore = document.head.innerHTML
  await import('../../src/script-tag')
})

afterEach(() => {
  vi.unstubAllGlobals()
  resetStore()
})

describe('the script-tag entry', () => {
  it('defines every element', () => {
    for (const tag of TAGS) expect(customElements.get(tag), tag).toBeTypeOf('function')
  })

  it('the ES module exports defineFlexElements and the element classes', async () => {
    const mod = await import('../../src/index')
    expect(Object.keys(mod.FLEX_ELEMENTS).sort()).toEqual([...TAGS].sort())
    expect(mod.FLEX_ELEMENTS['flex-login']).toBe(mod.FlexLoginElement)
    for (const cls of [
      mod.FlexPortalElement,
      mod.FlexLoginElement,
      mod.FlexSignupElement,
      mod.FlexProjectsElement,
      mod.FlexProjectDetailElement,
      mod.FlexSnippetElement,
    ]) {
      expect(cls.prototype).toBeInstanceOf(HTMLElement)
    }
  })
})

describe('every element', () => {
  it('renders into an open shadow root that adopts the one shared stylesheet; more elements add no sheet, no <style> and nothing to <head>', async () => {
    mockApi({ 'POST /api/device': { body: { accessToken: 'd' } } })
    const sheet = getSharedSheet()
    expect(sheet).toBeInstanceOf(CSSStyleSheet)
    expect([...sheet!.cssRules].map((r) => r.cssText).join('\n')).toMatch(/:host/)
    // Each tag twice: a second element of a kind is where a per-element sheet would show.
    const elements = [...TAGS, ...TAGS].map((tag) => document.body.appendChild(document.createElement(tag)))
    for (const el of elements) {
      const root = el.shadowRoot
      expect(root?.mode, el.localName).toBe('open')
      await waitFor(() => expect(root!.firstElementChild, el.localName).toBeInTheDocument())
      // toBe, not toEqual: a copy of the sheet would equal it.
      expect(root!.adoptedStyleSheets, el.localName).toHaveLength(1)
      expect(root!.adoptedStyleSheets[0], el.localName).toBe(sheet)
      expect(root!.querySelector('style'), 'no <style> copies').not.toBeInTheDocument()
    }
    expect(document.head.innerHTML).toBe(headBefore)
    expect(document.adoptedStyleSheets).toHaveLength(0)
  })

  it('share one store: a sign-in or sign-out is seen by every element at once', async () => {
    mockApi({ 'POST /api/device': { body: { accessToken: 'd' } } })
    const elements = ['flex-login', 'flex-signup', 'flex-login', 'flex-signup'].map((tag) => document.body.appendChild(document.createElement(tag)))
    for (const el of elements) expect(await shadow(el).findByRole('heading', { name: /^(Log in to|Sign up for) your account$/ })).toBeInTheDocument()
    signInAs()
    for (const el of elements) expect(await shadow(el).findByText('You are signed in.')).toBeInTheDocument()
    store.getState().signOut()
    for (const el of elements) await waitFor(() => expect(shadow(el).queryByText('You are signed in.')).not.toBeInTheDocument())
  })

  it('a stored session nested too deep to be written out again (it parses, but JSON.stringify overflows) reads as signed out: the log-in shows', async () => {
    mockApi({ 'POST /api/device': { body: { accessToken: 'd' } } })
    const depth = 200_000
    localStorage.setItem('accessData', `{"accessToken":"acc-1","user":${'['.repeat(depth)}${']'.repeat(depth)}}`)
    const el = document.body.appendChild(document.createElement('flex-login'))
    expect(await shadow(el).findByRole('heading', { name: 'Log in to your account' })).toBeInTheDocument()
    expect(store.getState().accessData).toBeNull()
  })

  it('removing an element unmounts it cleanly; adding it back renders again', async () => {
    mockApi({ 'POST /api/device': { body: { accessToken: 'd' } } })
    const el = document.body.appendChild(document.createElement('flex-login'))
    await waitFor(() => expect(el.shadowRoot!.querySelector('h2')?.textContent).toBe('Log in to your account'))
    el.remove()
    await waitFor(() => expect(el.shadowRoot!.querySelector('h2')).not.toBeInTheDocument())
    document.body.append(el)
    await waitFor(() => expect(el.shadowRoot!.querySelector('h2')?.textContent).toBe('Log in to your account'))
  })
})

describe('an element whose screen throws while rendering', () => {
  it('says something went wrong, in the reader’s language, with Try again, and the elements beside it go on', async () => {
    mockApi({ 'POST /api/device': { body: { accessToken: 'd' } } })
    // React reports what it caught: expected here, and kept out of the test's output.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let broken = true
    const Screen = () => {
      if (broken) throw new Error('a value the screen could not render')
      return createElement('p', null, 'Rendered again')
    }
    customElements.define('x-broken-screen', createFlexElement(Screen, 'flex-login'))
    const els = ['x-broken-screen', 'x-broken-screen', 'flex-login'].map((tag) => document.body.appendChild(document.createElement(tag)))
    const [first, german, login] = els
    german.setAttribute('lang', 'de')
    try {
      const alert = await shadow(first).findByRole('alert')
      expect(alert).toHaveTextContent('Something went wrong. Please try again.')
      // German arrives with its chunk.
      await waitFor(() => expect(shadow(german).getByRole('alert')).toHaveTextContent('Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.'))
      expect(await shadow(login).findByRole('heading', { name: /log in/i })).toBeInTheDocument()
      expect(logged).toHaveBeenCalled()
      // Try again renders the screen anew: once it renders, it is back.
      broken = false
      fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }))
      expect(await shadow(first).findByText('Rendered again')).toBeInTheDocument()
    } finally {
      logged.mockRestore()
      for (const el of els) el.remove()
    }
  })
})

describe('an element in a page that changes it', () => {
  const heading = (el: Element) => el.shadowRoot!.querySelector('h2')?.textContent

  it('takes a property set before the script defined it, and every later set', async () => {
    mockApi({ 'POST /api/device': { body: { accessToken: 'd' } } })
    const el = document.body.appendChild(document.createElement('x-login-defined-late')) as HTMLElement & { strings?: unknown }
    el.strings = { 'login.heading': 'First words' }
    customElements.define('x-login-defined-late', createFlexElement(StandaloneLogin, 'flex-login'))
    await waitFor(() => expect(heading(el)).toBe('First words'))
    el.strings = { 'login.heading': 'Second words' }
    await waitFor(() => expect(heading(el)).toBe('Second words'))
  })

  it('made and never added to the page, renders nothing and calls nothing; added, it renders with what was set on it meanwhile', async () => {
    const api = mockApi({ 'POST /api/device': { body: { accessToken: 'd' } } })
    const el = document.createElement('flex-login') as HTMLElement & { strings?: unknown }
    el.setAttribute('api-base', '/detached')
    el.strings = { 'login.heading': 'Set while detached' }
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(el.shadowRoot!.childElementCount).toBe(0)
    expect(api.calls).toEqual([])
    document.body.append(el)
    await waitFor(() => expect(heading(el)).toBe('Set while detached'))
    await waitFor(() => expect(api.callsTo('POST /detached/device')).toHaveLength(1))
  })

  it('forgets an attribute removed or made empty: the screen reads its default again', async () => {
    mockApi({ 'POST /api/device': { body: { accessToken: 'd' } } })
    const el = document.createElement('flex-login')
    el.setAttribute('forgot-password-url', 'https://docs.example.com/reset')
    document.body.append(el)
    const link = () =>
      shadow(el)
        .getByRole('link', { name: /forgot/i })
        .getAttribute('href')
    await waitFor(() => expect(link()).toBe('https://docs.example.com/reset'))
    el.removeAttribute('forgot-password-url')
    await waitFor(() => expect(link()).not.toBe('https://docs.example.com/reset'))
    el.setAttribute('forgot-password-url', 'https://docs.example.com/reset')
    await waitFor(() => expect(link()).toBe('https://docs.example.com/reset'))
    el.setAttribute('forgot-password-url', '')
    await waitFor(() => expect(link()).not.toBe('https://docs.example.com/reset'))
  })

  it('moved to another place on the page, keeps what was typed into it', async () => {
    mockApi({ 'POST /api/device': { body: { accessToken: 'd' } } })
    const [a, b] = [document.createElement('div'), document.createElement('div')]
    document.body.append(a, b)
    const el = a.appendChild(document.createElement('flex-login'))
    const email = await shadow(el).findByRole('textbox', { name: /email address/i })
    fireEvent.change(email, { target: { value: 'ada@example.com' } })
    b.append(el)
    await Promise.resolve()
    expect(shadow(el).getByRole('textbox', { name: /email address/i })).toHaveValue('ada@example.com')
  })
})

// Last: after resetModules, a chunk an element of the first copy fetches would
// come from a second module graph (a test artifact; a page has one registry).
describe('a second copy of the script', () => {
  it('loading it a second time does not throw, keeps the first definitions, and an element drawn after it works', async () => {
    mockApi({ 'POST /api/device': { body: { accessToken: 'd' } } })
    const first = TAGS.map((tag) => customElements.get(tag))
    vi.resetModules()
    // A second define() of a tag would throw while the script runs, and reject this import.
    await import('../../src/script-tag')
    const { defineFlexElements } = await import('../../src/index')
    expect(() => defineFlexElements()).not.toThrow()
    expect(TAGS.map((tag) => customElements.get(tag))).toEqual(first)
    const el = document.body.appendChild(document.createElement('flex-login'))
    await waitFor(() => expect(el.shadowRoot!.querySelector('h2')?.textContent).toBe('Log in to your account'))
  })
})
