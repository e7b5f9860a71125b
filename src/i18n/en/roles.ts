/** English names of a member's roles, and the dashboard's role column: apart from teams.ts, so the dashboard carries only these. */
export const roles = {
  'role.owner': 'Owner',
  'role.admin': 'Admin',
  'role.developer': 'Developer',
  'role.viewer': 'Viewer',
  'projects.column.role': 'Role',
}
