import { useState, type MutableRefObject } from 'react'
import type { KeyFields } from '../../../contract/requests'
import type { KeyMap } from '../../api/types'
import { Alert } from '../../components/Alert'
import { Button } from '../../components/Button'
import { CopyField } from '../../components/copy-field/CopyField'
import { Dialog } from '../../components/dialog/Dialog'
import { DialogActions } from '../../components/dialog/DialogActions'
import { RevealSnippets } from '../../components/snippets/RevealSnippets'
import { useOneTimeWarning } from '../../components/one-time-warning'
import { useErrorText } from '../../hooks/useErrorText'
import { useT } from '../../i18n'
import { keys as texts } from '../../i18n/en/keys'
import { editOf, NameAtBirth } from './NameAtBirth'

/**
 * 'New API Information': the new pair(s), shown once, so only its own button
 * closes it. Given `onName` (a server that keeps key metadata), each pair can
 * be named and given an expiry here; Exit saves what was changed, and stays
 * open with the server's message when that fails.
 */
export function NewKeyDialog({
  projectId,
  keys,
  onClose,
  returnFocus,
  names,
  onName,
}: {
  projectId: string
  keys: KeyMap | null
  onClose: () => void
  returnFocus?: MutableRefObject<HTMLElement | null>
  /** The names the server gave the keys, by key id (shown as the name field's placeholder). */
  names?: Record<string, string>
  onName?: (keyId: string, edit: KeyFields) => Promise<void>
}) {
  const t = useT(texts)
  const errorText = useErrorText()
  const warning = useOneTimeWarning()
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const close = () => {
    setError(null)
    onClose()
  }
  const save = async (form: HTMLFormElement) => {
    setSaving(true)
    setError(null)
    try {
      for (const keyId of Object.keys(keys ?? {})) {
        const edit = onName && editOf(form, keyId)
        if (edit) await onName(keyId, edit)
      }
      close()
    } catch (e) {
      setError(errorText(e))
    } finally {
      setSaving(false)
    }
  }
  return (
    <Dialog open={keys !== null} onClose={close} title={t('keys.new.title')} dismissible={false} returnFocus={returnFocus}>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          void save(e.currentTarget)
        }}
      >
        <p className="mt-4 text-sm text-fg">{t('keys.new.text')}</p>
        {/* The spec's text says what the pair is; the warning, as in 'API Information', that it is shown once. */}
        <Alert tone="warning" className="mt-3">
          {warning}
        </Alert>
        {error && (
          <Alert className="mt-3" onDismiss={() => setError(null)}>
            {error}
          </Alert>
        )}
        {/* One order for every one-time secret: who it is for (name, ids), then the secret, then ways to use it. */}
        <div className="mt-4 space-y-4">
          {/* The spec's sentence asks to copy the Project ID: it is here to copy, beside each new pair. */}
          {keys && <CopyField label={t('keys.new.projectId')} value={projectId} />}
          {Object.entries(keys ?? {}).map(([apiProjectId, key]) => (
            <div key={apiProjectId} className="space-y-3">
              {onName && <NameAtBirth keyId={apiProjectId} name={names?.[apiProjectId]} />}
              <CopyField label={t('keys.new.apiProjectId')} value={apiProjectId} />
              <CopyField label={t('keys.new.apiKey')} value={key} />
            </div>
          ))}
          {keys && <RevealSnippets projectId={projectId} keys={keys} />}
        </div>
        <DialogActions>
          <Button type="submit" pending={saving}>
            {t('keys.new.exit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
