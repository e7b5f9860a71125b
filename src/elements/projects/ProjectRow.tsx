import { memo } from 'react'
import { StatusBadge } from '../../components/StatusBadge'
import type { ProjectSummary } from '../../api/types'
import { CopyIdButton } from '../../components/copy-field/CopyIdButton'
import { RouteLink } from '../../router/RouteLink'
import { projectHref } from '../../router/routes'
import { formatDate } from '../../format-date'
import { useLang, useT } from '../../i18n'
import { projects } from '../../i18n/en/projects'
import { roles } from '../../i18n/en/roles'
import { ROLE_NAME } from '../../components/teams/role-names'

// Every cell is one truncated line, which keeps rows at the fixed height the
// windowing relies on; the full text is in the title. dir="auto" lets
// right-to-left names lay out correctly inside a left-to-right table.
// Below 560 px of table width a row is a stacked card of a fixed height too,
// instead of a row to scroll sideways: name and status on the first line (the
// status follows the name: the id and date are ordered after it), then the id
// with its copy button, then the date.
const cell = 'min-w-0 cq-sm:h-14 cq-sm:px-4 cq-sm:align-middle'

/** One project in the table; `rowIndex` is its 1-based position counting the header row. */
export const ProjectRow = memo(function ProjectRow({
  project,
  rowIndex,
  current,
  showRole,
}: {
  project: ProjectSummary
  rowIndex: number
  current: boolean
  /** A server with teams: the reader's role in each project. */
  showRole?: boolean
}) {
  const t = useT(projects)
  const r = useT(roles)
  const lang = useLang()
  return (
    <tr
      aria-rowindex={rowIndex}
      aria-current={current || undefined}
      className={`flex h-24 flex-wrap content-center gap-x-3 border-t border-border px-4 hover:bg-raised cq-sm:table-row cq-sm:h-auto cq-sm:px-0 ${current ? 'bg-raised' : ''}`}
    >
      <td className={`${cell} flex-1`}>
        <RouteLink
          to={projectHref(project.id)}
          dir="auto"
          title={project.name || undefined}
          className="block truncate rounded-flex font-medium text-accent hover:text-accent-hover hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-focus"
        >
          {project.name || <span className="italic">{t('projects.untitled')}</span>}
        </RouteLink>
      </td>
      <td className={`${cell} order-2 basis-full`}>
        <span className="flex items-center gap-1">
          <span dir="ltr" className="truncate font-mono text-xs text-fg" title={project.id}>
            {project.id}
          </span>
          <CopyIdButton value={project.id} />
        </span>
      </td>
      <td className={`${cell} hidden cq-sm:table-cell`}>
        <span dir="auto" className="block truncate text-muted" title={project.description || undefined}>
          {project.description || '—'}
        </span>
      </td>
      <td className={`${cell} order-2 basis-full`}>
        <time dateTime={project.createDate} title={project.createDate} className="block truncate text-muted">
          {formatDate(project.createDate, lang)}
        </time>
      </td>
      {showRole && (
        <td className={`${cell} text-muted`}>
          <span className="cq-sm:hidden">{r('projects.column.role')}: </span>
          {project.role ? r(ROLE_NAME[project.role]) : '—'}
        </td>
      )}
      <td className={cell}>
        <StatusBadge status={project.status} />
      </td>
    </tr>
  )
})
