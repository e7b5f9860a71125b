import { memo } from 'react'
import type { ProjectSummary } from '../../api/types'
import { RouteLink } from '../../router/RouteLink'
import { projectHref } from '../../router/routes'
import { formatDate } from './format-date'

// Every cell is one truncated line, which keeps rows at the fixed height the
// windowing relies on; the full text is in the title. dir="auto" lets
// right-to-left names lay out correctly inside a left-to-right table.
const cell = 'h-14 px-4 align-middle'

/** One project in the table; `rowIndex` is its 1-based position counting the header row. */
export const ProjectRow = memo(function ProjectRow({ project, rowIndex }: { project: ProjectSummary; rowIndex: number }) {
  return (
    <tr aria-rowindex={rowIndex} className="border-t border-border hover:bg-raised">
      <td className={cell}>
        <RouteLink
          to={projectHref(project.id)}
          dir="auto"
          title={project.name || undefined}
          className="block truncate rounded-flex font-medium text-accent hover:text-accent-hover hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-focus"
        >
          {project.name || <span className="italic">Untitled project</span>}
        </RouteLink>
      </td>
      <td className={cell}>
        <span className="block truncate font-mono text-xs text-fg" title={project.id}>
          {project.id}
        </span>
      </td>
      <td className={cell}>
        <span dir="auto" className="block truncate text-muted" title={project.description || undefined}>
          {project.description || '—'}
        </span>
      </td>
      <td className={cell}>
        <time dateTime={project.createDate} title={project.createDate} className="block truncate text-muted">
          {formatDate(project.createDate)}
        </time>
      </td>
      <td className={cell}>
        <span dir="auto" title={project.status} className="inline-block max-w-full truncate rounded-full border border-border bg-raised px-2 py-0.5 align-middle text-xs text-fg">
          {project.status || '—'}
        </span>
      </td>
    </tr>
  )
})
