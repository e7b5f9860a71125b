/**
 * Memory budget (issue 6 point 5): ten elements on one page share one
 * stylesheet object and one store, and adding elements adds no stylesheet.
 * The same is measured in Chromium by `npm run bench`.
 */
import { waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { store } from '../../src/store'
import { getSharedSheet } from '../../src/styles/sheet'
import { mountElement, resetStore, shadow, signInAs, stubFetch, type FlexTag } from './helpers'

// Five of each authentication element: both read the session from the store.
const TEN: FlexTag[] = Array.from({ length: 10 }, (_, i) => (i % 2 ? 'flex-signup' : 'flex-login'))

const rendered = (el: Element) => waitFor(() => expect(el.shadowRoot?.querySelector('.flex-root'), el.localName).toBeInTheDocument())

/** Every stylesheet the page holds: in the document and in each shadow root. */
function allSheets(elements: Element[]): { adopted: CSSStyleSheet[]; styleTags: number } {
  const roots = elements.map((el) => el.shadowRoot!)
  return {
    adopted: [...document.adoptedStyleSheets, ...roots.flatMap((r) => [...r.adoptedStyleSheets])],
    styleTags: document.querySelectorAll('style').length + roots.reduce((n, r) => n + r.querySelectorAll('style').length, 0),
  }
}

beforeEach(() => {
  resetStore()
  stubFetch({ 'POST /api/device': { body: { accessToken: 'device-token' } } })
})
afterEach(() => vi.unstubAllGlobals())

describe('ten elements on one page', () => {
  it('all adopt the very same CSSStyleSheet object, and nothing else', async () => {
    const elements = TEN.map((tag) => mountElement(tag))
    for (const el of elements) await rendered(el)

    const sheet = getSharedSheet()
    expect(sheet).toBeInstanceOf(CSSStyleSheet)
    for (const el of elements) {
      expect(el.shadowRoot!.adoptedStyleSheets).toHaveLength(1)
      expect(el.shadowRoot!.adoptedStyleSheets[0]).toBe(sheet)
    }
    const { adopted, styleTags } = allSheets(elements)
    expect(new Set(adopted).size).toBe(1)
    expect(styleTags).toBe(0)
    expect(document.adoptedStyleSheets).toHaveLength(0)
  })

  it('adding elements adds no stylesheet', async () => {
    const first = mountElement('flex-login')
    await rendered(first)
    const before = new Set(allSheets([first]).adopted)

    const more = TEN.slice(1).map((tag) => mountElement(tag))
    for (const el of more) await rendered(el)
    const after = new Set(allSheets([first, ...more]).adopted)

    expect(after).toEqual(before)
    expect(after.size).toBe(1)
  })

  it('share one store: a sign-in or sign-out is seen by all ten at once', async () => {
    const elements = TEN.map((tag) => mountElement(tag))
    for (const el of elements) await rendered(el)
    for (const el of elements) expect(await shadow(el).findAllByRole('button', { name: /^(Log in|Sign up)$/ })).not.toHaveLength(0)

    signInAs()
    for (const el of elements) expect(await shadow(el).findByText('You are signed in.')).toBeInTheDocument()

    store.getState().signOut()
    for (const el of elements) await waitFor(() => expect(shadow(el).queryByText('You are signed in.')).not.toBeInTheDocument())
  })
})
