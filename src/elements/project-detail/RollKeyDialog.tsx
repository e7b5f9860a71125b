import type { KeyInfo } from '../../api/types'
import { ChoiceField } from './ChoiceField'
import { KeyFormDialog } from './KeyFormDialog'

const DAY = 86_400
/** When the old key stops working after a roll: [text, grace period in seconds]. */
export const ROLL_GRACE = [
  ['Now', '0'],
  ['In 1 hour', '3600'],
  ['In 24 hours', `${DAY}`],
  ['In 7 days', `${7 * DAY}`],
] as const

/** Roll: a new key with the same name replaces this one, which keeps working for the chosen time. */
export function RollKeyDialog({ info, onClose, onRoll }: { info: KeyInfo; onClose: () => void; onRoll: (graceSeconds: number) => Promise<void> }) {
  return (
    <KeyFormDialog title="Roll API key" submitLabel="Roll key" onClose={onClose} onSubmit={(form) => onRoll(Number(new FormData(form).get('grace')))}>
      <p dir="auto">{info.name}: a new key with this name replaces it.</p>
      <ChoiceField label="The old key stops working" name="grace" options={ROLL_GRACE} defaultValue={`${DAY}`} />
    </KeyFormDialog>
  )
}
