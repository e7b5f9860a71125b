import type { MutableRefObject } from 'react'
import type { KeyMap } from '../../api/types'
import { Alert } from '../../components/Alert'
import { Button } from '../../components/Button'
import { CopyField } from '../../components/copy-field/CopyField'
import { Dialog } from '../../components/dialog/Dialog'
import { DialogActions } from '../../components/dialog/DialogActions'
import { RevealSnippets } from '../../components/snippets/RevealSnippets'
import { useOneTimeWarning } from '../../components/one-time-warning'
import { useT } from '../../i18n'
import { keys as texts } from '../../i18n/en/keys'

/** The spec's sentence above a new pair, in English. */
export const NEW_PAIR_TEXT = texts['keys.new.text']

/** 'New API Information': the new pair(s), shown once, so only its own button closes it. */
export function NewKeyDialog({
  projectId,
  keys,
  onClose,
  returnFocus,
}: {
  projectId: string
  keys: KeyMap | null
  onClose: () => void
  returnFocus?: MutableRefObject<HTMLElement | null>
}) {
  const t = useT(texts)
  const warning = useOneTimeWarning()
  return (
    <Dialog open={keys !== null} onClose={onClose} title={t('keys.new.title')} dismissible={false} returnFocus={returnFocus}>
      <p className="mt-4 text-sm text-fg">{t('keys.new.text')}</p>
      {/* The spec's text says what the pair is; the warning, as in 'API Information', that it is shown once. */}
      <Alert tone="warning" className="mt-3">
        {warning}
      </Alert>
      <div className="mt-4 space-y-4">
        {/* The spec's sentence asks to copy the Project ID: it is here to copy, beside each new pair. */}
        {keys && <CopyField label={t('keys.new.projectId')} value={projectId} />}
        {Object.entries(keys ?? {}).map(([apiProjectId, key]) => (
          <div key={apiProjectId} className="space-y-3">
            <CopyField label={t('keys.new.apiProjectId')} value={apiProjectId} />
            <CopyField label={t('keys.new.apiKey')} value={key} />
          </div>
        ))}
        {keys && <RevealSnippets projectId={projectId} keys={keys} />}
      </div>
      <DialogActions>
        <Button onClick={onClose}>{t('keys.new.exit')}</Button>
      </DialogActions>
    </Dialog>
  )
}
