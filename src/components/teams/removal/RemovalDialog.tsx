import { useCallback, type MutableRefObject } from 'react'
import { memberHoldings, type Held, type Member } from '../../../api/members'
import type { ManageCall } from '../../../api/request'
import { Alert } from '../../Alert'
import { Spinner } from '../../Button'
import { FormDialog } from '../../form-dialog/FormDialog'
import { useAsync } from '../../../hooks/useAsync'
import { useT } from '../../../i18n'
import { removal } from '../../../i18n/en/removal'
import { teams } from '../../../i18n/en/teams'
import { isolate } from '../../../i18n/isolate'

/** A choice's field name: one radio pair per key or endpoint, read from the form on submit. */
const FIELD = 'fate:'

/** The ids whose "Keep" is chosen. */
const keptIds = (form: HTMLFormElement) =>
  [...new FormData(form)].filter(([name, value]) => name.startsWith(FIELD) && value === 'keep').map(([name]) => name.slice(FIELD.length))

export interface RemovalDialogProps {
  kind: 'remove' | 'leave'
  member: Member
  call: ManageCall
  projectId: string
  /** The reader may keep what goes with the member (an admin or the owner). */
  manages: boolean
  onClose: () => void
  onConfirm: (keep: string[]) => Promise<void>
  returnFocus?: MutableRefObject<HTMLElement | null>
}

/**
 * Remove or leave, confirmed: the member is named, and the keys whose text
 * they saw and the endpoints they added are listed (asked of the server as the
 * dialog opens) with what happens to each. Ending them is chosen; an admin or
 * the owner may keep one. If the list cannot come, the dialog says the rule:
 * the removal ends them all the same.
 */
export function RemovalDialog({ kind, member, call, projectId, manages, onClose, onConfirm, returnFocus }: RemovalDialogProps) {
  const t = useT(teams)
  const r = useT(removal)
  const name = isolate(member.name || member.email)
  const remove = kind === 'remove'
  return (
    <FormDialog
      title={remove ? t('remove.title') : t('members.leave')}
      submitLabel={remove ? t('members.remove') : t('members.leave')}
      danger
      onClose={onClose}
      onSubmit={(form) => onConfirm(keptIds(form))}
      returnFocus={returnFocus}
    >
      <p>{remove ? t('remove.text', { name }) : t('leave.text')}</p>
      <Holdings call={call} projectId={projectId} memberId={member.id} intro={remove ? r('removal.intro', { name }) : r('leave.intro')} manages={manages} />
    </FormDialog>
  )
}

interface HoldingsProps {
  call: ManageCall
  projectId: string
  memberId: string
  intro: string
  manages: boolean
}

function Holdings({ call, projectId, memberId, intro, manages }: HoldingsProps) {
  const r = useT(removal)
  const t = useT(teams)
  const load = useCallback((signal: AbortSignal) => memberHoldings(call, projectId, memberId, signal), [call, projectId, memberId])
  const { data, error, reload } = useAsync(load)
  if (error !== undefined) return <Alert onRetry={reload}>{r('removal.failed')}</Alert>
  if (!data) {
    return (
      <p role="status" className="flex items-center gap-2 text-muted">
        <Spinner />
        {r('removal.loading')}
      </p>
    )
  }
  if (data.keys.length + data.endpoints.length === 0) return <p className="text-muted">{r('removal.none')}</p>
  return (
    <>
      <p>{intro}</p>
      <HeldList heading={t('activity.kind.keys')} items={data.keys} end={r('removal.revoke')} manages={manages} />
      <HeldList heading={r('removal.endpoints')} items={data.endpoints} end={r('removal.disable')} manages={manages} />
    </>
  )
}

/** One kind's items, each with its fate: a choice for an admin or the owner, else the one outcome. */
function HeldList({ heading, items, end, manages }: { heading: string; items: Held[]; end: string; manages: boolean }) {
  const r = useT(removal)
  if (items.length === 0) return null
  return (
    <section>
      <h3 className="text-xs font-semibold text-muted">{heading}</h3>
      <ul className="mt-1 divide-y divide-border rounded-flex border border-border">
        {items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2">
            {/* A long name or address is cut on its line, the whole in its title, as in the house's tables. */}
            <span dir="auto" className="min-w-0 flex-1 basis-48">
              <span className="block truncate font-medium text-fg" title={item.name}>
                {item.name}
              </span>
              {item.detail && <span className="block break-words text-xs text-muted">{item.detail}</span>}
            </span>
            {manages ? (
              <fieldset className="flex gap-3">
                <legend className="sr-only">{r('removal.choice', { name: item.name })}</legend>
                {[end, r('removal.keep')].map((label, i) => (
                  <label key={label} className="flex items-center gap-1.5">
                    <input type="radio" name={FIELD + item.id} value={i ? 'keep' : 'end'} defaultChecked={!i} className="accent-accent" />
                    {label}
                  </label>
                ))}
              </fieldset>
            ) : (
              <span className="text-danger">{r('removal.ends')}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
