import type { MutableRefObject } from 'react'
import type { KeyMap } from '../../api/types'
import { Alert } from '../../components/Alert'
import { Button } from '../../components/Button'
import { CopyField } from '../../components/copy-field/CopyField'
import { Dialog } from '../../components/dialog/Dialog'
import { DialogActions } from '../../components/dialog/DialogActions'
import { RevealSnippets } from '../../components/snippets/RevealSnippets'
import { ONE_TIME_WARNING } from '../../components/one-time-warning'

export const NEW_PAIR_TEXT = 'Copy the Project ID and API key. This is your new API pairing!'

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
  return (
    <Dialog open={keys !== null} onClose={onClose} title="New API Information" dismissible={false} returnFocus={returnFocus}>
      <p className="mt-4 text-sm text-fg">{NEW_PAIR_TEXT}</p>
      {/* The spec's text says what the pair is; the warning, as in 'API Information', that it is shown once. */}
      <Alert tone="warning" className="mt-3">
        {ONE_TIME_WARNING}
      </Alert>
      <div className="mt-4 space-y-4">
        {Object.entries(keys ?? {}).map(([apiProjectId, key]) => (
          <div key={apiProjectId} className="space-y-3">
            <CopyField label="API Project ID" value={apiProjectId} />
            <CopyField label="API Key" value={key} />
          </div>
        ))}
        {keys && <RevealSnippets projectId={projectId} keys={keys} />}
      </div>
      <DialogActions>
        <Button onClick={onClose}>Exit</Button>
      </DialogActions>
    </Dialog>
  )
}
