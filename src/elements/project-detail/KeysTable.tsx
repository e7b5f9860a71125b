import { useRef, type ReactNode } from 'react'
import type { KeyInfo } from '../../api/types'
import { CopyIdButton } from '../../components/copy-field/CopyIdButton'
import { formatDate } from '../../format-date'
import { EXPIRED, keyStatus } from './key-status'
import { useWidth } from '../../hooks/useWidth'
import { useCapability } from '../../hooks/useCapability'
import { REQUESTS_COLUMN } from './usage/RequestsCell'

export type KeyActionKind = 'edit' | 'roll' | 'delete'

const COLUMNS = ['Name', 'API Project ID', 'Key', 'Created', 'Last used', 'Status', 'Actions']
const ACTIONS: ReadonlyArray<[KeyActionKind, string]> = [
  ['edit', 'Edit'],
  ['roll', 'Roll'],
  ['delete', 'Delete'],
]

/**
 * The project's keys, one row each with its own actions. Below 768 px of the
 * widget's own width the rows stack into cards, each value under its label.
 * The actions' names say which key they act on ("Delete key Production"), so
 * none is mistaken for the Delete button beside Create, which asks for the key.
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
  const requestsOf = useCapability('usage') ? requests : undefined
  // The usage column goes after "Last used".
  const columns = requestsOf ? [...COLUMNS.slice(0, 5), REQUESTS_COLUMN, ...COLUMNS.slice(5)] : COLUMNS
  const ref = useRef<HTMLDivElement>(null)
  const width = useWidth(ref)
  const narrow = width > 0 && width < 768
  const now = Date.now()
  // A roll leaves two keys of one name: tell them apart by id.
  const label = (k: KeyInfo) => (keys.filter((o) => o.name === k.name).length > 1 ? `${k.name} (${k.id})` : k.name)
  // Wide: one line a row (ids truncate, their copy button beside them), so
  // rows read as a list; the values that must not break keep to one line.
  const cell = narrow ? 'flex gap-3 py-1' : 'whitespace-nowrap px-2 py-3 align-middle'
  return (
    // overflow-x-auto: a last resort between the stacking width and a table that fits.
    <div ref={ref} className="mt-6 min-w-0 overflow-x-auto">
      <table className={`w-full text-left text-sm text-fg ${narrow ? 'block' : ''}`}>
        <caption className="sr-only">API keys</caption>
        <thead className={narrow ? 'sr-only' : 'border-b border-border text-xs text-muted'}>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className="px-2 py-2 font-medium">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={narrow ? 'block space-y-3' : 'divide-y divide-border'}>
          {keys.map((k) => {
            const status = keyStatus(k, now)
            return (
              <tr key={k.id} className={narrow ? 'block rounded-flex border border-border p-3' : ''}>
                {[
                  <span dir="auto" title={k.name} className={`block truncate font-medium ${narrow ? '' : 'max-w-32'}`}>
                    {k.name}
                  </span>,
                  <span className="flex items-center gap-1">
                    <span className={`truncate font-mono text-xs ${narrow ? '' : 'max-w-28'}`} title={k.id}>
                      {k.id}
                    </span>
                    <CopyIdButton value={k.id} label={`Copy API Project ID ${k.id}`} />
                  </span>,
                  <span className="whitespace-nowrap font-mono text-xs">{k.maskedKey}</span>,
                  formatDate(k.createdAt),
                  k.lastUsedAt ? formatDate(k.lastUsedAt) : 'Never',
                  ...(requestsOf ? [requestsOf(k)] : []),
                  status,
                  <div className="-mx-2 flex flex-wrap">
                    {ACTIONS.filter(([kind]) => kind !== 'roll' || status !== EXPIRED).map(([kind, text]) => (
                      <button
                        key={kind}
                        type="button"
                        className={`rounded-flex px-2 py-1 font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-focus ${kind === 'delete' ? 'text-danger hover:underline' : 'text-accent hover:text-accent-hover'}`}
                        aria-label={`${text} key ${label(k)}`}
                        onClick={() => onAction(kind, k)}
                      >
                        {text}
                      </button>
                    ))}
                  </div>,
                ].map((value, i) => (
                  <td key={columns[i]} className={cell}>
                    {narrow && (
                      <span aria-hidden="true" className="w-28 shrink-0 text-xs text-muted">
                        {columns[i]}
                      </span>
                    )}
                    <div className="min-w-0 flex-1 break-words">{value}</div>
                  </td>
                ))}
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
