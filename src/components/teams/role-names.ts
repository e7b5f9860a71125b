import type { Role } from '../../api/roles'

/** Each role's name, and what the roles an invitation may give each allow, as catalog ids (written out: the catalog's check finds every id it ships). */
export const ROLE_NAME = { owner: 'role.owner', admin: 'role.admin', developer: 'role.developer', viewer: 'role.viewer' } as const satisfies Record<
  Role,
  string
>
export const ROLE_HINT = { admin: 'role.admin.hint', developer: 'role.developer.hint', viewer: 'role.viewer.hint' } as const
