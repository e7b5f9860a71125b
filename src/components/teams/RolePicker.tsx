import { MEMBER_ROLES, type Role } from '../../api/members'
import { useT } from '../../i18n'
import { teams } from '../../i18n/en/teams'
import { ROLE_NAME } from './role-names'
import { roles } from '../../i18n/en/roles'

/** What each role an invitation may give allows, as catalog ids. */
const ROLE_HINT = { admin: 'role.admin.hint', developer: 'role.developer.hint', viewer: 'role.viewer.hint' } as const

/**
 * The roles an invitation or a role change can give, each with what it may
 * do: radio buttons read from the form on submit, so the choice is made
 * knowing what it grants.
 */
export function RolePicker({ defaultRole = 'developer' }: { defaultRole?: Role }) {
  const t = useT(teams)
  const r = useT(roles)
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-fg">{r('projects.column.role')}</legend>
      {MEMBER_ROLES.map((role) => (
        <label key={role} className="flex items-start gap-3">
          <input type="radio" name="role" value={role} defaultChecked={role === defaultRole} className="mt-1 accent-accent" />
          <span>
            <span className="block font-medium text-fg">{r(ROLE_NAME[role])}</span>
            <span className="block text-xs text-muted">{t(ROLE_HINT[role])}</span>
          </span>
        </label>
      ))}
    </fieldset>
  )
}
