/**
 * Names and texts other people choose (a team member's display name, an inviter's name and project name) in
 * the widget's sentences: a bidi override in one does not reorder the widget's words after it, a name in
 * another script does not turn the sentence's direction, and a look-alike name does not pass for another
 * member when the project is handed over.
 *
 * Two checks stand in for what a browser draws (jsdom lays nothing out):
 * - `leaks`: an explicit bidi embedding or override (U+202A–U+202E) or isolate (U+2066–U+2068) in the text
 *   that is still open at the sentence's end, i.e. one that reorders the widget's own words after the name.
 *   Text inside an element with a `dir` attribute is left out: the browser isolates it (HTML's rendering rules).
 * - the direction a sentence takes: that of its closest `dir`, the page's. A sentence of dir="auto" would
 *   take the direction of its first strong character, a name's (Hebrew, Arabic, or an unseen U+200F).
 */
import { waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Member } from '../../contract/teams'
import type { AuditEntry } from '../../src/api/audit'
import type { ManageCall } from '../../src/api/request'
import { ActivitySection } from '../../src/components/teams/ActivitySection'
import { LazyTeamSections } from '../../src/components/teams/lazy'
import { renderScreen, resetStore, shadow, signInAs } from './helpers'
import { mockApi } from './helpers/api-mock'
import { detail, renderDashboard, renderDetail } from './helpers/dashboard'
import { member } from './helpers/fixtures'

/** The element's text as the bidi algorithm sees it in one paragraph: descendants with a `dir` left out (isolated). */
function ownText(el: Element): string {
  let out = ''
  for (const n of el.childNodes) {
    if (n.nodeType === 3) out += n.textContent
    else if (n instanceof Element && !n.hasAttribute('dir') && n.localName !== 'bdi') out += ownText(n)
  }
  return out
}

/** Whether an embedding, override or isolate opened in the text is still open at its end (UAX #9 X1–X8, simplified). */
export function leaks(text: string): boolean {
  const stack: ('embed' | 'isolate')[] = []
  for (const c of text) {
    const cp = c.codePointAt(0)!
    if (cp >= 0x202a && cp <= 0x202e && cp !== 0x202c) stack.push('embed')
    else if (cp === 0x202c && stack.at(-1) === 'embed') stack.pop()
    else if (cp >= 0x2066 && cp <= 0x2068) stack.push('isolate')
    else if (cp === 0x2069 && stack.includes('isolate')) while (stack.pop() !== 'isolate');
  }
  return stack.length > 0
}

const RLO = '\u202e'

// ---------------------------------------------------------------------------------------------------------

const entry = (n: number, action: string, details: AuditEntry['details'], name: string, email = 'x@example.com'): AuditEntry => ({
  id: `aud_${n}`,
  at: '2026-11-02T10:00:00.000Z',
  actor: { id: `usr_${n}`, name, email },
  action,
  target: `x_${n}`,
  details,
})

function activity(entries: AuditEntry[]) {
  const call = (async () => ({ entries })) as unknown as ManageCall
  const r = renderScreen(<ActivitySection call={call} projectId="prj_1" />)
  return shadow(r.host)
}

/** The element that holds the sentence (the first line of the entry's cell), once the entries are drawn. */
const sentenceOf = async (q: ReturnType<typeof shadow>, start: RegExp) => {
  const table = await q.findByRole('table', { name: 'Project activity' })
  const found = () => [...table.querySelectorAll('span[data-name]')].find((e) => start.test(e.textContent ?? ''))
  await waitFor(() => expect(found(), `a sentence matching ${start}`).toBeTruthy())
  return found()!
}

describe('Activity: an actor’s name in the sentence', () => {
  it('a bidi override in a member’s name (one kept from before the server refused them) does not reorder the rest of the sentence', async () => {
    // The server refuses such a name now (contract/constants.ts CONTROL_CHARACTERS); one kept from before, or a broken server's, still comes.
    const q = activity([entry(1, 'member.removed', { email: 'grace@example.com' }, `Mallory${RLO}`, 'mallory@example.com')])
    const sentence = await sentenceOf(q, /^Mallory/)
    // Had it stayed: "Mallory.tcejorp eht morf moc.elpmaxe@ecarg devomer", the widget's words after the name mirrored.
    expect(leaks(ownText(sentence)), JSON.stringify(ownText(sentence))).toBe(false)
  })

  it('a member with a Hebrew name does not turn the English sentence right-to-left', async () => {
    // A sentence with dir="auto" would take the direction of its first strong letter, the name's, and be drawn
    // right-aligned as ".אבי כהן removed grace@example.com from the project" (the full stop jumps to the left).
    const q = activity([entry(2, 'member.removed', { email: 'grace@example.com' }, 'אבי כהן', 'avi@example.com')])
    const sentence = await sentenceOf(q, /^אבי/)
    expect(sentence.closest('[dir]')?.getAttribute('dir') ?? 'ltr', 'the direction the sentence takes: the page’s').toBe('ltr')
  })

  it('a name that starts with an invisible right-to-left mark (U+200F) does not flip the sentence either', async () => {
    const q = activity([entry(3, 'member.left', {}, '\u200fMallory', 'mallory@example.com')])
    const sentence = await sentenceOf(q, /Mallory left/)
    expect(sentence.closest('[dir]')?.getAttribute('dir') ?? 'ltr', 'the direction the sentence takes: the page’s').toBe('ltr')
  })
})

