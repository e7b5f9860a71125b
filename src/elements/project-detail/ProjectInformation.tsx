import { useId, useState, type ReactNode } from 'react'
import type { Project } from '../../api/types'
import { Heading } from '../../components/Heading'
import { StatusBadge } from '../../components/StatusBadge'
import { Identifier } from '../../components/table'
import { formatDate } from '../../format-date'
import { useLang, useT } from '../../i18n'
import { project as texts } from '../../i18n/en/project'
import { FOCUS_RING } from '../../components/focus-ring'

/** API Project IDs shown before "+N more". */
export const IDS_SHOWN = 3

function Item({ term, wide, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`min-w-0 ${wide ? 'basis-full' : 'max-w-full'}`}>
      <dt className="text-xs font-medium text-muted">{term}</dt>
      <dd className="mt-1 min-w-0 break-words text-sm text-fg">{children}</dd>
    </div>
  )
}

/** The ids, each whole on its line (never broken inside), the first IDS_SHOWN of them until "+N more" shows the rest. */
function KeyIds({ ids }: { ids: string[] }) {
  const [all, setAll] = useState(false)
  const listId = useId()
  const t = useT(texts)
  if (!ids.length) return <span className="text-muted">{t('project.info.noKeys')}</span>
  const shown = all ? ids : ids.slice(0, IDS_SHOWN)
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <ul id={listId} dir="ltr" className="flex min-w-0 flex-wrap gap-x-3 gap-y-1 font-mono text-xs">
        {shown.map((keyId) => (
          <li key={keyId} title={keyId} className="min-w-0 max-w-full truncate whitespace-nowrap">
            ({keyId})
          </li>
        ))}
      </ul>
      {ids.length > IDS_SHOWN && (
        <button
          type="button"
          aria-expanded={all}
          aria-controls={listId}
          onClick={() => setAll(!all)}
          className={`rounded-flex text-xs font-semibold text-accent hover:text-accent-hover ${FOCUS_RING}`}
        >
          {all ? t('project.info.fewer') : t('project.info.more', { count: ids.length - IDS_SHOWN })}
        </button>
      )}
    </span>
  )
}

/**
 * 'Project Information' as a compact summary under the keys: the spec's six
 * fields in a grid, the API Project IDs cut to a few. Text from the server is
 * shown as plain text, wrapped in place.
 */
export function ProjectInformation({ project }: { project: Project }) {
  const headingId = useId()
  const t = useT(texts)
  const lang = useLang()
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-flex border border-border bg-surface p-4 cq-sm:px-6">
      <Heading id={headingId} depth={1} className="break-words text-lg font-semibold text-fg">
        {t('project.info.heading')}
      </Heading>
      {/* Each short field as wide as its value (an id shows whole), side by side while they fit. */}
      <dl className="mt-4 flex flex-wrap gap-x-10 gap-y-4">
        <Item term={t('project.info.name')}>
          <span dir="auto">{project.name || '—'}</span>
        </Item>
        <Item term={t('project.info.id')}>
          <Identifier value={project.id} copyLabel={t('project.info.copyId')} />
        </Item>
        <Item term={t('project.info.created')}>
          <time dateTime={project.createDate}>{formatDate(project.createDate, lang)}</time>
        </Item>
        <Item term={t('project.info.status')}>
          <StatusBadge status={project.status} />
        </Item>
        <Item term={t('project.info.description')} wide>
          <span dir="auto" className="whitespace-pre-line">
            {project.description || '—'}
          </span>
        </Item>
        <Item term={t('project.info.keyIds')} wide>
          <KeyIds ids={Object.keys(project.apiKey)} />
        </Item>
      </dl>
    </section>
  )
}
