import { memo } from 'react'
import { StatusBadge } from '../../components/StatusBadge'
import type { ProjectSummary } from '../../api/types'
import { CELL, Identifier, NAME_ATTR, NAME_CELL } from '../../components/table'
import { RouteLink } from '../../router/RouteLink'
import { projectHref } from '../../router/routes'
import { formatDate } from '../../format-date'
import { useLang, useT } from '../../i18n'
import { projects } from '../../i18n/en/projects'
import { roles } from '../../i18n/en/roles'
import { ROLE_NAME } from '../../components/teams/role-names'
import { FOCUS_RING } from '../../components/focus-ring'

/** The project table's columns that can go, by id (the name and the status always show). */
export type ProjectColumn = 'id' | 'description' | 'created' | 'role'

// Every cell is one line, which keeps rows at the fixed height the windowing
// relies on; the full text is in the title. dir="auto" lets right-to-left
// names lay out correctly inside a left-to-right table. As a card (a box too
// narrow for the columns of priority 0) a row keeps a fixed height too: name
// and status on the first line, then the id with its copy button, then the date.
// The current project's row is raised; forced colours drop that background, so there it takes a border.
const CARD_CELL = 'min-w-0'

/** One project in the table; `rowIndex` is its 1-based position counting the header row. */
export const ProjectRow = memo(function ProjectRow({
  project,
  rowIndex,
  current,
  shown,
  cards,
  showRole,
}: {
  project: ProjectSummary
  rowIndex: number
  current: boolean
  shown: readonly string[]
  cards: boolean
  /** A server with teams: the reader's role in each project. */
  showRole?: boolean
}) {
  const t = useT(projects)
  const r = useT(roles)
  const lang = useLang()
  const cell = cards ? CARD_CELL : CELL
  const has = (c: ProjectColumn) => cards || shown.includes(c)
  return (
    <tr
      aria-rowindex={rowIndex}
      aria-current={current || undefined}
      className={`hover:bg-raised ${cards ? 'flex h-24 flex-wrap content-center gap-x-3 px-4' : 'h-14 border-t border-border'} ${current ? 'bg-raised forced:border' : ''}`}
    >
      <td className={cards ? `${CARD_CELL} flex-1` : `${CELL} ${NAME_CELL}`}>
        {/* Padded: its 20 px line alone is too small a target to touch. */}
        <RouteLink
          to={projectHref(project.id)}
          dir="auto"
          title={project.name || undefined}
          {...{ [NAME_ATTR]: '' }}
          className={`block truncate rounded-flex py-1 font-medium text-accent hover:text-accent-hover hover:underline ${FOCUS_RING}`}
        >
          {project.name || <span className="italic">{t('projects.untitled')}</span>}
        </RouteLink>
      </td>
      {has('id') && (
        <td className={`${cell} ${cards ? 'order-2 basis-full' : ''}`}>
          <Identifier value={project.id} />
        </td>
      )}
      {!cards && shown.includes('description') && (
        <td className={cell}>
          {/* Wider where the table is wide (1,200 px of box or more), so a wide screen does not cut it while the name's column stays empty. */}
          <span dir="auto" className="block w-56 cq-xl:w-[28rem] truncate text-muted" title={project.description || undefined}>
            {project.description || '—'}
          </span>
        </td>
      )}
      {has('created') && (
        <td className={`${cell} ${cards ? 'order-2 basis-full' : ''}`}>
          <time dateTime={project.createDate} title={project.createDate} className="block truncate text-muted">
            {formatDate(project.createDate, lang)}
          </time>
        </td>
      )}
      {showRole && has('role') && (
        <td className={`${cell} text-muted ${cards ? 'order-2 basis-full' : ''}`}>
          {cards && <span>{r('projects.column.role')}: </span>}
          {project.role ? r(ROLE_NAME[project.role]) : '—'}
        </td>
      )}
      <td className={cell}>
        <StatusBadge status={project.status} />
      </td>
    </tr>
  )
})
