/**
 * Activity as sentences in the reader's language: details in words and the
 * reader's dates (never `graceUntil: …, replacedBy: apid_…`), and new entries
 * coming in while the section is open (on window focus; every 30 s while the
 * page is visible, paused while hidden).
 */
import { act, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AuditEntry } from '../../src/api/audit'
import type { ManageCall } from '../../src/api/request'
import { ActivitySection } from '../../src/components/teams/ActivitySection'
import { FRESH_EVERY_MS } from '../../src/components/teams/useFreshEntries'
import { renderScreen, shadow } from './helpers'
import { stillClock } from './helpers/still-clock'

const entry = (n: number, action: string, details: AuditEntry['details'], name = 'Ada'): AuditEntry => ({
  id: `aud_${n}`,
  at: '2026-11-02T10:00:00.000Z',
  actor: { id: 'usr_ada', name, email: 'ada@example.com' },
  action,
  target: `x_${n}`,
  details,
})

afterEach(() => {
  vi.useRealTimers()
})

function section(pages: () => AuditEntry[]) {
  const asked: string[] = []
  const call = (async (req: { path: string }) => {
    asked.push(req.path)
    return { entries: pages() }
  }) as unknown as ManageCall
  const r = renderScreen(<ActivitySection call={call} projectId="prj_1" />)
  return { q: shadow(r.host), asked }
}

describe('an audit entry', () => {
  it('reads as a sentence, its details in words and the date in the reader’s language', async () => {
    const { q } = section(() => [
      entry(3, 'member.role_changed', { email: 'linus@example.com', from: 'viewer', to: 'developer' }),
      entry(2, 'key.rolled', { name: 'CI', replacedBy: 'apid_123', graceUntil: '2026-11-29T12:58:02.512Z' }),
    ])
    expect(await q.findByText('Ada changed the role of linus@example.com from Viewer to Developer.')).toBeInTheDocument()
    expect(q.getByText('Ada rolled the API key CI; the old key works until Nov 29, 2026.')).toBeInTheDocument()
    const text = q.getByRole('table').textContent ?? ''
    expect(text).not.toContain('graceUntil')
    expect(text).not.toContain('apid_123')
  })
  it('puts the actor’s address whole on the next line rather than cut beside the time, broken inside only when longer than a line', async () => {
    const { q } = section(() => [entry(1, 'member.removed', { email: 'grace@example.com' })])
    const address = await q.findByText('ada@example.com')
    // A box of its own: it wraps as one word (at no hyphen), and break-all breaks it only once it is wider than the line.
    expect(address).toHaveClass('inline-block', 'break-all')
    expect(address).toHaveAttribute('dir', 'ltr')
    expect(address.parentElement!.textContent).toMatch(/ · ada@example\.com$/)
  })

  it('has a sentence for a key’s restrictions changed, and an action it does not know reads as its name', async () => {
    const { q } = section(() => [
      entry(5, 'key.restricted', { scopes: 'invoices:read' }),
      entry(4, 'key.changed', { expiresAt: null }),
      entry(1, 'widget.polished', {}),
    ])
    expect(await q.findByText("Ada changed an API key's restrictions.")).toBeInTheDocument()
    expect(q.getByText("Ada removed an API key's expiry.")).toBeInTheDocument()
    expect(q.getByText('Ada: Widget polished.')).toBeInTheDocument()
  })
})

describe('a broken server', () => {
  it('that ignores the limit shows no more entries than the page asked for, the newest, and still offers Load more', async () => {
    const { q } = section(() => Array.from({ length: 300 }, (_, i) => entry(300 - i, 'member.left', {}, `Member ${300 - i}`)))
    const table = await q.findByRole('table', { name: 'Project activity' })
    await within(table).findByText('Member 300 left the project.')
    // The header and the 25 newest.
    expect(within(table).getAllByRole('row')).toHaveLength(26)
    expect(within(table).getByText('Member 276 left the project.')).toBeInTheDocument()
    expect(within(table).queryByText('Member 275 left the project.')).toBeNull()
    expect(q.getByRole('button', { name: 'Load more' })).toBeInTheDocument()
  })
})

describe('new entries', () => {
  it('come in at the top on window focus, and every 30 s only while the page is visible', async () => {
    // The section's timer is set on its first render: fake from the start.
    stillClock(['setInterval', 'clearInterval'])
    let entries = [entry(1, 'member.left', {}, 'Linus')]
    const { q, asked } = section(() => entries)
    const table = await q.findByRole('table', { name: 'Project activity' })
    await within(table).findByText('Linus left the project.')
    entries = [entry(2, 'member.removed', { email: 'grace@example.com' }), ...entries]
    act(() => {
      window.dispatchEvent(new Event('focus'))
    })
    expect(await within(table).findByText('Ada removed grace@example.com from the project.')).toBeInTheDocument()
    expect(within(table).getAllByRole('row')[1].textContent).toContain('Ada removed grace@example.com')

    const before = asked.length
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    await act(async () => {
      vi.advanceTimersByTime(FRESH_EVERY_MS)
    })
    expect(asked.length).toBe(before)
    hidden.mockReturnValue('visible')
    await act(async () => {
      vi.advanceTimersByTime(FRESH_EVERY_MS)
    })
    expect(asked.length).toBe(before + 1)
    hidden.mockRestore()
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
  })

  it('when more came than a page holds (the page was hidden meanwhile), reads the log again from its start instead of leaving a hole', async () => {
    const log = Array.from({ length: 75 }, (_, i) => entry(75 - i, 'member.left', {}, `Member ${75 - i}`))
    // The first 25 when the section opens; by the next look, 50 more (26 to 75) have come.
    let newest = 25
    const asked: string[] = []
    const call = (async (req: { path: string }) => {
      asked.push(req.path)
      const before = new URLSearchParams(req.path.split('?')[1]).get('before')
      const shown = log.filter((e) => Number(e.id.slice(4)) <= newest)
      const from = before ? shown.findIndex((e) => e.id === before) + 1 : 0
      return { entries: shown.slice(from, from + 25) }
    }) as unknown as ManageCall
    const r = renderScreen(<ActivitySection call={call} projectId="prj_1" />)
    const q = shadow(r.host)
    const table = await q.findByRole('table', { name: 'Project activity' })
    await within(table).findByText('Member 25 left the project.')
    newest = 75
    act(() => {
      window.dispatchEvent(new Event('focus'))
    })
    await within(table).findByText('Member 75 left the project.')
    // The newest 25 (51 to 75), not followed by 1 to 25 with 26 to 50 missing between them.
    await waitFor(() => expect(within(table).queryByText('Member 25 left the project.')).toBeNull())
    expect(within(table).getAllByRole('row')).toHaveLength(26)
    await userEvent.setup().click(q.getByRole('button', { name: 'Load more' }))
    expect(await within(table).findByText('Member 50 left the project.')).toBeInTheDocument()
    expect(asked.at(-1)).toContain('before=aud_51')
  })
})
