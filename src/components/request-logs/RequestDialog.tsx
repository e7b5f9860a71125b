import type { ReactNode } from 'react'
import type { LogEntryView } from '../../../contract/logs'
import { useLang, useT } from '../../i18n'
import { requests } from '../../i18n/en/requests'
import { Button } from '../Button'
import { CopyField } from '../copy-field/CopyField'
import { Dialog } from '../dialog/Dialog'
import { DialogActions } from '../dialog/DialogActions'
import { formatDuration, formatTime } from '../webhooks/format-time'
import { LogStatus } from './LogStatus'

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-3 py-1">
      <dt className="w-28 shrink-0 text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  )
}

/** One call's detail, with its request id to copy: what the provider's support looks the call up by. */
export function RequestDialog({ entry, onClose }: { entry: LogEntryView; onClose: () => void }) {
  const t = useT(requests)
  const lang = useLang()
  return (
    <Dialog open onClose={onClose} title={t('requests.detail.title')}>
      <dl className="mt-4 text-sm text-fg">
        <Field label={t('requests.column.time')}>
          <time dateTime={entry.at}>{formatTime(entry.at, lang)}</time>
        </Field>
        <Field label={t('requests.column.key')}>{entry.keyName ?? t('requests.deletedKey')}</Field>
        <Field label={t('requests.column.method')}>
          <span className="font-mono text-xs">{entry.method}</span>
        </Field>
        <Field label={t('requests.column.route')}>
          <span dir="ltr" className="break-all font-mono text-xs">
            {entry.route}
          </span>
        </Field>
        <Field label={t('requests.column.status')}>
          <LogStatus status={entry.status} />
        </Field>
        <Field label={t('requests.column.duration')}>{formatDuration(entry.durationMs, lang)}</Field>
      </dl>
      <div className="mt-4">
        <CopyField label={t('requests.detail.id')} value={entry.requestId} />
        <p className="mt-2 text-xs text-muted">{t('requests.detail.support')}</p>
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t('requests.detail.close')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
