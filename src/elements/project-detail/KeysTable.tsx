import { useRef, type ReactNode } from 'react'
import type { KeyInfo } from '../../api/types'
import { CopyIdButton } from '../../components/copy-field/CopyIdButton'
import { useCan } from '../../components/teams/role'
import { formatDate } from '../../format-date'
import { useCapability } from '../../hooks/useCapability'
import { useWidth } from '../../hooks/useWidth'
import { useLang, useT, type Translate } from '../../i18n'
import { keys as texts } from '../../i18n/en/keys'
import { around, SLOT } from './around'
import { keyState, type KeyState } from './key-status'
import { exactTime, timeAgo } from './relative-time'
import { Truncated } from './Truncated'

export type KeyActionKind = 'edit' | 'roll' | 'delete'

/** Below this width of the table's own box, rows stack as cards. */
export const CARDS_BELOW = 560

type T = Translate<typeof texts>

/** What a cell needs: its key, and the reader's texts and language. */
type Row = { key: KeyInfo; state: KeyState; width: number; label: string; t: T; lang: string }

interface Column {
  /** Names it among the columns (not shown). */
  name: string
  header: (t: T) => string
  /** The narrowest table that still shows it: the less a column matters, the more room it needs (0: always). */
  from: number
  /** Its width in the fixed layout (none: it takes what is left: the name). */
  width?: string
  cell: (row: Row) => ReactNode
}

const STATE_TONE: Record<KeyState['tone'], string> = { active: 'bg-success', ending: 'bg-warning', ended: 'bg-muted' }

/** The state with its colour dot; a successor also names the key it replaces (by id: a roll keeps the name). */
function Status({ state }: { state: KeyState }) {
  const t = useT(texts)
  return (
    <span className="block min-w-0">
      <span className="flex items-center gap-2">
        <span aria-hidden="true" className={`h-2 w-2 shrink-0 rounded-full ${STATE_TONE[state.tone]}`} />
        <span className={state.tone === 'ended' ? 'text-muted' : ''}>{state.text}</span>
      </span>
      {state.replaces && (
        <span className="block truncate text-xs text-muted" title={state.replaces.id}>
          {t('keys.replaces', { id: state.replaces.id })}
        </span>
      )}
    </span>
  )
}

/**
 * The columns, most important first. Each has the table width it needs, so a
 * narrow table drops the least important first and never scrolls sideways;
 * a new column is one entry here.
 */
const COLUMNS: Column[] = [
  {
    name: 'name',
    header: (t) => t('keys.column.name'),
    from: 0,
    cell: ({ key, width }) => <Truncated text={key.name} width={width} className="font-medium" />,
  },
  {
    name: 'id',
    header: (t) => t('keys.column.id'),
    from: 0,
    width: 'w-36',
    cell: ({ key, t }) => (
      <span className="flex min-w-0 items-center gap-1">
        <span dir="ltr" className="truncate font-mono text-xs" title={key.id}>
          {key.id}
        </span>
        <CopyIdButton value={key.id} label={t('keys.copyId', { id: key.id })} />
      </span>
    ),
  },
  {
    name: 'key',
    header: (t) => t('keys.column.key'),
    from: 840,
    width: 'w-28',
    cell: ({ key }) => (
      <span dir="ltr" className="block truncate font-mono text-xs rtl:text-right">
        {key.maskedKey}
      </span>
    ),
  },
  {
    name: 'created',
    header: (t) => t('keys.column.created'),
    from: 960,
    width: 'w-28',
    cell: ({ key, lang }) => (
      <time dateTime={key.createdAt} title={exactTime(key.createdAt, lang)}>
        {formatDate(key.createdAt, lang)}
      </time>
    ),
  },
  {
    name: 'used',
    header: (t) => t('keys.column.lastUsed'),
    from: 660,
    width: 'w-28',
    cell: ({ key, t, lang }) =>
      key.lastUsedAt ? (
        <time dateTime={key.lastUsedAt} title={exactTime(key.lastUsedAt, lang)}>
          {timeAgo(key.lastUsedAt, Date.now(), t, lang)}
        </time>
      ) : (
        <span className="text-muted">{t('keys.lastUsed.never')}</span>
      ),
  },
]

const STATUS_COLUMN = 'w-36'
const ACTIONS_COLUMN = 'w-40'

