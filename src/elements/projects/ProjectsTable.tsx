import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react'
import type { ProjectSummary } from '../../api/types'
import { useWidth } from '../../hooks/useWidth'
import { useVirtualRows } from './useVirtualRows'
import { useNavigation } from '../../router/navigation'
import { filterProjects, toSearchable } from './filter-projects'
import { ProjectRow } from './ProjectRow'
import { useT } from '../../i18n'
import { projects as texts } from '../../i18n/en/projects'
import { roles } from '../../i18n/en/roles'

/** Matches the rows' `h-14`; stacked rows (below 560 px of element width) are `h-24`. */
export const ROW_HEIGHT_PX = 56
const STACKED_ROW_HEIGHT_PX = 96

const th = 'px-4 py-3 text-xs font-semibold uppercase tracking-wide text-muted'

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
  // The table is a size container of its own: beside a sidebar, in a narrow
  // column, it stacks by the room it has, not by the element's width.
  const box = useRef<HTMLDivElement>(null)
  const width = useWidth(box)
  const stacked = width > 0 && width < 560
  const { ref, first, last, padTop, padBottom } = useVirtualRows<HTMLDivElement>(rows.length, stacked ? STACKED_ROW_HEIGHT_PX : ROW_HEIGHT_PX)
  // The project a <flex-project-detail> on the page (or the route) shows is marked in the list.
  const chosen = useNavigation().route.query.get('projectid')
  const searchId = useId()
  const t = useT(texts)
  const r = useT(roles)
  const showRole = projects.some((p) => p.role !== undefined)
  const columns = showRole ? 6 : 5

  useEffect(() => {
    if (ref.current) ref.current.scrollTop = 0
  }, [deferredQuery, ref])

  const filtering = deferredQuery.trim() !== ''
  return (
    <div ref={box} className="flex-cq min-w-0">
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
            className="block w-full rounded-flex border border-border bg-bg px-3 py-2 text-sm text-fg focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent"
          />
        </div>
        <p role="status" className="text-sm text-muted">
          {filtering ? t('projects.matching', { count: rows.length, total: projects.length }) : t('projects.count', { count: projects.length })}
        </p>
      </div>
      {/* Focusable so the keyboard can scroll through every row, not only the rendered ones. */}
      <div
        ref={ref}
        tabIndex={0}
        role="region"
        aria-label={t('projects.region')}
        className="max-h-[70vh] overflow-auto rounded-flex border border-border bg-surface focus:outline-none focus-visible:ring-2 focus-visible:ring-focus"
      >
        <table aria-rowcount={rows.length + 1} className="block w-full table-fixed text-start text-sm text-fg cq-sm:table">
          <caption className="sr-only">{t('projects.caption')}</caption>
          <thead className="sticky top-0 z-10 hidden bg-raised cq-sm:table-header-group">
            <tr aria-rowindex={1}>
              <th scope="col" className={`${th} w-1/4`}>
                {t('projects.column.name')}
              </th>
              <th scope="col" className={`${th} w-1/5`}>
                {t('projects.column.id')}
              </th>
              <th scope="col" className={th}>
                {t('projects.column.description')}
              </th>
              <th scope="col" className={`${th} w-36`}>
                {t('projects.column.created')}
              </th>
              {showRole && (
                <th scope="col" className={`${th} w-28`}>
                  {r('projects.column.role')}
                </th>
              )}
              <th scope="col" className={`${th} w-32`}>
                {t('projects.column.status')}
              </th>
            </tr>
          </thead>
          <tbody className="block cq-sm:table-row-group">
            {padTop > 0 && (
              <tr aria-hidden="true" style={{ height: padTop }}>
                <td colSpan={columns} />
              </tr>
            )}
            {rows.slice(first, last).map((project, i) => (
              <ProjectRow key={project.id} project={project} rowIndex={first + i + 2} current={project.id === chosen} showRole={showRole} />
            ))}
            {padBottom > 0 && (
              <tr aria-hidden="true" style={{ height: padBottom }}>
                <td colSpan={columns} />
              </tr>
            )}
            {rows.length === 0 && (
              <tr>
                <td colSpan={columns} className="px-4 py-8 text-center text-muted">
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
