import { useState, type ReactNode } from 'react'
import type { ScopeEntry } from '../../api/api-keys'
import { ChoiceField } from '../../components/ChoiceField'
import type { KeyInfo } from '../../api/types'
import { Badge, type BadgeTone } from '../../components/Badge'
import { DataTable, Identifier, RowMenu, type Column } from '../../components/table'
import { useCan } from '../../components/teams/role'
import { formatDate } from '../../format-date'
import { useCapability } from '../../hooks/useCapability'
import { useLang, useT, type Translate } from '../../i18n'
import { keys as texts } from '../../i18n/en/keys'
import { KeyCards } from './KeyCards'
import { keyLabel, keyState, sameName, type KeyState } from './key-status'
import { exactTime, timeAgo } from './relative-time'
import { Truncated } from './Truncated'
import { isTest, keyAccessText } from './key-restrictions'
import { FOCUS_RING } from '../../components/focus-ring'

export type KeyActionKind = 'edit' | 'roll' | 'delete'

type T = Translate<typeof texts>

/** What a cell needs: its key, and the reader's texts and language. */
export type KeyRow = { key: KeyInfo; state: KeyState; label: string; twin: boolean; t: T; lang: string }

const STATE_TONE: Record<KeyState['tone'], BadgeTone> = { active: 'success', ending: 'warning', ended: 'neutral' }

/** The state as a badge; a successor also names the key it replaces (by id: a roll keeps the name). */
export function Status({ state }: { state: KeyState }) {
  const t = useT(texts)
  return (
    <span className="block min-w-0">
      <Badge tone={STATE_TONE[state.tone]}>{state.text}</Badge>
      {state.replaces && (
        // By its masked value, as the name of a key that shares its name shows it: short, and the same on both rows.
        <span dir="auto" className="block text-xs text-muted" title={state.replaces.id}>
          {t('keys.replaces', { id: state.replaces.maskedKey })}
        </span>
      )}
    </span>
  )
}

/** The name whole (cut only past its room); a name two keys share (after a roll) also shows the key's masked value. */
export function KeyName({ row, width }: { row: KeyRow; width: number }) {
  return (
    <span className="block min-w-0">
      <Truncated text={row.key.name} width={width} className="font-medium" />
      {isTest(row.key) && <Badge tone="warning">{row.t('keys.mode.test')}</Badge>}
      {row.twin && (
        <span dir="ltr" className="block truncate font-mono text-xs text-muted rtl:text-right">
          {row.key.maskedKey}
        </span>
      )}
    </span>
  )
}

export function LastUsed({ row }: { row: KeyRow }) {
  const { key, t, lang } = row
  return key.lastUsedAt ? (
    <time dateTime={key.lastUsedAt} title={exactTime(key.lastUsedAt, lang)}>
      {timeAgo(key.lastUsedAt, Date.now(), t, lang)}
    </time>
  ) : (
    <span className="text-muted">{t('keys.lastUsed.never')}</span>
  )
}

/** Edit, Roll (not for a key that is expired or already rolled), Delete: a row's "⋯" menu, or a card's buttons. */
export function Actions({ row, onAction, cards }: { row: KeyRow; onAction: (kind: KeyActionKind, key: KeyInfo) => void; cards: boolean }) {
  const { t } = row
  const key = row.label
  const mayChange = useCan('keys')
  if (!mayChange) return null
  const actions: [KeyActionKind, string, string][] = [
    ['edit', t('keys.action.edit'), t('keys.action.editKey', { key })],
    ...(row.state.rollable ? [['roll', t('keys.action.roll'), t('keys.action.rollKey', { key })] as [KeyActionKind, string, string]] : []),
    ['delete', t('keys.action.delete'), t('keys.action.deleteKey', { key })],
  ]
  // In the table, one "⋯" menu per row; a card has the room for its buttons.
  if (!cards) {
    const items = actions.map(([kind, text]) => ({ id: kind, text, danger: kind === 'delete', onSelect: () => onAction(kind, row.key) }))
    return <RowMenu label={t('keys.action.menu', { key })} items={items} />
  }
  // A card's foot, ruled off; none at all for a reader who may not change keys.
  return (
    <div className="mt-3 flex flex-wrap gap-2 border-t border-border pt-3">
      {actions.map(([kind, text, name]) => (
        <button
          key={kind}
          type="button"
          // The name says which key: none is mistaken for the Delete beside Create, which asks for the key.
          aria-label={name}
          onClick={() => onAction(kind, row.key)}
          className={`flex-1 whitespace-nowrap rounded-flex border border-border bg-raised px-3 py-1.5 text-center font-semibold ${FOCUS_RING} ${kind === 'delete' ? 'text-danger hover:underline' : 'text-accent hover:text-accent-hover'}`}
        >
          {text}
        </button>
      ))}
    </div>
  )
}