/** Edit, Roll (not for a key that is expired or already rolled), Delete: one line, never wrapped. */
function Actions({ row, onAction, cards }: { row: Row; onAction: (kind: KeyActionKind, key: KeyInfo) => void; cards: boolean }) {
  const { t } = row
  const key = row.label
  const mayChange = useCan('keys')
  if (!mayChange) return null
  const actions: [KeyActionKind, string, string][] = [
    ['edit', t('keys.action.edit'), t('keys.action.editKey', { key })],
    ...(row.state.rollable ? [['roll', t('keys.action.roll'), t('keys.action.rollKey', { key })] as [KeyActionKind, string, string]] : []),
    ['delete', t('keys.action.delete'), t('keys.action.deleteKey', { key })],
  ]
  return (
    <div className={cards ? 'flex gap-2' : '-mx-2 flex'}>
      {actions.map(([kind, text, name]) => (
        <button
          key={kind}
          type="button"
          // The name says which key: none is mistaken for the Delete beside Create, which asks for the key.
          aria-label={name}
          onClick={() => onAction(kind, row.key)}
          className={`whitespace-nowrap rounded-flex font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-focus ${
            cards ? 'flex-1 border border-border bg-raised px-3 py-1.5 text-center' : 'px-2 py-1'
          } ${kind === 'delete' ? 'text-danger hover:underline' : 'text-accent hover:text-accent-hover'}`}
        >
          {text}
        </button>
      ))}
    </div>
  )
}

/**
 * The project's keys, one row each with its own actions. The table keeps to
 * its box: long names are cut (whole on hover and focus), less important
 * columns go as it narrows, and below CARDS_BELOW the rows become compact
 * cards with their actions at the foot.
 */
export function KeysTable({
  keys,
  onAction,
  requests,
}: {
  keys: KeyInfo[]
  onAction: (kind: KeyActionKind, key: KeyInfo) => void
  /** Each key's "Requests (30 d)" cell (usage/RequestsCell.tsx), shown when the server counts usage. */
  requests?: (key: KeyInfo) => ReactNode
}) {
  const ref = useRef<HTMLDivElement>(null)
  const width = useWidth(ref)
  // 0: not laid out yet (or a test DOM): the whole table.
  const cards = width > 0 && width < CARDS_BELOW
  const requestsOf = useCapability('usage') ? requests : undefined
  const t = useT(texts)
  const lang = useLang()
  // The usage column goes after "Last used", and before "Created" when the table narrows.
  const all: Column[] = requestsOf
    ? [...COLUMNS, { name: 'requests', header: (t) => t('keys.column.requests'), from: 760, width: 'w-28', cell: ({ key }) => requestsOf(key) }]
    : COLUMNS
  const columns = all.filter((c) => !width || width >= c.from)
  const now = Date.now()
  const rows: Row[] = keys.map((key) => ({
    key,
    state: keyState(key, now, keys, t),
    width,
    t,
    lang,
    // A roll leaves two keys of one name: tell them apart by id.
    label: keys.filter((o) => o.name === key.name).length > 1 ? `${key.name} (${key.id})` : key.name,
  }))

  if (cards) {
    // The time goes where the reader's language puts it in "Last used …".
    const lastUsed = around(t('keys.card.lastUsed', { when: SLOT }))
    const requestsLine = around(t('keys.card.requests', { count: SLOT }))
    return (
      <div ref={ref} className="mt-4">
        <ul aria-label={t('keys.table.name')} className="space-y-3">
          {rows.map((row) => (
            <li key={row.key.id} className="rounded-flex border border-border bg-bg p-3 text-sm text-fg">
              <div className="flex items-start justify-between gap-3">
                <Truncated text={row.key.name} width={width} className="font-medium" />
                <span className="shrink-0 text-xs">
                  <Status state={row.state} />
                </span>
              </div>
              <div className="mt-2">{COLUMNS[1].cell(row)}</div>
              <p className="mt-1 text-xs text-muted">
                <span dir="ltr" className="font-mono">
                  {row.key.maskedKey}
                </span>{' '}
                · {lastUsed[0]}
                {COLUMNS[4].cell(row)}
                {lastUsed[1]}
              </p>
              {requestsOf && (
                <p className="mt-1 text-xs text-muted">
                  {requestsLine[0]}
                  <span className="text-fg">{requestsOf(row.key)}</span>
                  {requestsLine[1]}
                </p>
              )}
              <div className="mt-3 border-t border-border pt-3">
                <Actions row={row} onAction={onAction} cards />
              </div>
            </li>
          ))}
        </ul>
      </div>
    )
  }

  return (
    <div ref={ref} className="mt-4 min-w-0">
      <table className="w-full table-fixed text-start text-sm text-fg">
        <caption className="sr-only">{t('keys.table.name')}</caption>
        <thead className="border-b border-border text-xs text-muted">
          <tr>
            {columns.map((c) => (
              <th key={c.name} scope="col" className={`px-2 py-2 font-medium ${c.width ?? ''}`}>
                {c.header(t)}
              </th>
            ))}
            <th scope="col" className={`px-2 py-2 font-medium ${STATUS_COLUMN}`}>
              {t('keys.column.status')}
            </th>
            <th scope="col" className={`px-2 py-2 font-medium ${ACTIONS_COLUMN}`}>
              {t('keys.column.actions')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((row) => (
            <tr key={row.key.id}>
              {columns.map((c) => (
                <td key={c.name} className="min-w-0 px-2 py-3 align-middle">
                  {c.cell(row)}
                </td>
              ))}
              <td className="px-2 py-3 align-middle">
                <Status state={row.state} />
              </td>
              <td className="px-2 py-3 align-middle">
                <Actions row={row} onAction={onAction} cards={false} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
