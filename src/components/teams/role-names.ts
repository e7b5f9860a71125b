import type { Role } from '../../api/roles'

/** Each role's name as a catalog id (written out: the catalog's check finds every id it ships). */
export const ROLE_NAME = { owner: 'role.owner', admin: 'role.admin', developer: 'role.developer', viewer: 'role.viewer' } as const satisfies Record<
  Role,
  string
>
