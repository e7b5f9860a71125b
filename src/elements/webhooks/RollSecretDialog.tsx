import { useState } from 'react'
import { Alert } from '../../components/Alert'
import { Button } from '../../components/Button'
import { CopyButton } from '../../components/copy-field/CopyButton'
import { CopyField } from '../../components/copy-field/CopyField'
import { Dialog } from '../../components/dialog/Dialog'
import { DialogActions } from '../../components/dialog/DialogActions'
import { ChoiceField } from '../project-detail/ChoiceField'
import { KeyFormDialog } from '../project-detail/KeyFormDialog'
import { ROLL_GRACE } from '../project-detail/RollKeyDialog'
import { useElement } from '../../context/element'

export const SECRET_ONCE = 'Copy the webhook secret. This is the only time you will be able to see it!'

export interface RollSecretDialogProps {
  /** The current secret cannot sign (it predates signing): no overlap to choose. */
  firstSecret: boolean
  onClose: () => void
  /** Rolls; resolves with the new secret, shown here once. A rejection is shown in the dialog. */
  onRoll: (graceSeconds: number) => Promise<string>
}

/**
 * "Roll secret": when the old secret stops signing, then the new one, shown
 * once (so only Done closes it), with "Copy as .env".
 */
export function RollSecretDialog({ firstSecret, onClose, onRoll }: RollSecretDialogProps) {
  const [secret, setSecret] = useState<string | null>(null)
  const { envPrefix } = useElement()
  if (secret) {
    return (
      <Dialog open onClose={onClose} title="New webhook secret" dismissible={false}>
        <Alert tone="warning" className="mt-4">
          {SECRET_ONCE}
        </Alert>
        <div className="mt-4 space-y-3">
          <CopyField label="Webhook Secret" value={secret} />
          <div className="flex flex-wrap items-center gap-2">
            <CopyButton label="Copy as .env" text={() => `${envPrefix}_WEBHOOK_SECRET=${secret}\n`} />
          </div>
        </div>
        <DialogActions>
          <Button onClick={onClose}>Done</Button>
        </DialogActions>
      </Dialog>
    )
  }
  return (
    <KeyFormDialog
      title="Roll webhook secret"
      submitLabel="Roll secret"
      pendingLabel="Rolling…"
      onClose={onClose}
      onSubmit={async (form) => setSecret(await onRoll(firstSecret ? 0 : Number(new FormData(form).get('grace'))))}
    >
      {firstSecret ? (
        <p>This project's secret was made before deliveries were signed, so it cannot sign them. A new secret replaces it.</p>
      ) : (
        <>
          <p>
            A new secret signs every delivery. Until the old one stops, deliveries carry both signatures, so your receiver keeps working while you deploy the
            new one.
          </p>
          <ChoiceField label="The old secret stops working" name="grace" options={ROLL_GRACE} defaultValue="86400" />
        </>
      )}
    </KeyFormDialog>
  )
}
