import { useId, type ReactNode } from 'react'
import type { Project } from '../../api/types'
import { formatDate } from '../../format-date'

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="py-4 cq-sm:grid cq-sm:grid-cols-3 cq-sm:gap-4">
      <dt className="text-sm font-medium text-muted">{term}</dt>
      <dd className="mt-1 min-w-0 break-words text-sm text-fg cq-sm:col-span-2 cq-sm:mt-0">{children}</dd>
    </div>
  )
}

/** 'Project Information'. Text from the server is shown as plain text, wrapped in place. */
export function ProjectInformation({ project }: { project: Project }) {
  const keyIds = Object.keys(project.apiKey)
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="rounded-flex border border-border bg-surface px-6">
      <h2 id={headingId} className="border-b border-border py-4 text-lg font-semibold text-fg">
        Project Information
      </h2>
      <dl className="divide-y divide-border">
        <Item term="Name">
          <span dir="auto">{project.name || '—'}</span>
        </Item>
        <Item term="API Project IDs">
          {keyIds.length ? (
            <ul className="flex flex-wrap gap-x-3 gap-y-1 font-mono text-xs">
              {keyIds.map((keyId) => (
                <li key={keyId} className="break-all">
                  ({keyId})
                </li>
              ))}
            </ul>
          ) : (
            <span className="text-muted">None yet. Use Create below to make a key.</span>
          )}
        </Item>
        <Item term="Project ID">
          <span className="break-all font-mono text-xs">{project.id}</span>
        </Item>
        <Item term="Date created">
          <time dateTime={project.createDate}>{formatDate(project.createDate)}</time>
        </Item>
        <Item term="Project Description">
          <span dir="auto" className="whitespace-pre-line">
            {project.description || '—'}
          </span>
        </Item>
        <Item term="Status">
          <span dir="auto">{project.status || '—'}</span>
        </Item>
      </dl>
    </section>
  )
}
