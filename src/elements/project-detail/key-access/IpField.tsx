import { useContext, useId, useState } from 'react'
import { FormError } from '../../../components/form-dialog/FormTextField'

/**
 * The address allowlist, one entry per line. `problem` is the dialog's own
 * check of what is typed, said at once under the field; after a refused
 * attempt, the refusal (when it is about this field) is said there instead,
 * until the list is changed.
 */
export function IpField({
  label,
  hint,
  value,
  problem,
  onChange,
}: {
  label: string
  hint: string
  value: string
  problem?: string
  onChange: (text: string) => void
}) {
  const error = useContext(FormError)
  const id = useId()
  // The list as it was when the last refusal came: a refusal of an older list no longer holds.
  const [refused, setRefused] = useState({ error, value })
  if (refused.error !== error) setRefused({ error, value })
  const shown = problem ?? (error?.field === 'ips' && refused.value === value ? error.text : undefined)
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-fg">
        {label}
      </label>
      <p id={id + 'h'} className="mt-1 text-xs text-muted">
        {hint}
      </p>
      <textarea
        id={id}
        name="ips"
        rows={3}
        dir="ltr"
        spellCheck={false}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={shown ? true : undefined}
        aria-describedby={[id + 'h', shown && id + 'e'].filter(Boolean).join(' ')}
        placeholder={'203.0.113.0/24\n2001:db8::/32'}
        className="mt-2 block w-full rounded-flex border border-border bg-bg px-3 py-2 font-mono text-sm text-fg focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent"
      />
      {shown && (
        <p id={id + 'e'} className="mt-1 text-sm text-danger">
          {shown}
        </p>
      )}
    </div>
  )
}
