import type { ReactNode } from 'react'
import type { ScopeEntry } from '../../api/api-keys'
import type { KeyInfo } from '../../api/types'
import { keyAccessText } from './key-restrictions'
import { Identifier } from '../../components/table'
import { useT } from '../../i18n'
import { keys as texts } from '../../i18n/en/keys'
import { around, SLOT } from './around'
import { Actions, KeyName, LastUsed, Status, type KeyActionKind, type KeyRow } from './KeysTable'

/** The keys as compact cards, for a box too narrow for the table: name and status, the id to copy, the rest in a line, actions at the foot. */
export function KeyCards({
  rows,
  width,
  onAction,
  requests,
  access,
}: {
  rows: readonly KeyRow[]
  width: number
  onAction: (kind: KeyActionKind, key: KeyInfo) => void
  requests?: (key: KeyInfo) => ReactNode
  /** The catalog, on a server with key restrictions: each card says its key's access. */
  access?: readonly ScopeEntry[] | null
}) {
  const t = useT(texts)
  // The time goes where the reader's language puts it in "Last used …".
  const lastUsed = around(t('keys.card.lastUsed', { when: SLOT }))
  const requestsLine = around(t('keys.card.requests', { count: SLOT }))
  return (
    <ul aria-label={t('keys.table.name')} className="space-y-3">
      {rows.map((row) => (
        <li key={row.key.id} className="rounded-flex border border-border bg-bg p-3 text-sm text-fg">
          {/* The status beside the name while both fit, else under it: the name is never squeezed. */}
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
            <KeyName row={row} width={width} />
            <span className="text-xs">
              <Status state={row.state} />
            </span>
          </div>
          <div className="mt-2">
            <Identifier value={row.key.id} copyLabel={t('keys.copyId', { id: row.key.id })} />
          </div>
          <p className="mt-1 text-xs text-muted">
            {!row.twin && (
              <>
                <span dir="ltr" className="whitespace-nowrap font-mono">
                  {row.key.maskedKey}
                </span>{' '}
                ·{' '}
              </>
            )}
            {lastUsed[0]}
            <LastUsed row={row} />
            {lastUsed[1]}
          </p>
          {access && <p className="mt-1 text-xs text-muted">{keyAccessText(row.key, access, t)}</p>}
          {requests && (
            <p className="mt-1 text-xs text-muted">
              {requestsLine[0]}
              <span className="text-fg">{requests(row.key)}</span>
              {requestsLine[1]}
            </p>
          )}
          <Actions row={row} onAction={onAction} cards />
        </li>
      ))}
    </ul>
  )
}
