import { waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { bundledFor, placementOf } from '../../src/i18n/language'
import { plural } from '../../src/i18n/plural'
import { keys } from '../../src/i18n/en/keys'
import { Dialog } from '../../src/components/dialog/Dialog'
import { ENGLISH, LocaleContext } from '../../src/i18n/context'
import { RollSecretDialog } from '../../src/components/webhooks/RollSecretDialog'
import { formatDate } from '../../src/format-date'
import { loadLocale } from '../../src/i18n/locales'
import { mountElement, renderScreen, resetStore, shadow, signInAs } from './helpers'
import { mockApi } from './helpers/api-mock'

const DEVICE = { 'POST /api/device': { body: { accessToken: 'device-tok' } } }

beforeEach(resetStore)
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  document.documentElement.removeAttribute('lang')
  document.documentElement.removeAttribute('dir')
})

const heading = (el: Element) => el.shadowRoot?.querySelector('h2')?.textContent
const wrapper = (el: Element) => el.shadowRoot!.querySelector('.flex-root')!

describe('which bundled language a tag reads', () => {
  it.each([
    ['de', 'de'],
    ['de-AT', 'de'],
    ['DE-ch', 'de'],
    ['pt-BR', 'pt-BR'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['ja-JP', 'ja'],
    ['fr-CA', 'fr'],
    ['es-419', 'es'],
  ])('%s → %s', (tag, bundled) => expect(bundledFor(tag)).toBe(bundled))

  it.each(['en', 'en-GB', 'nl', 'ar', 'zh-Hans', ''])('%s → English (none bundled)', (tag) => expect(bundledFor(tag)).toBeUndefined())
})

describe('where an element takes its language and direction from', () => {
  it("the element's own lang, else the nearest ancestor's, else English", () => {
    const outer = document.body.appendChild(document.createElement('section'))
    outer.setAttribute('lang', 'ja')
    const inner = outer.appendChild(document.createElement('div'))
    inner.setAttribute('lang', 'de-AT')
    const el = inner.appendChild(document.createElement('span'))
    expect(placementOf(el)).toMatchObject({ tag: 'de-AT', bundled: 'de', dir: 'ltr' })
    el.setAttribute('lang', 'pt')
    expect(placementOf(el)).toMatchObject({ tag: 'pt', bundled: 'pt-BR' })
    inner.removeAttribute('lang')
    el.removeAttribute('lang')
    expect(placementOf(el)).toMatchObject({ tag: 'ja', bundled: 'ja' })
    outer.removeAttribute('lang')
    expect(placementOf(el)).toMatchObject({ tag: 'en', bundled: undefined, dir: 'ltr' })
  })

  it('crosses a shadow root: an element inside another component follows the page around it', () => {
    const host = document.body.appendChild(document.createElement('div'))
    host.setAttribute('lang', 'fr')
    host.setAttribute('dir', 'rtl')
    const root = host.attachShadow({ mode: 'open' })
    const el = root.appendChild(document.createElement('span'))
    expect(placementOf(el)).toMatchObject({ tag: 'fr', bundled: 'fr', dir: 'rtl' })
  })

  it('a lang that is not a language tag reads as English', () => {
    const el = document.body.appendChild(document.createElement('span'))
    el.setAttribute('lang', 'not a tag!')
    expect(placementOf(el)).toMatchObject({ tag: 'en', bundled: undefined })
  })

  it('dir from the nearest ancestor that says ltr or rtl; else from an ar or he language', () => {
    const outer = document.body.appendChild(document.createElement('div'))
    const el = outer.appendChild(document.createElement('span'))
    outer.setAttribute('dir', 'rtl')
    expect(placementOf(el).dir).toBe('rtl')
    el.setAttribute('dir', 'auto') // says neither: the ancestor's holds
    expect(placementOf(el).dir).toBe('rtl')
    el.setAttribute('dir', 'ltr')
    expect(placementOf(el).dir).toBe('ltr')
    outer.removeAttribute('dir')
    el.removeAttribute('dir')
    for (const lang of ['ar', 'ar-EG', 'he', 'he-IL']) {
      el.setAttribute('lang', lang)
      expect(placementOf(el), lang).toMatchObject({ dir: 'rtl', bundled: undefined })
    }
    // An explicit dir wins over the language's own direction.
    el.setAttribute('dir', 'ltr')
    expect(placementOf(el).dir).toBe('ltr')
  })
})

describe('an element in the page', () => {
  it('reads English without any lang, and sets lang and dir on its wrapper', async () => {
    mockApi(DEVICE)
    const el = mountElement('flex-login')
    await waitFor(() => expect(heading(el)).toBe('Log in to your account'))
    expect(wrapper(el)).toHaveAttribute('lang', 'en')
    expect(wrapper(el)).toHaveAttribute('dir', 'ltr')
  })

  it('follows <html lang>, and a live change of lang re-renders it in the new language (its chunk fetched)', async () => {
    mockApi(DEVICE)
    document.documentElement.setAttribute('lang', 'de-AT')
    const el = mountElement('flex-login')
    await waitFor(() => expect(heading(el)).toBe('Bei Ihrem Konto anmelden'))
    expect(shadow(el).getByRole('checkbox', { name: 'Angemeldet bleiben' })).toBeInTheDocument()
    expect(wrapper(el)).toHaveAttribute('lang', 'de')
    el.setAttribute('lang', 'ja')
    await waitFor(() => expect(heading(el)).toBe('アカウントにログイン'))
    expect(wrapper(el)).toHaveAttribute('lang', 'ja')
    el.setAttribute('lang', 'pt-PT')
    await waitFor(() => expect(heading(el)).toBe('Entre na sua conta'))
    el.setAttribute('lang', 'en')
    await waitFor(() => expect(heading(el)).toBe('Log in to your account'))
  })

  it('lang="" says the language is unknown, as in HTML: English, whatever the page around it speaks', async () => {
    mockApi(DEVICE)
    document.documentElement.setAttribute('lang', 'de')
    const unknown = mountElement('flex-login', { lang: '' })
    const german = mountElement('flex-login')
    // Its German neighbour's texts have arrived, so a German one would show by now.
    await waitFor(() => expect(heading(german)).toBe('Bei Ihrem Konto anmelden'))
    expect(heading(unknown)).toBe('Log in to your account')
    expect(wrapper(unknown)).toHaveAttribute('lang', 'en')
  })

  it('lays out right to left in an ar or he page, its texts still English, and back on a live change of dir', async () => {
    mockApi(DEVICE)
    const page = document.body.appendChild(document.createElement('div'))
    page.setAttribute('lang', 'ar')
    const el = mountElement('flex-login', {}, page)
    await waitFor(() => expect(wrapper(el)).toHaveAttribute('dir', 'rtl'))
    expect(heading(el)).toBe('Log in to your account')
    expect(wrapper(el)).toHaveAttribute('lang', 'en')
    page.setAttribute('dir', 'ltr')
    await waitFor(() => expect(wrapper(el)).toHaveAttribute('dir', 'ltr'))
    page.setAttribute('lang', 'he')
    page.removeAttribute('dir')
    await waitFor(() => expect(wrapper(el)).toHaveAttribute('dir', 'rtl'))
  })

  it('moved under another lang or dir, reads its language and direction where it now is', async () => {
    mockApi(DEVICE)
    const [en, de, ar] = ['en', 'de', 'ar'].map((lang) => document.body.appendChild(Object.assign(document.createElement('div'), { lang })))
    ar.dir = 'rtl'
    const el = mountElement('flex-login', {}, en)
    await waitFor(() => expect(heading(el)).toBe('Log in to your account'))
    de.append(el)
    await waitFor(() => expect(heading(el)).toBe('Bei Ihrem Konto anmelden'))
    expect(wrapper(el)).toHaveAttribute('lang', 'de')
    ar.append(el)
    await waitFor(() => expect(wrapper(el)).toHaveAttribute('dir', 'rtl'))
    expect(heading(el)).toBe('Log in to your account')
  })

  it('its strings property overrides login.heading live and partially; removing it brings the catalog back', async () => {
    mockApi(DEVICE)
    const el = mountElement('flex-login') as HTMLElement & { strings?: unknown }
    await waitFor(() => expect(heading(el)).toBe('Log in to your account'))
    el.strings = { 'login.heading': 'Welcome back to Acme' }
    await waitFor(() => expect(heading(el)).toBe('Welcome back to Acme'))
    // Partial: every other text is still the catalog's.
    expect(shadow(el).getByRole('button', { name: 'Log in' })).toBeInTheDocument()
    expect(shadow(el).getByLabelText('Email address')).toBeInTheDocument()
    el.strings = { 'login.heading': 'Sign in to {product}', 'login.submit': 'Continue' }
    await waitFor(() => expect(heading(el)).toBe('Sign in to Flex'))
    expect(shadow(el).getByRole('button', { name: 'Continue' })).toBeInTheDocument()
    // A host's text wins over a bundled language too.
    el.setAttribute('lang', 'de')
    await waitFor(() => expect(shadow(el).getByLabelText('E-Mail-Adresse')).toBeInTheDocument())
    expect(heading(el)).toBe('Sign in to Flex')
    el.strings = undefined
    await waitFor(() => expect(heading(el)).toBe('Bei Ihrem Konto anmelden'))
  })

  it('leaves a name in braces that the text has no value for as written, one every object has (constructor) included', async () => {
    mockApi(DEVICE)
    const el = mountElement('flex-login') as HTMLElement & { strings?: unknown }
    el.strings = { 'login.heading': '{product} {constructor} {toString} {name}' }
    await waitFor(() => expect(heading(el)).toBe('Flex {constructor} {toString} {name}'))
  })

  it('a strings property set before the element is defined is the host’s own', async () => {
    mockApi(DEVICE)
    const el = document.createElement('flex-login') as HTMLElement & { strings?: unknown }
    el.strings = { 'login.heading': 'Early words' }
    document.body.append(el)
    await waitFor(() => expect(heading(el)).toBe('Early words'))
  })

  it('ignores a non-string value and an unknown id, each with one console warning naming it', async () => {
    mockApi(DEVICE)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const el = mountElement('flex-login') as HTMLElement & { strings?: unknown }
    await waitFor(() => expect(heading(el)).toBe('Log in to your account'))
    el.strings = { 'login.heading': 42, 'login.nonsense': 'Nobody reads me', 'login.submit': 'Go' }
    await waitFor(() => expect(shadow(el).getByRole('button', { name: 'Go' })).toBeInTheDocument())
    expect(heading(el)).toBe('Log in to your account')
    await waitFor(() => expect(warn.mock.calls.flat().join('\n')).toMatch(/"login\.nonsense"/))
    // Set again (a new object, same faults and one more): no second warning for the same fault.
    el.strings = { 'login.heading': 42, 'login.nonsense': 'Nobody reads me', 'login.other': 'Nor me', 'login.submit': 'Go!' }
    await waitFor(() => expect(shadow(el).getByRole('button', { name: 'Go!' })).toBeInTheDocument())
    // The unknown-id check runs after the catalog's ids arrive: its warning for the new fault says it has looked at this object.
    await waitFor(() => expect(warn.mock.calls.flat().join('\n')).toMatch(/"login\.other"/))
    const messages = warn.mock.calls.map((call) => String(call[0]))
    expect(messages.filter((m) => m.includes('"login.heading"'))).toHaveLength(1)
    expect(messages.filter((m) => m.includes('"login.nonsense"'))).toHaveLength(1)
    expect(messages.some((m) => m.includes('"login.submit"'))).toBe(false)
  })

  it('ignores a strings object whose reading throws (a getter, a proxy): the element still shows its own texts, with a warning', async () => {
    mockApi(DEVICE)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const el = mountElement('flex-login') as HTMLElement & { strings?: unknown }
    await waitFor(() => expect(heading(el)).toBe('Log in to your account'))
    el.strings = {
      'login.submit': 'Go',
      get 'login.heading'(): string {
        throw new Error('a host getter')
      },
    }
    await waitFor(() => expect(warn.mock.calls.flat().join('\n')).toMatch(/strings: ignored: reading it threw/))
    expect(heading(el)).toBe('Log in to your account')
    el.strings = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('a host proxy')
        },
      },
    )
    await waitFor(() => expect(shadow(el).getByRole('button', { name: 'Log in' })).toBeInTheDocument())
    expect(warn.mock.calls.flat().join('\n')).toMatch(/strings: ignored: reading it threw/)
  })
})

