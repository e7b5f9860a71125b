/** A member's roles in a project (servers with the `teams` feature), apart from the team calls: the project list reads them too. */
import { ROLES, type Role } from '../../contract/constants'

export { ROLES, type Role }

export const isRole = (x: unknown): x is Role => typeof x === 'string' && (ROLES as readonly string[]).includes(x)
