/**
 * The reveal dialogs ('API Information', 'New API Information'): "Copy as
 * .env", and the host's own templates (the `snippets` property) as tabs.
 */
import { fireEvent, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Project } from '../../src/api/types'
import { NewKeyDialog } from '../../src/elements/project-detail/NewKeyDialog'
import { ApiInformationDialog } from '../../src/elements/projects/ApiInformationDialog'
import { readSnippets } from '../../src/components/snippets/host-snippets'
import { ENGLISH, LocaleContext } from '../../src/i18n/context'
import { mountElement, renderScreen, resetStore, shadow, signInAs, type ScreenOptions } from './helpers'
import { mockApi } from './helpers/api-mock'
import { stubClipboard } from './helpers/dashboard'

afterEach(() => {
  vi.unstubAllGlobals()
  resetStore()
})

const project: Project = {
  id: 'prj_1',
  name: 'App',
  description: '',
  createDate: '2024-01-01T00:00:00.000Z',
  status: 'active',
  apiKey: { apid_1: 'fxk_whole' },
  webhookSecret: 'whsec_1',
}

const SNIPPETS = [
  { label: 'curl', template: 'curl -H "Authorization: Bearer {{apiKey}}" /v1/{{projectId}}' },
  { label: 'Node', template: 'const pair = ["{{apiProjectId}}", "{{apiKey}}"]\nconsole.log(pair)' },
]

function renderInfo(options: ScreenOptions = {}) {
  const r = renderScreen(<ApiInformationDialog project={project} onClose={() => {}} />, options)
  return within(shadow(r.host).getByRole('dialog', { name: 'API Information' }))
}

