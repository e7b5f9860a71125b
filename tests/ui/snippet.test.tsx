/**
 * <flex-snippet> as a host page uses it: the real element around the host's
 * own code, one shared store for every snippet on the page.
 */
import { act, fireEvent, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { store } from '../../src/store'
import { mountElement, resetStore, shadow, signInAs } from './helpers'
import { json, mockApi } from './helpers/api-mock'
import { detail, keyEntry, stubClipboard, summary } from './helpers/dashboard'

afterEach(() => {
  vi.unstubAllGlobals()
  resetStore()
})

const CODE = 'curl /v1/projects/{{projectId}}/ping -H "Authorization: Bearer {{apiKey}}" -H "X-Api-Project: {{apiProjectId}}"'
const filled = (projectId: string, apiProjectId: string, apiKey: string) =>
  `curl /v1/projects/${projectId}/ping -H "Authorization: Bearer ${apiKey}" -H "X-Api-Project: ${apiProjectId}"`

/** A snippet around a Prism-like block, where `{{apiKey}}` is split over three tokens. */
function mountSnippet(): HTMLElement {
  const el = mountElement('flex-snippet')
  el.innerHTML = `<pre><code>${CODE.replace('{{apiKey}}', '<span class="token punctuation">{{</span><span class="token variable">apiKey</span><span class="token punctuation">}}</span>')}</code></pre>`
  return el
}

const code = (el: HTMLElement) => el.querySelector('pre')!.textContent

/** Two projects; prj_2 is the newer one. keys[] with maskedKey, as a server with that extra sends it. */
function stubProjects() {
  return mockApi({
    'GET /api/manage/dapp/owner': { body: [summary(1, { createDate: '2024-01-01T00:00:00.000Z' }), summary(2, { createDate: '2024-02-01T00:00:00.000Z' })] },
    'GET /api/manage/dapp/prj_1': {
      body: {
        ...detail(1, { apid_1a: 'fxk_…aaaa', apid_1b: 'fxk_…bbbb' }),
        keys: [keyEntry('apid_1a', 'Production', 'fxk_…aaaa'), keyEntry('apid_1b', 'Staging', 'fxk_…bbbb')],
        keyLimit: 20,
      },
    },
    'GET /api/manage/dapp/prj_2': { body: detail(2, { apid_2: 'fxk_…2222' }) },
  })
}

describe('<flex-snippet>', () => {
  it('signed out: stand-ins in the host code, a log-in hint, and no call', async () => {
    const api = mockApi({})
    const el = mountSnippet()
    await waitFor(() => expect(code(el)).toBe(filled('YOUR_PROJECT_ID', 'YOUR_API_PROJECT_ID', 'YOUR_API_KEY')))
    expect(shadow(el).getByText('Log in to fill in your keys')).toBeInTheDocument()
    expect(shadow(el).queryByRole('combobox')).not.toBeInTheDocument()
    // The highlighter's tokens are still there; the value went into the name token.
    expect(el.querySelector('.token.variable')!.textContent).toBe('YOUR_API_KEY')
    expect(api.calls).toHaveLength(0)
  })

  it('signed in after a reload: the newest project, YOUR_API_KEY and "Create or roll a key to paste it here"', async () => {
    stubProjects()
    signInAs()
    const el = mountSnippet()
    await waitFor(() => expect(code(el)).toBe(filled('prj_2', 'apid_2', 'YOUR_API_KEY')))
    expect(shadow(el).getByText('Create or roll a key to paste it here')).toBeInTheDocument()
    expect((shadow(el).getByRole('combobox', { name: 'Project' }) as HTMLSelectElement).value).toBe('prj_2')
  })

  it('never writes a masked key into the code, and Copy says the copy holds a placeholder', async () => {
    stubProjects()
    signInAs()
    const writeText = stubClipboard()
    store.getState().pickSnippetProject('prj_1')
    const el = mountSnippet()
    await waitFor(() => expect(code(el)).toBe(filled('prj_1', 'apid_1a', 'YOUR_API_KEY')))
    // Keys by name, then a short id.
    await waitFor(() =>
      expect(Array.from((shadow(el).getByRole('combobox', { name: 'API key' }) as HTMLSelectElement).options).map((o) => o.textContent)).toEqual([
        'Production · apid_1a',
        'Staging · apid_1b',
      ]),
    )
    fireEvent.click(shadow(el).getByRole('button', { name: 'Copy' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(filled('prj_1', 'apid_1a', 'YOUR_API_KEY')))
    expect(await shadow(el).findByText('Copied, with YOUR_API_KEY as a placeholder')).toBeInTheDocument()
    expect(shadow(el).queryByText('Successfully copied')).not.toBeInTheDocument()
  })

  it('offers no key that has expired or been rolled away, even one whose whole key this page holds', async () => {
    const past = '2024-01-01T00:00:00.000Z'
    type Served = { id: string; name: string; expiresAt: string | null; rolledAt: string | null }
    let keys: Served[] = [
      { id: 'apid_live', name: 'Production', expiresAt: null, rolledAt: null },
      { id: 'apid_gone', name: 'Old', expiresAt: past, rolledAt: null },
    ]
    mockApi({
      'GET /api/manage/dapp/owner': { body: [summary(1)] },
      'GET /api/manage/dapp/prj_1': () =>
        json({ ...detail(1, Object.fromEntries(keys.map((k) => [k.id, 'fxk_…']))), keys: keys.map((k) => keyEntry(k.id, k.name, 'fxk_…', k)), keyLimit: 20 }),
    })
    signInAs()
    store.getState().rememberRevealedKeys('prj_1', { apid_live: 'fxk_whole_live' })
    const el = mountSnippet()
    await waitFor(() => expect(code(el)).toBe(filled('prj_1', 'apid_live', 'fxk_whole_live')))
    const options = () => Array.from((shadow(el).getByRole('combobox', { name: 'API key' }) as HTMLSelectElement).options).map((o) => o.value)
    await waitFor(() => expect(options()).toEqual(['apid_live']))
    // A roll with "Now": the old key is rolled away and ends; its successor's whole key arrives.
    keys = [
      { id: 'apid_live', name: 'Production', expiresAt: new Date(Date.now() + 60_000).toISOString(), rolledAt: new Date().toISOString() },
      { id: 'apid_next', name: 'Production', expiresAt: null, rolledAt: null },
      keys[1],
    ]
    store.getState().rememberRevealedKeys('prj_1', { apid_next: 'fxk_whole_next' })
    await waitFor(() => expect(code(el)).toBe(filled('prj_1', 'apid_next', 'fxk_whole_next')))
    await waitFor(() => expect(options()).toEqual(['apid_next']))
    // Picking the old key by hand (another snippet's stale pick) still does not fill it in.
    store.getState().pickSnippetProject('prj_1', 'apid_live')
    await waitFor(() => expect(code(el)).toBe(filled('prj_1', 'apid_next', 'fxk_whole_next')))
  })

  it('a key created on this page fills in whole, and every snippet shares one set of requests', async () => {
    const api = stubProjects()
    signInAs()
    const [a, b] = [mountSnippet(), mountSnippet()]
    await waitFor(() => expect(code(b)).toContain('apid_2'))
    store.getState().rememberRevealedKeys('prj_1', { apid_new: 'fxk_whole_new_key' })
    for (const el of [a, b]) await waitFor(() => expect(code(el)).toBe(filled('prj_1', 'apid_new', 'fxk_whole_new_key')))
    expect(shadow(a).queryByText('Create or roll a key to paste it here')).not.toBeInTheDocument()
    // The key list now holds the project's other keys and the new one.
    await waitFor(() =>
      expect(
        shadow(a)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Project 1', 'Project 2', 'Production · apid_1a', 'Staging · apid_1b', 'apid_new']),
    )
    expect(api.callsTo('GET /api/manage/dapp/prj_2')).toHaveLength(1)
    expect(api.callsTo('GET /api/manage/dapp/owner').length).toBeLessThanOrEqual(2)
  })

  it('picking a project or a key in one snippet re-renders every snippet', async () => {
    stubProjects()
    signInAs()
    const [a, b] = [mountSnippet(), mountSnippet()]
    await waitFor(() => expect(code(a)).toContain('prj_2'))
    fireEvent.change(shadow(a).getByRole('combobox', { name: 'Project' }), { target: { value: 'prj_1' } })
    for (const el of [a, b]) await waitFor(() => expect(code(el)).toBe(filled('prj_1', 'apid_1a', 'YOUR_API_KEY')))
    fireEvent.change(shadow(b).getByRole('combobox', { name: 'API key' }), { target: { value: 'apid_1b' } })
    for (const el of [a, b]) await waitFor(() => expect(code(el)).toBe(filled('prj_1', 'apid_1b', 'YOUR_API_KEY')))
    expect((shadow(a).getByRole('combobox', { name: 'API key' }) as HTMLSelectElement).value).toBe('apid_1b')
  })

  it('fills blocks the host renders late, and text the host rewrites', async () => {
    mockApi({})
    const el = mountElement('flex-snippet')
    await waitFor(() => expect(shadow(el).getByText('Log in to fill in your keys')).toBeInTheDocument())
    el.insertAdjacentHTML('beforeend', '<pre><code>key: <span>{{api</span><span>Key}}</span></code></pre>')
    await waitFor(() => expect(code(el)).toBe('key: YOUR_API_KEY'))
    el.querySelector('span')!.firstChild!.textContent = 'id: {{projectId}} '
    await waitFor(() => expect(code(el)).toBe('key: id: YOUR_PROJECT_ID Key}}'))
  })

  it('values are written as text: a hostile key from a response adds no element', async () => {
    mockApi({
      'GET /api/manage/dapp/owner': { body: [summary(1)] },
      'GET /api/manage/dapp/prj_1': { body: detail(1, { apid_1: 'x' }) },
    })
    signInAs()
    const el = mountSnippet()
    store.getState().rememberRevealedKeys('prj_1', { apid_1: '<img src=x onerror=alert(1)>' })
    await waitFor(() => expect(code(el)).toContain('Bearer <img src=x onerror=alert(1)>'))
    expect(el.querySelector('img')).not.toBeInTheDocument()
  })

  it('Copy copies the filled text of the block', async () => {
    mockApi({})
    const writeText = stubClipboard()
    const el = mountSnippet()
    await waitFor(() => expect(code(el)).toContain('YOUR_API_KEY'))
    fireEvent.click(shadow(el).getByRole('button', { name: 'Copy' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(filled('YOUR_PROJECT_ID', 'YOUR_API_PROJECT_ID', 'YOUR_API_KEY')))
    expect(await shadow(el).findByText('Copied, with YOUR_API_KEY as a placeholder')).toBeInTheDocument()
  })

  it('a deleted key leaves every snippet: the next key of the project takes its place', async () => {
    stubProjects()
    signInAs()
    const el = mountSnippet()
    store.getState().rememberRevealedKeys('prj_1', { apid_new: 'fxk_whole_new_key' })
    await waitFor(() => expect(code(el)).toContain('fxk_whole_new_key'))
    await waitFor(() => expect(shadow(el).getAllByRole('option')).toHaveLength(5))
    store.getState().forgetKey('prj_1', 'apid_new')
    await waitFor(() => expect(code(el)).toBe(filled('prj_1', 'apid_1a', 'YOUR_API_KEY')))
    expect(
      shadow(el)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).not.toContain('apid_new')
  })

  it("the same user's renewed session keeps the whole key; another user's forgets it", async () => {
    stubProjects()
    const as = (accessToken: string, id: string) => ({ accessToken, user: { id, name: id, email: `${id}@example.com` } })
    signInAs(as('access-token-1', 'usr_1'))
    const el = mountSnippet()
    store.getState().rememberRevealedKeys('prj_2', { apid_2: 'fxk_whole' })
    await waitFor(() => expect(code(el)).toContain('fxk_whole'))
    act(() => void store.getState().signIn(as('access-token-2', 'usr_1')))
    expect(store.getState().revealedKeys).toEqual({ prj_2: { apid_2: 'fxk_whole' } })
    act(() => void store.getState().signIn(as('access-token-3', 'usr_2')))
    expect(store.getState().revealedKeys).toEqual({})
    await waitFor(() => expect(code(el)).not.toContain('fxk_whole'))
  })

  it('signing out forgets the whole key: the stand-ins come back', async () => {
    stubProjects()
    signInAs()
    const el = mountSnippet()
    store.getState().rememberRevealedKeys('prj_2', { apid_2: 'fxk_whole' })
    await waitFor(() => expect(code(el)).toContain('fxk_whole'))
    store.getState().signOut()
    await waitFor(() => expect(code(el)).toBe(filled('YOUR_PROJECT_ID', 'YOUR_API_PROJECT_ID', 'YOUR_API_KEY')))
    expect(store.getState().revealedKeys).toEqual({})
  })
})
