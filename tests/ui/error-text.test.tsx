/**
 * A failed form call in the reader's language: the widget's own words by
 * their id, the server errors the widget knows by their code (field checks, the
 * password rule, its forms' refusals) in its translation, any other (another
 * code, or none) as the server wrote it.
 */
import { waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ERROR_CODES } from '../../contract/error-codes'
import { knownCode } from '../../src/i18n/server-messages'
import { LoginScreen } from '../../src/components/auth/LoginScreen'
import { LocaleContext } from '../../src/i18n'
import type { LocaleState } from '../../src/i18n/context'
import { CATALOG } from '../../src/i18n/en'
import { server } from '../../src/i18n/en/server'
import de from '../../src/i18n/locales/de'
import es from '../../src/i18n/locales/es'
import fr from '../../src/i18n/locales/fr'
import ja from '../../src/i18n/locales/ja'
import ptBR from '../../src/i18n/locales/pt-BR'
import { ProjectDetailScreen } from '../../src/elements/project-detail/ProjectDetailScreen'
import { detail } from './helpers/dashboard'
import { renderScreen, resetStore, shadow, signInAs } from './helpers'
import { mockApi, offContract } from './helpers/api-mock'

const LOCALES = { de, es, fr, ja, 'pt-BR': ptBR }

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

const refused = (message: string, code?: string) => ({ ...DEVICE, 'POST /api/auth/authenticate': { status: 401, body: { message, code } } })

