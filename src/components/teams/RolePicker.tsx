import { useState } from 'react'
import { GRANTABLE, type Role } from '../../api/members'
import { useT } from '../../i18n'
import { teams } from '../../i18n/en/teams'
import { ROLE_HINT, ROLE_NAME } from './role-names'
import { roles } from '../../i18n/en/roles'

/**
 * The roles an invitation or a role change can give, each with what it may
 * do: radio buttons read from the form on submit, so the choice is made
 * knowing what it grants.
 */
export function RolePicker({ defaultRole = 'developer' }: { defaultRole?: Role }) {
  const t = useT(teams)
  const r = useT(roles)
  // Held here only to mark the chosen card: the form still reads the radio on submit.
  const [chosen, setChosen] = useState(defaultRole)
  return (
    <fieldset>
      <legend className="text-sm font-medium text-fg">{r('projects.column.role')}</legend>
      <div className="mt-2 space-y-2">
        {GRANTABLE.map((role) => (
          <label
            key={role}
            className={`flex cursor-pointer items-start gap-3 rounded-flex border bg-bg px-3 py-2 focus-within:ring-2 focus-within:ring-focus ${role === chosen ? 'border-accent' : 'border-border hover:border-muted'}`}
          >
            <input
              type="radio"
              name="role"
              value={role}
              defaultChecked={role === defaultRole}
              onChange={() => setChosen(role)}
              className="mt-1 accent-accent focus:outline-none"
            />
            <span className="min-w-0">
              <span className="block font-medium text-fg">{r(ROLE_NAME[role])}</span>
              <span className="block text-xs text-muted">{t(ROLE_HINT[role])}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
