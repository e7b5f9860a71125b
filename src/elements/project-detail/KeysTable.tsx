import { useRef, type ReactNode } from 'react'
import type { KeyInfo } from '../../api/types'
import { CopyIdButton } from '../../components/copy-field/CopyIdButton'
import { formatDate } from '../../format-date'
import { useCapability } from '../../hooks/useCapability'
import { useWidth } from '../../hooks/useWidth'
import { keyState, type KeyState } from './key-status'
import { exactTime, timeAgo } from './relative-time'
import { Truncated } from './Truncated'
import { REQUESTS_COLUMN } from './usage/RequestsCell'

export type KeyActionKind = 'edit' | 'roll' | 'delete'

/** Below this width of the table's own box, rows stack as cards. */
export const CARDS_BELOW = 560

type Row = { key: KeyInfo; state: KeyState; width: number; label: string }

interface Column {
  header: string
  /** The narrowest table that still shows it: the less a column matters, the more room it needs (0: always). */
  from: number
  /** Its width in the fixed layout (none: it takes what is left: the name). */
  width?: string
  cell: (row: Row) => ReactNode
}

const STATE_TONE: Record<KeyState['tone'], string> = { active: 'bg-success', ending: 'bg-warning', ended: 'bg-muted' }

/** The state with its colour dot; a successor also names the key it replaces (by id: a roll keeps the name). */
function Status({ state }: { state: KeyState }) {
  return (
    <span className="block min-w-0">
      <span className="flex items-center gap-2">
        <span aria-hidden="true" className={`h-2 w-2 shrink-0 rounded-full ${STATE_TONE[state.tone]}`} />
        <span className={state.tone === 'ended' ? 'text-muted' : ''}>{state.text}</span>
      </span>
      {state.replaces && (
        <span className="block truncate text-xs text-muted" title={state.replaces.id}>
          Replaces {state.replaces.id}
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
  { header: 'Name', from: 0, cell: ({ key, width }) => <Truncated text={key.name} width={width} className="font-medium" /> },
  {
    header: 'API Project ID',
    from: 0,
    width: 'w-36',
    cell: ({ key }) => (
      <span className="flex min-w-0 items-center gap-1">
        <span className="truncate font-mono text-xs" title={key.id}>
          {key.id}
        </span>
        <CopyIdButton value={key.id} label={`Copy API Project ID ${key.id}`} />
      </span>
    ),
  },
  { header: 'Key', from: 840, width: 'w-28', cell: ({ key }) => <span className="block truncate font-mono text-xs">{key.maskedKey}</span> },
  {
    header: 'Created',
    from: 960,
    width: 'w-28',
    cell: ({ key }) => (
      <time dateTime={key.createdAt} title={exactTime(key.createdAt)}>
        {formatDate(key.createdAt)}
      </time>
    ),
  },
  {
    header: 'Last used',
    from: 660,
    width: 'w-28',
    cell: ({ key }) =>
      key.lastUsedAt ? (
        <time dateTime={key.lastUsedAt} title={exactTime(key.lastUsedAt)}>
          {timeAgo(key.lastUsedAt)}
        </time>
      ) : (
        <span className="text-muted">Never</span>
      ),
  },
]

const STATUS_COLUMN = 'w-36'
const ACTIONS_COLUMN = 'w-40'

/** Edit, Roll (not for a key that is expired or already rolled), Delete: one line, never wrapped. */
function Actions({ row, onAction, cards }: { row: Row; onAction: (kind: KeyActionKind, key: KeyInfo) => void; cards: boolean }) {
  const actions: [KeyActionKind, string][] = [
    ['edit', 'Edit'],
    ...(row.state.rollable ? [['roll', 'Roll'] as [KeyActionKind, string]] : []),
    ['delete', 'Delete'],
  ]
  return (
    <div className={cards ? 'flex gap-2' : '-mx-2 flex'}>
      {actions.map(([kind, text]) => (
        <button
          key={kind}
          type="button"
          // The name says which key: none is mistaken for the Delete beside Create, which asks for the key.
          aria-label={`${text} key ${row.label}`}
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
  // The usage column goes after "Last used", and before "Created" when the table narrows.
  const all: Column[] = requestsOf ? [...COLUMNS, { header: REQUESTS_COLUMN, from: 760, width: 'w-28', cell: ({ key }) => requestsOf(key) }] : COLUMNS
  const columns = all.filter((c) => !width || width >= c.from)
  const now = Date.now()
  const rows: Row[] = keys.map((key) => ({
    key,
    state: keyState(key, now, keys),
    width,
    // A roll leaves two keys of one name: tell them apart by id.
    label: keys.filter((o) => o.name === key.name).length > 1 ? `${key.name} (${key.id})` : key.name,
  }))

  if (cards) {
    return (
      <div ref={ref} className="mt-4">
        <ul aria-label="API keys" className="space-y-3">
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
                <span className="font-mono">{row.key.maskedKey}</span> · Last used {COLUMNS[4].cell(row)}
              </p>
              {requestsOf && (
                <p className="mt-1 text-xs text-muted">
                  {REQUESTS_COLUMN}: <span className="text-fg">{requestsOf(row.key)}</span>
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
      <table className="w-full table-fixed text-left text-sm text-fg">
        <caption className="sr-only">API keys</caption>
        <thead className="border-b border-border text-xs text-muted">
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={`px-2 py-2 font-medium ${c.width ?? ''}`}>
                {c.header}
              </th>
            ))}
            <th scope="col" className={`px-2 py-2 font-medium ${STATUS_COLUMN}`}>
              Status
            </th>
            <th scope="col" className={`px-2 py-2 font-medium ${ACTIONS_COLUMN}`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((row) => (
            <tr key={row.key.id}>
              {columns.map((c) => (
                <td key={c.header} className="min-w-0 px-2 py-3 align-middle">
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