describe('a failed call in the reader’s language', () => {
  it('a server error the widget knows by its code, in the bundled language', async () => {
    mockApi(refused('Incorrect e-mail or password.', 'WRONG_CREDENTIALS'))
    const messages = { ...CATALOG, 'server.wrongCredentials': 'E-Mail-Adresse oder Passwort ist falsch.' }
    const q = inLanguage(<LoginScreen />, { tag: 'de', bundled: 'de', messages })
    await logIn(q)
    // The table of known messages is a chunk: until it is here the reader sees the server's words.
    await waitFor(() => expect(q.getByRole('alert').textContent).toBe('E-Mail-Adresse oder Passwort ist falsch.'))
  })

  it("a server error the widget knows by its code, in the host's own words (strings)", async () => {
    mockApi(refused('Enter a valid e-mail address.', 'EMAIL_INVALID'))
    const q = inLanguage(<LoginScreen />, { strings: { 'server.email.invalid': 'That is not an e-mail address we can use.' } })
    await logIn(q)
    await waitFor(() => expect(q.getByRole('alert').textContent).toBe('That is not an e-mail address we can use.'))
  })

  it('any other server message stays as the server wrote it', async () => {
    mockApi(refused('Device service unavailable', 'INTERNAL_ERROR'))
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

  it('a known code is translated whatever the message says: German for a reworded English message', async () => {
    mockApi(refused('Wrong e-mail or password (as a newer server words it).', 'WRONG_CREDENTIALS'))
    const q = inLanguage(<LoginScreen />, { tag: 'de', bundled: 'de', messages: { ...CATALOG, 'server.wrongCredentials': de['server.wrongCredentials'] } })
    await logIn(q)
    await waitFor(() => expect(q.getByRole('alert').textContent).toBe('E-Mail-Adresse oder Passwort ist falsch.'))
  })

  it('an unknown code shows the server’s message', async () => {
    const reply = offContract({ status: 401, body: { message: 'Your plan does not allow this.', code: 'PLAN_LIMIT_FROM_THE_FUTURE' } })
    mockApi({ ...DEVICE, 'POST /api/auth/authenticate': reply })
    const q = inLanguage(<LoginScreen />, { tag: 'de', bundled: 'de', messages: { ...CATALOG, 'server.wrongCredentials': de['server.wrongCredentials'] } })
    await logIn(q)
    expect((await q.findByRole('alert')).textContent).toBe('Your plan does not allow this.')
  })

  it('no code (a server of the specification alone) shows the server’s message, even the reference server’s English', async () => {
    mockApi(refused('Incorrect e-mail or password.'))
    const q = inLanguage(<LoginScreen />, { tag: 'de', bundled: 'de', messages: { ...CATALOG, 'server.wrongCredentials': de['server.wrongCredentials'] } })
    await logIn(q)
    expect((await q.findByRole('alert')).textContent).toBe('Incorrect e-mail or password.')
  })

  // The limits' 429s say how long to wait, from the answer's Retry-After, in the reader's words for the unit.
  const limited = (code: string, retryAfter?: string) =>
    mockApi({
      ...DEVICE,
      'POST /api/auth/authenticate': new Response(JSON.stringify({ message: 'Too many attempts. Try again in 45 seconds.', code }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', ...(retryAfter ? { 'Retry-After': retryAfter } : {}) },
      }),
    })
  const german = {
    tag: 'de',
    bundled: 'de' as const,
    messages: {
      ...CATALOG,
      ...Object.fromEntries(
        (
          [
            'server.tooManyAttempts',
            'server.tooManyRequests',
            'server.accountUnderAttack',
            'server.restarting',
            'server.requestTimeout',
            'server.headersTooLarge',
          ] as const
        ).map((id) => [id, de[id]]),
      ),
    },
  }

  it.each([
    ['TOO_MANY_ATTEMPTS', '45', 'Zu viele Versuche. Versuchen Sie es in 45 Sekunden erneut.'],
    ['TOO_MANY_ATTEMPTS', '60', 'Zu viele Versuche. Versuchen Sie es in 1 Minute erneut.'],
    ['TOO_MANY_REQUESTS', '899', 'Zu viele Anfragen. Versuchen Sie es in 15 Minuten erneut.'],
    [
      'ACCOUNT_UNDER_ATTACK',
      '2700',
      'Zu viele Versuche für dieses Konto. Versuchen Sie es in 45 Minuten erneut oder melden Sie sich auf einem Gerät an, auf dem Sie schon einmal angemeldet waren.',
    ],
  ])('a limit’s %s with Retry-After %s s, in German with its wait', async (code, retryAfter, text) => {
    limited(code, retryAfter)
    const q = inLanguage(<LoginScreen />, german)
    await logIn(q)
    await waitFor(() => expect(q.getByRole('alert').textContent).toBe(text))
  })

  it('a limit’s wait in German on a Swiss page: its number as Switzerland writes it', async () => {
    limited('TOO_MANY_ATTEMPTS', '600000')
    const q = inLanguage(<LoginScreen />, { ...german, tag: 'de-CH' })
    await logIn(q)
    await waitFor(() => expect(q.getByRole('alert').textContent).toBe("Zu viele Versuche. Versuchen Sie es in 10'000 Minuten erneut."))
  })

  it('a limit’s refusal on a page in a language not bundled, with host strings for other texts: the server’s own words, as an English reader reads them', async () => {
    limited('TOO_MANY_ATTEMPTS', '900')
    const q = inLanguage(<LoginScreen />, { tag: 'it', strings: { 'server.email.invalid': 'Indirizzo non valido.' } })
    await logIn(q)
    // The known codes' table is fetched for host strings: once it is here, the alert is rendered again, still in the server's words.
    await import('../../src/i18n/server-messages')
    await new Promise((settled) => setTimeout(settled))
    expect((await q.findByRole('alert')).textContent).toBe('Too many attempts. Try again in 45 seconds.')
  })

  it('a limit’s refusal in the host’s own words: the wait in the page’s language', async () => {
    limited('TOO_MANY_ATTEMPTS', '900')
    const q = inLanguage(<LoginScreen />, { tag: 'it', strings: { 'server.tooManyAttempts': 'Troppi tentativi. Riprova tra {wait}.' } })
    await logIn(q)
    await waitFor(() => expect(q.getByRole('alert').textContent).toBe('Troppi tentativi. Riprova tra 15 minuti.'))
  })

  it.each([
    ['TOO_MANY_ATTEMPTS', undefined],
    ['TOO_MANY_ATTEMPTS', '-5'],
    ['TOO_MANY_ATTEMPTS', '1.5'],
    ['TOO_MANY_ATTEMPTS', '1e400'],
    ['TOO_MANY_ATTEMPTS', '0x3c'],
    ['TOO_MANY_ATTEMPTS', '0'],
    ['TOO_MANY_ATTEMPTS', 'Wed, 21 Oct 2026 07:28:00 GMT'],
    ['ACCOUNT_UNDER_ATTACK', undefined],
  ])('a %s with a Retry-After of %j (none, or not whole seconds) is no wait to say: the server’s words stay', async (code, retryAfter) => {
    limited(code, retryAfter)
    const q = inLanguage(<LoginScreen />, german)
    await logIn(q)
    await waitFor(() => expect(q.getByRole('alert')).toBeTruthy())
    await import('../../src/i18n/server-messages')
    expect(q.getByRole('alert').textContent).toBe('Too many attempts. Try again in 45 seconds.')
  })

  it('a restarting server’s 503, in German', async () => {
    mockApi({
      ...DEVICE,
      'POST /api/auth/authenticate': { status: 503, body: { message: 'The server is restarting. Please try again in a moment.', code: 'SERVER_RESTARTING' } },
    })
    const q = inLanguage(<LoginScreen />, german)
    await logIn(q)
    await waitFor(() => expect(q.getByRole('alert').textContent).toBe('Der Server wird neu gestartet. Bitte versuchen Sie es gleich noch einmal.'))
  })

  it.each([
    [
      408,
      'The request took too long to arrive. Please send it again.',
      'REQUEST_TIMEOUT',
      'Die Anfrage hat zu lange gebraucht, um anzukommen. Bitte senden Sie sie erneut.',
    ],
    [431, 'The request’s headers are too large.', 'HEADERS_TOO_LARGE', 'Die Header der Anfrage sind zu groß.'],
  ])('what the HTTP layer refuses before a route (%i), in German', async (status, message, code, text) => {
    mockApi({ ...DEVICE, 'POST /api/auth/authenticate': { status, body: { message, code } } })
    const q = inLanguage(<LoginScreen />, german)
    await logIn(q)
    await waitFor(() => expect(q.getByRole('alert').textContent).toBe(text))
  })

  it.each(Object.entries(LOCALES))('a project gone while its page was open (PROJECT_NOT_FOUND) is said in %s when Create fails', async (tag, messages) => {
    signInAs()
    mockApi({
      'GET /api/manage/dapp/prj_7': { body: detail(7) },
      'POST /api/manage/dapp/prj_7/api-key': { status: 404, body: { message: 'Project not found.', code: 'PROJECT_NOT_FOUND' } },
    })
    const q = shadow(
      inLanguage(<ProjectDetailScreen projectId="prj_7" />, { tag, bundled: tag as LocaleState['bundled'], messages: { ...CATALOG, ...messages } }).host,
    )
    await userEvent.setup().click(await q.findByRole('button', { name: messages['keys.create'] as string }))
    await waitFor(() => expect(q.getByRole('alert')).toHaveTextContent(messages['server.project.notFound'] as string))
    expect(messages['server.project.notFound']).not.toBe(server['server.project.notFound'])
  })

  it('translates only codes of the enumeration, each to a text of its catalog area', () => {
    for (const code of ERROR_CODES) {
      const id = knownCode({ code, retryAfter: 1 })
      if (id) expect(server[id]).toBeDefined()
    }
    expect(knownCode({})).toBeUndefined()
    expect(knownCode({ code: 'Incorrect e-mail or password.' })).toBeUndefined()
  })
})
