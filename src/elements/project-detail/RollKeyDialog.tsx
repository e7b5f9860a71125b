import { useId } from 'react'
import type { KeyInfo } from '../../api/types'
import { KeyFormDialog } from './KeyFormDialog'

/** When the old key stops working after a roll: label and grace period in seconds. */
export const ROLL_GRACE: ReadonlyArray<[string, number]> = [
  ['Now', 0],
  ['1 hour', 3600],
  ['24 hours', 86_400],
  ['7 days', 604_800],
]

/** Roll: a new key replaces this one, which keeps working for the chosen time. */
export function RollKeyDialog({ info, onClose, onRoll }: { info: KeyInfo; onClose: () => void; onRoll: (graceSeconds: number) => Promise<void> }) {
  const selectId = useId()
  return (
    <KeyFormDialog title="Roll API key" submitLabel="Roll key" onClose={onClose} onSubmit={(form) => onRoll(Number(new FormData(form).get('grace')))}>
      <p className="text-muted">
        A new key named <span dir="auto" className="font-semibold text-fg">{info.name}</span> replaces this one.
      </p>
      <div>
        <label htmlFor={selectId} className="block text-sm font-medium text-fg">
          The old key stops working
        </label>
        <select
          id={selectId}
          name="grace"
          defaultValue={86_400}
          className="mt-2 block w-full rounded-flex border border-border bg-bg px-3 py-2 text-sm text-fg focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent"
        >
          {ROLL_GRACE.map(([label, seconds]) => (
            <option key={seconds} value={seconds}>
              {seconds ? `In ${label}` : label}
            </option>
          ))}
        </select>
      </div>
    </KeyFormDialog>
  )
}
