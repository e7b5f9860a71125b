import { useRef } from 'react'
import type { KeyInfo } from '../../api/types'
import { Button } from '../../components/Button'
import { CopyField } from '../../components/copy-field/CopyField'
import { formatDate } from '../projects/format-date'
import { EXPIRED, keyStatus } from './key-status'
import { useWidth } from '../../hooks/useWidth'

export type KeyActionKind = 'edit' | 'roll' | 'delete'

const COLUMNS = ['Name', 'API Project ID', 'Key', 'Created', 'Last used', 'Status', 'Actions']
const ACTIONS: ReadonlyArray<[KeyActionKind, string]> = [
  ['edit', 'Edit'],
  ['roll', 'Roll'],
  ['delete', 'Delete'],
]

/**
 * The project's keys, one row each with its own actions. Below 720 px of the
 * widget's own width the rows stack into cards, each value under its label.
 * The actions' names say which key they act on ("Delete key Production"), so
 * none is mistaken for the spec's Delete.
 */
export function KeysTable({ keys, onAction }: { keys: KeyInfo[]; onAction: (kind: KeyActionKind, key: KeyInfo) => void }) {
  const ref = useRef<HTMLDivElement>(null)
  const width = useWidth(ref)
  const narrow = width > 0 && width < 720
  const now = Date.now()
  // A roll leaves two keys of one name: tell them apart by id.
  const label = (k: KeyInfo) => (keys.filter((o) => o.name === k.name).length > 1 ? `${k.name} (${k.id})` : k.name)
  const cell = narrow ? 'flex gap-3 py-1' : 'px-2 py-3 align-top'
  return (
    <div ref={ref} className="mt-6 min-w-0">
      <table className={`w-full text-left text-sm text-fg ${narrow ? 'block' : ''}`}>
        <caption className="sr-only">API keys</caption>
        <thead className={narrow ? 'sr-only' : 'border-b border-border text-xs text-muted'}>
          <tr>
            {COLUMNS.map((c) => (
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
                <span dir="auto" className="font-medium">
                  {k.name}
                </span>,
                <CopyField label="API Project ID" value={k.id} />,
                <span className="whitespace-nowrap font-mono text-xs">{k.maskedKey}</span>,
                formatDate(k.createdAt),
                k.lastUsedAt ? formatDate(k.lastUsedAt) : 'Never',
                status,
                <div className="flex flex-wrap gap-2">
                  {ACTIONS.filter(([kind]) => kind !== 'roll' || status !== EXPIRED).map(([kind, text]) => (
                    <Button key={kind} variant={kind === 'delete' ? 'danger' : 'secondary'} className="px-3 py-1" aria-label={`${text} key ${label(k)}`} onClick={() => onAction(kind, k)}>
                      {text}
                    </Button>
                  ))}
                </div>,
              ].map((value, i) => (
                <td key={COLUMNS[i]} className={cell}>
                  {narrow && (
                    <span aria-hidden="true" className="w-28 shrink-0 text-xs text-muted">
                      {COLUMNS[i]}
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
