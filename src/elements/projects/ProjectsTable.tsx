import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react'
import type { ProjectSummary } from '../../api/types'
import { COLUMN_ATTR, HEAD, NAME_ATTR, NAME_HEAD, useFit, type FitColumn } from '../../components/table'
import { useVirtualRows } from './useVirtualRows'
import { useNavigation } from '../../router/navigation'
import { filterProjects, toSearchable } from './filter-projects'
import { ProjectRow } from './ProjectRow'
import { useT } from '../../i18n'
import { projects as texts } from '../../i18n/en/projects'
import { roles } from '../../i18n/en/roles'
import { FOCUS_RING } from '../../components/focus-ring'

/** Matches the rows' `h-14`; rows as cards (a box too narrow for the columns) are `h-24`. */
export const ROW_HEIGHT_PX = 56
const STACKED_ROW_HEIGHT_PX = 96

/** The columns beside the name that the fitting weighs (estimated widths until measured). */
const FIT: FitColumn[] = [
  { id: 'id', priority: 0, width: 230 },
  { id: 'description', priority: 2, width: 248 },
  { id: 'created', priority: 1, width: 130 },
  { id: 'status', priority: 0, width: 110 },
]

const HEADERS = {
  id: 'projects.column.id',
  description: 'projects.column.description',
  created: 'projects.column.created',
  status: 'projects.column.status',
} as const

/** A server with teams sends each project's role: a column that goes before the description does. */
const ROLE: FitColumn = { id: 'role', priority: 1, width: 110 }
const FIT_WITH_ROLE = [...FIT.slice(0, 3), ROLE, FIT[3]!]

/**
 * The projects table with a name search above it. Only the rows in
 * view (plus a margin) are in the DOM, so ten thousand projects render and
 * scroll like twenty; the search reaches any of them by name.
 */
export function ProjectsTable({ projects }: { projects: ProjectSummary[] }) {
  const [query, setQuery] = useState('')
  // Typing stays responsive on a long list: filtering may lag a keystroke behind.
  const deferredQuery = useDeferredValue(query)
  const searchable = useMemo(() => toSearchable(projects), [projects])
  const rows = useMemo(() => filterProjects(searchable, deferredQuery), [searchable, deferredQuery])
  // The one table pattern's fitting, on the table's own box: beside a sidebar,
  // in a narrow column, it drops columns and then stacks by the room it has.
  const showRole = projects.some((p) => p.role !== undefined)
  const fit = useFit(showRole ? FIT_WITH_ROLE : FIT)
  const stacked = fit.cards
  const { ref, first, last, padTop, padBottom } = useVirtualRows<HTMLDivElement>(rows.length, stacked ? STACKED_ROW_HEIGHT_PX : ROW_HEIGHT_PX)
  // The project a <flex-project-detail> on the page (or the route) shows is marked in the list.
  const chosen = useNavigation().route.query.get('projectid')
  const searchId = useId()
  const t = useT(texts)
  const r = useT(roles)

  useEffect(() => {
    if (ref.current) ref.current.scrollTop = 0
  }, [deferredQuery, ref])

  const filtering = deferredQuery.trim() !== ''
  const columns = fit.shown as (keyof typeof HEADERS | 'role')[]
  const span = columns.length + 1
  return (
    <div ref={fit.box} className="flex-cq min-w-0">
      <div className="mb-3 flex flex-col gap-2 cq-sm:flex-row cq-sm:items-center cq-sm:justify-between">
        <div className="w-full cq-sm:max-w-xs">
          <label htmlFor={searchId} className="sr-only">
            {t('projects.search')}
          </label>
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('projects.search')}
            autoComplete="off"
            className="block w-full rounded-flex border border-input-border bg-bg px-3 py-2 text-sm text-fg focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent"
          />
        </div>
        <p role="status" className="text-sm text-muted">
          {filtering ? t('projects.matching', { count: rows.length, total: projects.length }) : t('projects.count', { count: projects.length })}
        </p>
      </div>
      {/* Focusable so the keyboard can scroll through every row, not only the rendered ones. Positioned, so
          the rows' absolutely placed screen-reader texts scroll and clip with it, not stretch the page below. */}
      <div
        ref={ref}
        tabIndex={0}
        role="region"
        aria-label={t('projects.region')}
        className={`relative max-h-[70vh] overflow-auto rounded-flex border border-border bg-surface ${FOCUS_RING}`}
      >
        <table aria-rowcount={rows.length + 1} className={`w-full text-sm text-fg ${stacked ? 'block' : ''}`}>
          <caption className="sr-only">{t('projects.caption')}</caption>
          <thead className={stacked ? 'hidden' : 'sticky top-0 z-10 bg-raised'}>
            <tr aria-rowindex={1}>
              <th scope="col" {...{ [NAME_ATTR]: '' }} className={`${HEAD} ${NAME_HEAD}`}>
                {t('projects.column.name')}
              </th>
              {columns.map((id) => (
                <th key={id} scope="col" {...{ [COLUMN_ATTR]: id }} className={HEAD}>
                  {id === 'role' ? r('projects.column.role') : t(HEADERS[id])}
                </th>
              ))}
            </tr>
          </thead>
          {/* As cards, a line between two and none above the first: the box around them has a border of its own. */}
          <tbody className={stacked ? 'block divide-y divide-border' : ''}>
            {padTop > 0 && (
              <tr aria-hidden="true" style={{ height: padTop }}>
                <td colSpan={span} />
              </tr>
            )}
            {rows.slice(first, last).map((project, i) => (
              <ProjectRow
                key={project.id}
                project={project}
                rowIndex={first + i + 2}
                current={project.id === chosen}
                shown={fit.shown}
                cards={stacked}
                showRole={showRole}
              />
            ))}
            {padBottom > 0 && (
              <tr aria-hidden="true" style={{ height: padBottom }}>
                <td colSpan={span} />
              </tr>
            )}
            {rows.length === 0 && (
              <tr>
                <td colSpan={span} className="px-4 py-8 text-center text-muted">
                  {t('projects.noMatch')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  )
}
