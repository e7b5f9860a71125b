import type { KeyInfo } from '../../api/types'
import { useT } from '../../i18n'
import { keys as texts } from '../../i18n/en/keys'
import { ChoiceField } from './ChoiceField'
import { KeyFormDialog } from './KeyFormDialog'

const DAY = 86_400

/** When the old key stops working after a roll, in the reader's language: [text, grace period in seconds], as ChoiceField takes it (the webhooks' roll offers the same). */
export function useGraceOptions(): (readonly [string, string])[] {
  const t = useT(texts)
  return [
    [t('keys.grace.now'), '0'],
    [t('keys.grace.inHour'), '3600'],
    [t('keys.grace.inDay'), `${DAY}`],
    [t('keys.grace.inWeek'), `${7 * DAY}`],
  ]
}

/** Roll: a new key with the same name replaces this one, which keeps working for the chosen time. */
export function RollKeyDialog({ info, onClose, onRoll }: { info: KeyInfo; onClose: () => void; onRoll: (graceSeconds: number) => Promise<void> }) {
  const t = useT(texts)
  const grace = useGraceOptions()
  return (
    <KeyFormDialog
      title={t('keys.roll.title')}
      submitLabel={t('keys.roll.submit')}
      onClose={onClose}
      onSubmit={(form) => onRoll(Number(new FormData(form).get('grace')))}
    >
      <p dir="auto">{t('keys.roll.text', { name: info.name })}</p>
      <ChoiceField label={t('keys.roll.grace')} name="grace" options={grace} defaultValue={`${DAY}`} />
    </KeyFormDialog>
  )
}
