/** A member's roles in a project (servers with the `teams` feature), apart from the team calls: the project list reads them too. */
export const ROLES = ['owner', 'admin', 'developer', 'viewer'] as const
export type Role = (typeof ROLES)[number]

export const isRole = (x: unknown): x is Role => typeof x === 'string' && (ROLES as readonly string[]).includes(x)
