import { useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import type { Member } from '../../api/members'
import { useT } from '../../i18n'
import { teams } from '../../i18n/en/teams'
import { DangerButton } from '../DangerButton'
import { TransferDialog } from './TransferDialog'

/**
 * "Transfer ownership" in the project's danger zone, beside "Delete project":
 * drawn into the zone's slot (`zone`) from here, where the joined members are
 * known, so the page's own chunk carries none of it.
 */
export function HandOver({ zone, members, onTransfer }: { zone: HTMLElement; members: Member[]; onTransfer: (m: Member, password: string) => Promise<void> }) {
  const t = useT(teams)
  const [open, setOpen] = useState(false)
  const opener = useRef<HTMLButtonElement>(null)
  return createPortal(
    <div className="mt-3 flex flex-col gap-3 cq-sm:flex-row cq-sm:items-center cq-sm:justify-between">
      <p className="text-sm text-muted">{t('transfer.zone')}</p>
      <DangerButton ref={opener} className="shrink-0" onClick={() => setOpen(true)}>
        {t('transfer.title')}
      </DangerButton>
      {open && <TransferDialog members={members} onClose={() => setOpen(false)} onTransfer={onTransfer} returnFocus={opener} />}
    </div>,
    zone,
  )
}
