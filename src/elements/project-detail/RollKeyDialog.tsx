import type { KeyInfo } from '../../api/types'
import { ChoiceField } from '../../components/ChoiceField'
import { FormDialog } from '../../components/form-dialog/FormDialog'
import { GRACE_DEFAULT, useGraceOptions } from '../../hooks/useGraceOptions'
import { useT } from '../../i18n'
import { keys as texts } from '../../i18n/en/keys'
import { isolate } from '../../i18n/isolate'

/** Roll: a new key with the same name replaces this one, which keeps working for the chosen time. */
export function RollKeyDialog({ info, onClose, onRoll }: { info: KeyInfo; onClose: () => void; onRoll: (graceSeconds: number) => Promise<void> }) {
  const t = useT(texts)
  const grace = useGraceOptions()
  return (
    <FormDialog
      title={t('keys.roll.title')}
      submitLabel={t('keys.roll.submit')}
      onClose={onClose}
      onSubmit={(form) => onRoll(Number(new FormData(form).get('grace')))}
    >
      <p>{t('keys.roll.text', { name: isolate(info.name) })}</p>
      <ChoiceField label={t('keys.roll.grace')} name="grace" options={grace} defaultValue={GRACE_DEFAULT} />
    </FormDialog>
  )
}