describe('Copy as .env', () => {
  it("'API Information' copies the project, the pair and the webhook secret, one per line", async () => {
    const writeText = stubClipboard()
    const info = renderInfo()
    fireEvent.click(info.getByRole('button', { name: 'Copy as .env' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1))
    expect(writeText.mock.calls[0][0].trim().split('\n')).toEqual([
      'FLEX_PROJECT_ID=prj_1',
      'FLEX_API_PROJECT_ID=apid_1',
      'FLEX_API_KEY=fxk_whole',
      'FLEX_WEBHOOK_SECRET=whsec_1',
    ])
  })

  it("'New API Information' copies the project and the new pair, without a webhook secret", async () => {
    const writeText = stubClipboard()
    const r = renderScreen(<NewKeyDialog projectId="prj_1" keys={{ apid_2: 'fxk_new' }} onClose={() => {}} />)
    const dialog = within(shadow(r.host).getByRole('dialog', { name: 'New API Information' }))
    fireEvent.click(dialog.getByRole('button', { name: 'Copy as .env' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1))
    expect(writeText.mock.calls[0][0].trim().split('\n')).toEqual(['FLEX_PROJECT_ID=prj_1', 'FLEX_API_PROJECT_ID=apid_2', 'FLEX_API_KEY=fxk_new'])
  })
})

describe('host snippet templates', () => {
  it('show as tabs, filled with the revealed pair, each click-to-copy', async () => {
    const writeText = stubClipboard()
    const info = renderInfo({ snippets: readSnippets(SNIPPETS) })
    const tabs = info.getAllByRole('tab')
    expect(tabs.map((t) => t.textContent)).toEqual(['curl', 'Node'])
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true')
    const panel = info.getByRole('tabpanel')
    expect(panel.textContent).toContain('curl -H "Authorization: Bearer fxk_whole" /v1/prj_1')

    fireEvent.click(tabs[1])
    expect(info.getByRole('tab', { name: 'Node' })).toHaveAttribute('aria-selected', 'true')
    fireEvent.click(within(info.getByRole('tabpanel')).getByRole('button', { name: 'Copy' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('const pair = ["apid_1", "fxk_whole"]\nconsole.log(pair)'))
  })

  it('work as ARIA tabs from the keyboard: one tab in the Tab order, arrows (wrapping), Home and End move and select, each tab controls the panel', async () => {
    const three = [...SNIPPETS, { label: 'Python', template: 'key = "{{apiKey}}"' }]
    const r = renderScreen(<ApiInformationDialog project={project} onClose={() => {}} />, { snippets: readSnippets(three) })
    const info = within(shadow(r.host).getByRole('dialog', { name: 'API Information' }))
    const user = userEvent.setup()
    const tabs = info.getAllByRole('tab')
    const panel = info.getByRole('tabpanel')
    for (const tab of tabs) expect(tab).toHaveAttribute('aria-controls', panel.id)
    expect(panel.id).not.toBe('')
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1])
    const selected = () => info.getByRole('tab', { selected: true })
    tabs[0].focus()
    for (const [key, label] of [
      ['{ArrowRight}', 'Node'],
      ['{ArrowRight}', 'Python'],
      ['{ArrowRight}', 'curl'],
      ['{ArrowLeft}', 'Python'],
      ['{Home}', 'curl'],
      ['{End}', 'Python'],
    ]) {
      await user.keyboard(key)
      expect(selected()).toHaveTextContent(label)
      expect(r.root.activeElement).toBe(selected())
      expect(info.getAllByRole('tab').map((t) => t.tabIndex)).toEqual(info.getAllByRole('tab').map((t) => (t === selected() ? 0 : -1)))
    }
    expect(info.getByRole('tabpanel').textContent).toContain('key = "fxk_whole"')
  })

  it('on a right-to-left page, the arrows follow the tabs as laid out: ArrowLeft to the next tab (on its left), ArrowRight to the one before', async () => {
    const three = [...SNIPPETS, { label: 'Python', template: 'key = "{{apiKey}}"' }]
    const r = renderScreen(
      <LocaleContext.Provider value={{ ...ENGLISH, tag: 'ar', dir: 'rtl' }}>
        <ApiInformationDialog project={project} onClose={() => {}} />
      </LocaleContext.Provider>,
      { snippets: readSnippets(three) },
    )
    const info = within(shadow(r.host).getByRole('dialog', { name: 'API Information' }))
    expect(info.getByRole('tablist').closest('[dir]')).toHaveAttribute('dir', 'rtl')
    const user = userEvent.setup()
    info.getAllByRole('tab')[0].focus()
    const seen = []
    for (const key of ['{ArrowLeft}', '{ArrowLeft}', '{ArrowLeft}', '{ArrowRight}', '{ArrowRight}']) {
      await user.keyboard(key)
      seen.push(info.getByRole('tab', { selected: true }).textContent)
      expect(r.root.activeElement).toBe(info.getByRole('tab', { selected: true }))
    }
    expect(seen).toEqual(['Node', 'Python', 'curl', 'Python', 'Node'])
  })

  it('no snippets, no tabs', () => {
    expect(renderInfo().queryByRole('tablist')).not.toBeInTheDocument()
  })

  it('a template is shown as text, never parsed as HTML', () => {
    const info = renderInfo({ snippets: readSnippets([{ label: '<b>x</b>', template: '<img src=x onerror=alert(1)>{{apiKey}}' }]) })
    expect(info.getByRole('tab').textContent).toBe('<b>x</b>')
    expect(info.getByRole('tabpanel').querySelector('img, b')).not.toBeInTheDocument()
    expect(info.getByRole('tabpanel').textContent).toContain('<img src=x onerror=alert(1)>fxk_whole')
  })
})

describe('readSnippets: hostile input gives a clean list, never an error', () => {
  it('keeps only { label, template } strings, trimmed and bounded', () => {
    expect(
      readSnippets([
        { label: ' curl ', template: 'a' },
        { label: '', template: 'no label' },
        { label: 'no template' },
        { label: 1, template: 'x' },
        null,
        'string',
        [],
        { label: 'x'.repeat(500), template: 'ok' },
      ]),
    ).toEqual([
      { label: 'curl', template: 'a' },
      { label: 'x'.repeat(60), template: 'ok' },
    ])
  })

  it('anything but an array is no snippets', () => {
    for (const x of [undefined, null, 'curl', 42, { label: 'a', template: 'b' }, () => []]) expect(readSnippets(x)).toEqual([])
  })

  it('getters and proxies that throw', () => {
    const throwing = {
      get label(): string {
        throw new Error('no')
      },
      template: 'x',
    }
    const proxy = new Proxy([], {
      get: () => {
        throw new Error('trap')
      },
    })
    expect(readSnippets([{ label: 'ok', template: 'ok' }, throwing])).toEqual([{ label: 'ok', template: 'ok' }])
    expect(readSnippets(proxy)).toEqual([])
  })
})

// A whole element, signed in, through project creation to the lazily loaded
// dialog: more than a second of CPU, which a loaded machine stretches past 5 s.
describe('the snippets property on the elements', { timeout: 30_000 }, () => {
  it('takes any value without throwing, and a valid list reaches the API Information dialog as tabs', async () => {
    mockApi({ 'GET /api/manage/dapp/owner': { body: [] }, 'POST /api/manage/dapp': { status: 201, body: project } })
    signInAs()
    const el = mountElement('flex-projects')
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    for (const hostile of [
      cyclic,
      [cyclic],
      10n,
      'x',
      new Proxy([], {
        get: () => {
          throw new Error('trap')
        },
      }),
    ]) {
      expect(() => ((el as unknown as { snippets: unknown }).snippets = hostile)).not.toThrow()
    }
    el.snippets = SNIPPETS
    expect(el.snippets).toBe(SNIPPETS)
    expect(el).not.toHaveAttribute('snippets')
    const q = shadow(el)
    fireEvent.click(await q.findByRole('button', { name: '+ Add New Project' }))
    fireEvent.change(q.getByLabelText('Project Name'), { target: { value: 'App' } })
    fireEvent.click(q.getByRole('button', { name: 'Add' }))
    const info = within(await q.findByRole('dialog', { name: 'API Information' }))
    expect(info.getAllByRole('tab').map((t) => t.textContent)).toEqual(['curl', 'Node'])
  })
})

describe('env-prefix', () => {
  it("names the variables of 'Copy as .env' with the host's prefix", async () => {
    const writeText = stubClipboard()
    const info = renderInfo({ envPrefix: 'ACME' })
    fireEvent.click(info.getByRole('button', { name: 'Copy as .env' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1))
    expect(writeText.mock.calls[0][0].trim().split('\n')).toEqual([
      'ACME_PROJECT_ID=prj_1',
      'ACME_API_PROJECT_ID=apid_1',
      'ACME_API_KEY=fxk_whole',
      'ACME_WEBHOOK_SECRET=whsec_1',
    ])
  })
})