describe('a dialog', () => {
  it('portalled outside the screen, still lays out in its direction and language', () => {
    const r = renderScreen(
      <LocaleContext.Provider value={{ ...ENGLISH, tag: 'ar', dir: 'rtl' }}>
        <Dialog open onClose={() => undefined} title="A dialog">
          <p>Body</p>
        </Dialog>
      </LocaleContext.Provider>,
    )
    const wrapper = shadow(r.host).getByRole('dialog').closest('.flex-root')
    expect(wrapper).toHaveAttribute('dir', 'rtl')
    expect(wrapper).toHaveAttribute('lang', 'en')
  })
})

describe('texts formatted or chosen in code', () => {
  it("the webhook secret's roll offers its grace periods in the reader's language", async () => {
    const messages = await loadLocale('de')
    const r = renderScreen(
      <LocaleContext.Provider value={{ ...ENGLISH, tag: 'de', bundled: 'de', messages }}>
        <RollSecretDialog firstSecret={false} onClose={() => undefined} onRoll={async () => 'whsec_x'} />
      </LocaleContext.Provider>,
    )
    const q = shadow(r.host)
    const choices = within(q.getByRole('combobox', { name: 'Das alte Secret wird ungültig' }))
      .getAllByRole('option')
      .map((option) => option.textContent)
    expect(choices).toEqual(['Sofort', 'In 1 Stunde', 'In 24 Stunden', 'In 7 Tagen'])
  })

  it("a failed call's own words in the reader's language, on the screens beyond the log-in, such as the project list", async () => {
    mockApi({
      'GET /api/manage/dapp/owner': () => {
        throw new TypeError('offline')
      },
    })
    signInAs()
    const el = mountElement('flex-projects', { lang: 'de' })
    const unreachable = 'Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.'
    expect(await shadow(el).findByText(unreachable)).toBeInTheDocument()
    expect(shadow(el).queryByText(/Can't reach the server/)).not.toBeInTheDocument()
  })

  it.each([
    ['de-CH', "Der Projektname darf höchstens 12'345 Zeichen lang sein."],
    ['es-MX', 'El nombre del proyecto debe tener como máximo 12,345 caracteres.'],
  ])("numbers in a translated message follow the page's region too: %s", async (lang, said) => {
    const messages = (await loadLocale(bundledFor(lang)!))!
    mockApi({
      'GET /api/manage/dapp/owner': { body: [] },
      'POST /api/manage/dapp': { status: 400, body: { message: 'Project name must be at most 12345 characters.', code: 'PROJECT_NAME_TOO_LONG' } },
    })
    signInAs()
    const q = shadow(mountElement('flex-projects', { lang }))
    const user = userEvent.setup()
    await user.click(await q.findByRole('button', { name: messages['projects.add'] as string }))
    await user.click(q.getByRole('button', { name: messages['projects.add.submit'] as string }))
    expect((await q.findByRole('alert')).textContent).toContain(said)
  })

  it("dates in the reader's language", () => {
    expect(formatDate('2024-03-05T10:00:00.000Z', 'en')).toBe('Mar 5, 2024')
    expect(formatDate('2024-03-05T10:00:00.000Z', 'de')).toBe('05.03.2024')
    expect(formatDate('2024-03-05T10:00:00.000Z', 'ja')).toBe('2024/03/05')
    expect(formatDate('not a date', 'de')).toBe('not a date')
  })
})

describe('plurals', () => {
  it('go through Intl.PluralRules of the language, with its number format', () => {
    const forms = { one: '# key', other: '# keys' }
    expect(plural('en', 1, forms)).toBe('1 key')
    expect(plural('en', 0, forms)).toBe('0 keys')
    expect(plural('en', 1200, forms)).toBe('1,200 keys')
    expect(plural('de', 1200, { one: '# Schlüssel', other: '# Schlüssel' })).toBe('1.200 Schlüssel')
    // French: 0 and 1 are both "one".
    expect(plural('fr', 0, { one: '# clé', other: '# clés' })).toBe('0 clé')
    // Japanese has one form: "other".
    expect(plural('ja', 1, { one: 'never', other: '# 件' })).toBe('1 件')
    // Polish: one, few, many.
    const pl = { one: '# klucz', few: '# klucze', many: '# kluczy', other: '# klucza' }
    expect([1, 3, 5, 22].map((n) => plural('pl', n, pl))).toEqual(['1 klucz', '3 klucze', '5 kluczy', '22 klucze'])
  })

  it('usage counts, which come formatted, agree in number where the language says so: one request valid, two refused', async () => {
    for (const [lang, said] of [
      ['es', '1 válida, 2 rechazadas'],
      ['pt-BR', '1 válida, 2 recusadas'],
    ] as const) {
      const messages = (await loadLocale(lang)) as unknown as Record<string, (p: { valid: string; refused: string }) => string>
      expect(messages['usage.counts']({ valid: '1', refused: '2' }), lang).toBe(said)
    }
  })

  it('an English message picks its form by count', () => {
    const days = keys['keys.left.days']
    expect(days({ count: 1 }, { lang: 'en' })).toBe('1 day')
    expect(days({ count: 3 }, { lang: 'en' })).toBe('3 days')
  })
})
