import { useState } from 'react'
import { Alert } from '../Alert'
import { Button } from '../Button'
import { CopyButton } from '../copy-field/CopyButton'
import { CopyField } from '../copy-field/CopyField'
import { Dialog } from '../dialog/Dialog'
import { DialogActions } from '../dialog/DialogActions'
import { useT } from '../../i18n'
import { webhooks } from '../../i18n/en/webhooks'
import { ChoiceField } from '../ChoiceField'
import { FormDialog } from '../form-dialog/FormDialog'
import { GRACE_DEFAULT, useGraceOptions } from '../../hooks/useGraceOptions'
import { useElement } from '../../context/element'

export interface RollSecretDialogProps {
  /** The current secret cannot sign (it predates signing): no overlap to choose. */
  firstSecret: boolean
  onClose: () => void
  /** Rolls; resolves with the new secret, shown here once. A rejection is shown in the dialog. */
  onRoll: (graceSeconds: number) => Promise<string>
}

/**
 * "Roll secret": when the old secret stops signing, then the new one, shown
 * once (so only Exit closes it, as every dialog that shows something once), with "Copy as .env".
 */
export function RollSecretDialog({ firstSecret, onClose, onRoll }: RollSecretDialogProps) {
  const t = useT(webhooks)
  const grace = useGraceOptions()
  const [secret, setSecret] = useState<string | null>(null)
  const { envPrefix } = useElement()
  if (secret) {
    return (
      <Dialog open onClose={onClose} title={t('webhooks.secret.title')} dismissible={false}>
        <Alert tone="warning" className="mt-4">
          {t('webhooks.secret.once')}
        </Alert>
        <div className="mt-4 space-y-3">
          <CopyField label={t('webhooks.secret.label')} value={secret} />
          <div className="flex flex-wrap items-center gap-2">
            <CopyButton label={t('webhooks.secret.copyEnv')} text={() => `${envPrefix}_WEBHOOK_SECRET=${secret}\n`} />
          </div>
        </div>
        <DialogActions>
          <Button onClick={onClose}>{t('webhooks.secret.done')}</Button>
        </DialogActions>
      </Dialog>
    )
  }
  return (
    <FormDialog
      title={t('webhooks.roll.title')}
      submitLabel={t('webhooks.rollSecret')}
      pendingLabel={t('webhooks.roll.pending')}
      onClose={onClose}
      onSubmit={async (form) => setSecret(await onRoll(firstSecret ? 0 : Number(new FormData(form).get('grace'))))}
    >
      {firstSecret ? (
        <p>{t('webhooks.roll.first')}</p>
      ) : (
        <>
          <p>{t('webhooks.roll.overlap')}</p>
          <ChoiceField label={t('webhooks.roll.grace')} name="grace" options={grace} defaultValue={GRACE_DEFAULT} />
        </>
      )}
    </FormDialog>
  )
}
