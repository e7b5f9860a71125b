/**
 * A failed form call in the reader's language: the widget's own words by
 * their id, the server messages the widget knows (field checks, the password
 * rule, its forms' refusals) in its translation, any other as the server wrote it.
 */
import { waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EMAIL_INVISIBLE, EMAIL_NOT_A_DOMAIN, nameMessages } from '../../contract/fields'
import { knownMessage } from '../../src/i18n/server-messages'
import { profile } from '../../src/i18n/en/profile'
import { LoginScreen } from '../../src/components/auth/LoginScreen'
import { LocaleContext } from '../../src/i18n'
import type { LocaleState } from '../../src/i18n/context'
import { CATALOG } from '../../src/i18n/en'
import { server } from '../../src/i18n/en/server'
import { renderScreen, resetStore } from './helpers'
import { mockApi } from './helpers/api-mock'

const DEVICE = { 'POST /api/device': { body: { accessToken: 'device-tok' } } }

beforeEach(resetStore)
afterEach(() => vi.unstubAllGlobals())

function inLanguage(ui: ReactElement, locale: Partial<LocaleState>) {
  return renderScreen(
    <LocaleContext.Provider value={{ tag: 'en', bundled: undefined, messages: undefined, strings: undefined, dir: 'ltr', ...locale }}>
      {ui}
    </LocaleContext.Provider>,
  )
}

async function logIn(q: ReturnType<typeof renderScreen>) {
  const user = userEvent.setup()
  await user.type(q.getByLabelText('Email address'), 'ada@example.com')
  await user.type(q.getByLabelText('Password'), 'wrong horse')
  await user.click(q.getByRole('button', { name: 'Log in' }))
}

const refused = (message: string) => ({ ...DEVICE, 'POST /api/auth/authenticate': { status: 401, body: { message } } })

describe('a failed call in the reader’s language', () => {
  it('a server message the widget knows, in the bundled language', async () => {
    mockApi(refused('Incorrect e-mail or password.'))
    const messages = { ...CATALOG, 'server.wrongCredentials': 'E-Mail-Adresse oder Passwort ist falsch.' }
    const q = inLanguage(<LoginScreen />, { tag: 'de', bundled: 'de', messages })
    await logIn(q)
    // The table of known messages is a chunk: until it is here the reader sees the server's words.
    await waitFor(() => expect(q.getByRole('alert').textContent).toBe('E-Mail-Adresse oder Passwort ist falsch.'))
  })

  it("a server message the widget knows, in the host's own words (strings)", async () => {
    mockApi(refused('Enter a valid e-mail address.'))
    const q = inLanguage(<LoginScreen />, { strings: { 'server.email.invalid': 'That is not an e-mail address we can use.' } })
    await logIn(q)
    await waitFor(() => expect(q.getByRole('alert').textContent).toBe('That is not an e-mail address we can use.'))
  })

  it('any other server message stays as the server wrote it', async () => {
    mockApi(refused('Device service unavailable'))
    const q = inLanguage(<LoginScreen />, { tag: 'de', bundled: 'de', messages: { ...CATALOG } })
    await logIn(q)
    expect((await q.findByRole('alert')).textContent).toBe('Device service unavailable')
  })

  it("the widget's own words (no answer) in the reader's language", async () => {
    mockApi({ ...DEVICE, 'POST /api/auth/authenticate': () => Promise.reject(new TypeError('Failed to fetch')) })
    const q = inLanguage(<LoginScreen />, { strings: { 'error.network': 'Der Server ist nicht erreichbar.' } })
    await logIn(q)
    expect((await q.findByRole('alert')).textContent).toBe('Der Server ist nicht erreichbar.')
  })

  it('knows every server message of its catalog area by its exact English, and nothing else', () => {
    for (const [id, english] of Object.entries(server)) expect(knownMessage(english)).toBe(id)
    expect(knownMessage('Incorrect e-mail or password')).toBeUndefined()
    expect(knownMessage('Something the server says')).toBeUndefined()
  })

  it("knows the server's refusals of a name and an address word for word, as the contract words them", () => {
    const [control, blank] = nameMessages('Name')
    expect([knownMessage(control), knownMessage(blank)]).toEqual(['server.name.control', 'server.name.blank'])
    expect([knownMessage(EMAIL_INVISIBLE), knownMessage(EMAIL_NOT_A_DOMAIN)]).toEqual(['server.email.invisible', 'server.email.domain'])
    // The profile form knows the name's too, in its own chunk.
    expect([profile['profile.server.name.control'], profile['profile.server.name.blank']]).toEqual([control, blank])
  })
})
