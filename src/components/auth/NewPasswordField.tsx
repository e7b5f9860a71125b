import { useId } from 'react'
import { TextField } from '../TextField'

/**
 * A new password with the server's rule stated under it before submit (sign-up
 * and the reset); a refused password's own message shows under the field.
 */
export function NewPasswordField({ label, rule, error }: { label: string; rule: string; error?: string }) {
  const ruleId = useId()
  return (
    <div>
      <TextField label={label} name="password" type="password" autoComplete="new-password" required aria-describedby={ruleId} error={error} />
      <p id={ruleId} className="mt-2 text-sm text-muted">
        {rule}
      </p>
    </div>
  )
}
