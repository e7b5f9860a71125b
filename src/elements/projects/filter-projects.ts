import type { ProjectSummary } from '../../api/types'

export interface Searchable {
  project: ProjectSummary
  /** Lower-cased name and id, computed once per list rather than per keystroke. */
  haystack: string
}

export const toSearchable = (projects: ProjectSummary[]): Searchable[] =>
  projects.map((project) => ({ project, haystack: `${project.name}\n${project.id}`.toLocaleLowerCase() }))

/** Projects whose name (or id) contains the query, case-insensitively, in list order. */
export function filterProjects(list: Searchable[], query: string): ProjectSummary[] {
  const q = query.trim().toLocaleLowerCase()
  if (!q) return list.map((s) => s.project)
  const out: ProjectSummary[] = []
  for (const s of list) if (s.haystack.includes(q)) out.push(s.project)
  return out
}