// ---------------------------------------------------------------------------------------------------------

const BASE = '/api/manage/dapp/prj_7'

function ownerPage(others: Member[]) {
  signInAs({ accessToken: 'access-token-hostile', user: { id: 'usr_me', name: 'Me', email: 'me@example.com' } })
  const list = [member('me', 'owner'), ...others]
  const api = mockApi({
    [`GET ${BASE}`]: { body: detail(7, {}, { keys: [], keyLimit: 10, role: 'owner' }) },
    'GET /api/capabilities': { body: { features: ['teams', 'project-settings'] } },
    [`GET ${BASE}/members`]: { body: list },
    [`GET ${BASE}/audit`]: { body: { entries: [] } },
    [`POST ${BASE}/owner`]: { body: list },
  })
  return { ...renderDetail('prj_7'), api }
}

describe('Transfer ownership: a member who takes another’s name', () => {
  beforeAll(async () => {
    await LazyTeamSections.chunk.load()
  })
  beforeEach(() => resetStore())

  it('the dialog names the chosen member by address, so a look-alike name cannot pass for another member', async () => {
    // Mallory (a developer) names herself "Alice (alice@example.com)" and pads the name with Braille blanks
    // (U+2800: the server refuses a name of blanks only, not blanks inside one; 120 characters at most).
    const spoof = `Alice (alice@example.com)${'\u2800'.repeat(94)}.`
    const alice = member('alice', 'admin', { name: 'Alice' })
    const mallory = member('mallory', 'developer', { name: spoof, email: 'mallory@evil.example' })
    const { q, api } = ownerPage([alice, mallory])
    const user = userEvent.setup()
    const zone = await q.findByRole('region', { name: 'Danger zone' })
    await user.click(await within(zone).findByRole('button', { name: 'Transfer ownership' }))
    const dialog = q.getByRole('dialog', { name: 'Transfer ownership' })
    const choice = within(dialog).getByLabelText('New owner')
    // The choice reads "name (address)": Mallory's option starts exactly as Alice's would, and its
    // real address comes after 94 blanks, past the end of the (truncating) select.
    const texts = within(choice)
      .getAllByRole('option')
      .map((o) => o.textContent ?? '')
    expect(texts[1].startsWith('Alice (alice@example.com)')).toBe(true)
    await user.selectOptions(choice, 'mallory')
    const said = within(dialog).getByText(/becomes the owner/)
    // By display name only, the sentence read "Alice (alice@example.com)⠀⠀⠀… becomes the owner": it names
    // the address of the member chosen too, which only one account can have.
    expect(said.textContent).toContain('mallory@evil.example')
    await waitFor(() => expect(api.callsTo(`POST ${BASE}/owner`)).toHaveLength(0))
  })
})

describe('A member’s name in the sentences of the Members dialogs', () => {
  beforeAll(async () => {
    await LazyTeamSections.chunk.load()
  })
  beforeEach(() => resetStore())

  it('is bidi-isolated: a right-to-left name ending in a number keeps the widget’s words after it in place', async () => {
    const name = '\u05d0\u05d1\u05d9 2'
    const { q } = ownerPage([member('avi', 'developer', { name })])
    const user = userEvent.setup()
    const openItem = async (item: string) => {
      await user.click(await q.findByRole('button', { name: `Actions for ${name}` }))
      await user.click(within(q.getByRole('menu')).getByRole('menuitem', { name: item }))
      return q.getByRole('dialog').querySelector('p')!.textContent
    }
    expect(await openItem('Change role')).toBe(`What may \u2068${name}\u2069 do in this project?`)
    await user.click(within(q.getByRole('dialog')).getByRole('button', { name: 'Cancel' }))
    expect(await openItem('Remove')).toBe(`\u2068${name}\u2069 loses access to this project at once.`)
  })
})

// ---------------------------------------------------------------------------------------------------------

describe('An invitation from a stranger', () => {
  beforeEach(() => resetStore())

  it('an override in the inviter’s project name does not reorder the rest of the widget’s sentence', async () => {
    signInAs({ accessToken: 'acc-hostile-inv', user: { id: 'usr_1', name: 'Ivy', email: 'ivy@example.com' } })
    mockApi({
      'GET /api/capabilities': { body: { features: ['teams'] } },
      'GET /api/manage/dapp/owner': { body: [] },
      'GET /api/invitations': {
        body: {
          emailVerified: true,
          invitations: [
            {
              id: 'mem_1',
              // Anyone may invite anyone's address; the name of their project is theirs to choose.
              project: { id: 'prj_9', name: `Weather app${RLO}` },
              role: 'viewer',
              inviter: { name: 'Olga', email: 'olga@example.com' },
              expiresAt: '2099-01-01T00:00:00.000Z',
            },
          ],
        },
      },
    })
    const { q } = renderDashboard()
    const region = await q.findByRole('region', { name: 'Invitations for you' })
    const p = within(region).getByText(/invited you to the project/)
    // Had it stayed: "Olga invited you to the project Weather app.repoleveD sa", the role's words mirrored.
    expect(leaks(ownText(p)), JSON.stringify(ownText(p))).toBe(false)
  })
})