/**
 * The project's keys, one row each with its own actions, in the one table
 * pattern (components/table): the name gives way last, the less important
 * columns go as the table's box narrows (Created, then Key, Requests, Last
 * used), and then, when the name, API Project ID, status and menu do not fit, the rows become compact cards.
 */
export function KeysTable({
  keys: all,
  catalog,
  onAction,
  requests,
}: {
  keys: KeyInfo[]
  /** The provider's scopes, on a server with key restrictions: the Access column, and the filter by mode when there are test keys. */
  catalog?: readonly ScopeEntry[] | null
  onAction: (kind: KeyActionKind, key: KeyInfo) => void
  /** Each key's "Requests (30 d)" cell (usage/RequestsCell.tsx), shown when the server counts usage. */
  requests?: (key: KeyInfo) => ReactNode
}) {
  const requestsOf = useCapability('usage') ? requests : undefined
  const mayChange = useCan('keys')
  const t = useT(texts)
  const lang = useLang()
  const now = Date.now()
  const [mode, setMode] = useState('')
  const filterable = all.some(isTest)
  // Left with the last test key: the select a test key made later brings back says "All keys", and so must the table.
  if (!filterable && mode) setMode('')
  const keys = filterable && mode ? all.filter((k) => isTest(k) === (mode === 'test')) : all
  const rows: KeyRow[] = keys.map((key) => ({
    key,
    state: keyState(key, now, all, t),
    t,
    lang,
    twin: sameName(key, all),
    label: keyLabel(key, all),
  }))
  const columns: Column<KeyRow>[] = [
    { id: 'name', header: t('keys.column.name'), priority: 0, width: 0, name: true, cell: (row, width) => <KeyName row={row} width={width} /> },
    {
      id: 'id',
      header: t('keys.column.id'),
      // Never dropped: the id is what a developer copies. A box without room for it shows cards, which have it.
      priority: 0,
      width: 150,
      cell: ({ key }) => <Identifier value={key.id} copyLabel={t('keys.copyId', { id: key.id })} />,
    },
    {
      id: 'key',
      header: t('keys.column.key'),
      priority: 4,
      width: 110,
      cell: ({ key }) => <Identifier value={key.maskedKey} copy={false} />,
    },
    {
      id: 'created',
      header: t('keys.column.created'),
      priority: 5,
      width: 120,
      cell: ({ key }) => (
        <time dateTime={key.createdAt} title={exactTime(key.createdAt, lang)}>
          {formatDate(key.createdAt, lang)}
        </time>
      ),
    },
    ...(catalog ? [{ id: 'access', header: t('keys.column.access'), priority: 3, width: 130, cell: ({ key }: KeyRow) => keyAccessText(key, catalog, t) }] : []),
    { id: 'used', header: t('keys.column.lastUsed'), priority: 2, width: 110, cell: (row) => <LastUsed row={row} /> },
    ...(requestsOf
      ? [{ id: 'requests', header: t('keys.column.requests'), priority: 3, width: 120, end: true, cell: ({ key }: KeyRow) => requestsOf(key) }]
      : []),
    {
      id: 'status',
      header: t('keys.column.status'),
      priority: 0,
      width: 110,
      // A long status ("Ersetzt – noch 23 Std. gültig") wraps in its pill, in a column of 7.5rem: at its full width it took the room of Requests at 1280 px.
      cell: (row) => (
        <span className="block w-[7.5rem] whitespace-normal">
          <Status state={row.state} />
        </span>
      ),
    },
    // A role that may not change keys has no column of actions to show.
    ...(mayChange
      ? [
          {
            id: 'actions',
            header: t('keys.column.actions'),
            priority: 0,
            width: 80,
            cell: (row: KeyRow) => <Actions row={row} onAction={onAction} cards={false} />,
          },
        ]
      : []),
  ]
  return (
    <>
      {filterable && (
        // A choice among live and test keys, read as it changes; the table shows only those.
        <div className="mt-4 max-w-[12rem]">
          <ChoiceField
            label={t('keys.filter')}
            name="mode"
            onChange={setMode}
            options={[
              [t('keys.filter.all'), ''],
              [t('keys.filter.live'), 'live'],
              [t('keys.filter.test'), 'test'],
            ]}
          />
        </div>
      )}
      {rows.length === 0 ? (
        <p className="mt-4 text-sm text-muted">{t('keys.filter.empty')}</p>
      ) : (
        <DataTable
          caption={t('keys.table.name')}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.key.id}
          cards={(rows, width) => <KeyCards rows={rows} width={width} onAction={onAction} requests={requestsOf} access={catalog} />}
        />
      )}
    </>
  )
}
