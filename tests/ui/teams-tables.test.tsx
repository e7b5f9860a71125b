/**
 * The Members and Activity tables in the one table pattern: in a laptop's
 * box they stay tables with a 40-character address or a long audit detail
 * (cut or wrapped in their column, the whole in a title), Joined goes first as
 * the box narrows, cards only in a narrow box, and the first page of Activity
 * loads in grey rows of its own table.
 */
import { within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AuditEntry } from '../../src/api/audit'
import type { Member } from '../../src/api/members'
import type { ManageCall } from '../../src/api/request'
import { ActivitySection } from '../../src/components/teams/ActivitySection'
import { MembersTable } from '../../src/components/teams/MembersTable'
import { shadow } from './helpers'
import { deferred } from './helpers/api-mock'
import { renderScreen } from './helpers/render-screen'
import { reportWidth } from './helpers/layout'

afterEach(() => vi.unstubAllGlobals())

const LONG = 'margarethe.vonhohenzollern@northwind.example'
const member = (id: string, role: Member['role'], name: string, email: string): Member => ({
  id,
  userId: `usr_${id}`,
  name,
  email,
  role,
  status: 'active',
  joinedAt: '2026-11-01T10:00:00.000Z',
  invitedAt: '2026-11-01T10:00:00.000Z',
  expiresAt: null,
})
const TEAM = [member('own', 'owner', 'Ada Owner', 'ada@example.com'), member('adm', 'admin', 'Margarethe von Hohenzollern-Sigmaringen', LONG)]

const membersAt = (width: number) => {
  reportWidth(width)
  // In an element, as the page draws it: a row's menu finds its shadow root.
  const r = renderScreen(<MembersTable members={TEAM} me="usr_own" manages onAction={() => undefined} />)
  return Object.assign(shadow(r.host), { unmount: r.unmount })
}
const headers = (r: ReturnType<typeof shadow>) => r.getAllByRole('columnheader').map((h) => h.textContent)

describe('the members table', () => {
  it('stays a table in a laptop-wide box with a 40-character address, which is cut in its column with the whole in its title', () => {
    expect(LONG.length).toBeGreaterThanOrEqual(40)
    const r = membersAt(846)
    const table = r.getByRole('table', { name: 'Project members' })
    expect(table).not.toHaveClass('block')
    expect(headers(r)).toEqual(['Name', 'E-mail', 'Role', 'Joined', 'Actions'])
    const address = within(table).getByText(LONG)
    expect(address).toHaveAttribute('title', LONG)
    expect(address.className).toMatch(/text-ellipsis/)
    expect(within(table).getByText('Margarethe von Hohenzollern-Sigmaringen').closest('[title]')).toHaveAttribute(
      'title',
      'Margarethe von Hohenzollern-Sigmaringen',
    )
  })

  it('lets Joined go first as the box narrows, and becomes cards only in a narrow box', () => {
    const middle = membersAt(680)
    expect(headers(middle)).toEqual(['Name', 'E-mail', 'Role', 'Actions'])
    middle.unmount()
    const narrow = membersAt(320)
    expect(narrow.getByRole('table')).toHaveClass('block')
  })
})

const entry = (n: number, details: AuditEntry['details']): AuditEntry => ({
  id: `aud_${n}`,
  at: '2026-11-02T10:00:00.000Z',
  actor: { id: 'usr_own', name: 'Ada Owner', email: 'ada@example.com' },
  action: 'key.renamed',
  target: `key_${n}`,
  details,
})

describe('the activity table', () => {
  const FROM = 'Production server for the European payment gateway'
  const TO = 'Production server for the European and Asian payment gateways (primary)'
  const DETAIL = `Ada Owner renamed the API key ${FROM} to ${TO}.`

  it('loads in grey rows of its own table, then stays a table in a laptop-wide box with a long sentence wrapped in What', async () => {
    reportWidth(846)
    const page = deferred<{ entries: AuditEntry[] }>()
    // The log's answer as the server sends it: the section reads it through the audit module.
    const call = (() => page.promise) as ManageCall
    const r = shadow(renderScreen(<ActivitySection call={call} projectId="prj_1" />).host)
    const table = r.getByRole('table', { name: 'Project activity' })
    expect(r.getByRole('status').textContent).toBe('Loading…')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['What'])
    expect(table.querySelectorAll('tbody tr[aria-hidden="true"]')).toHaveLength(3)
    page.resolve({ entries: [entry(1, { from: FROM, to: TO })] })
    const detail = await within(table).findByText(DETAIL)
    expect(table).not.toHaveClass('block')
    expect(detail.parentElement!.className).toMatch(/whitespace-normal/)
    expect(table.querySelectorAll('tbody tr[aria-hidden]')).toHaveLength(0)
    expect(r.queryByRole('status')).not.toBeInTheDocument()
  })

  it('names each actor by e-mail under the sentence, so two who share a name are told apart; in a 375 px box the entries stay one table of one column, the whole address wrapped', async () => {
    reportWidth(375)
    const impostor: AuditEntry = { ...entry(1, { name: 'CI' }), action: 'key.deleted', actor: { id: 'usr_adm', name: 'Ada Owner', email: LONG } }
    const call = (async () => ({ entries: [impostor, entry(2, { name: 'CI' })] })) as ManageCall
    const r = shadow(renderScreen(<ActivitySection call={call} projectId="prj_1" />).host)
    const table = r.getByRole('table', { name: 'Project activity' })
    const address = await within(table).findByText(LONG, { exact: false })
    // When and the sentence: every entry reads the same way on a phone, no card of its own layout.
    expect(table).not.toHaveClass('block')
    expect(within(table).getAllByRole('columnheader')).toHaveLength(1)
    const [first, second] = within(table)
      .getAllByRole('row')
      .filter((row) => within(row).queryByText(/^Ada Owner /))
    expect(within(first).getByText(LONG, { exact: false })).toBe(address)
    expect(within(second).getByText('ada@example.com', { exact: false })).toBeInTheDocument()
    // Cut, the address could hide where two differ: it wraps instead.
    expect(address.className).toMatch(/break-all/)
    expect(address.className).not.toMatch(/truncate|text-ellipsis/)
  })
})
