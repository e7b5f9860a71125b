import { useContext, useId, useState } from 'react'
import { MAX_ALLOWED_IPS } from '../../../../contract/constants'
import { FormError } from '../../../components/form-dialog/FormTextField'
import { useT } from '../../../i18n'
import { keyAccess as texts } from '../../../i18n/en/key-access'

/**
 * The address allowlist, one entry per line. `problem` is the dialog's own
 * check of what is typed, said at once under the field; else a refusal of
 * the last attempt about the allowlist is said there, until the list changes.
 */
export function IpField({ value, problem, onChange }: { value: string; problem?: string; onChange: (text: string) => void }) {
  const t = useT(texts)
  const refused = useContext(FormError)
  const id = useId()
  // The list as it was when the last refusal came: a refusal of an older list no longer holds.
  const [then, setThen] = useState({ refused, value })
  if (then.refused !== refused) setThen({ refused, value })
  const shown = problem ?? (refused?.field === 'ips' && then.value === value ? refused.text : undefined)
  return (
    <div>
      <label htmlFor={id} className="block font-medium">
        {t('keyAccess.ips')}
      </label>
      <p id={id + 'h'} className="mt-1 text-xs text-muted">
        {t('keyAccess.ips.hint', { max: MAX_ALLOWED_IPS })}
      </p>
      <textarea
        id={id}
        rows={3}
        dir="ltr"
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={!!shown || undefined}
        aria-describedby={`${id}h ${id}e`}
        placeholder={'203.0.113.0/24\n2001:db8::/32'}
        className="mt-2 block w-full rounded-flex border border-input-border bg-bg px-3 py-2 font-mono focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent"
      />
      <p id={id + 'e'} className="mt-1 text-danger">
        {shown}
      </p>
    </div>
  )
}
