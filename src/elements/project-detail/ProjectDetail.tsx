import { useCallback, useEffect, type ReactNode } from 'react'
import { errorMessage, isApiError } from '../../api/errors'
import { Alert } from '../../components/Alert'
import { Spinner } from '../../components/Button'
import { useAsync } from '../../hooks/useAsync'
import { useManageApi } from '../../hooks/useManageApi'
import { store } from '../../store'
import { RouteLink } from '../../router/RouteLink'
import { ApiActions } from './ApiActions'
import { NoProjectChosen } from './NoProjectChosen'
import { ProjectInformation } from './ProjectInformation'
import { Usage } from './usage'

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex-1 bg-bg px-4 py-6 cq-sm:px-6">
      <div className="mx-auto max-w-4xl">
        <header className="mb-6 flex flex-col-reverse gap-3 border-b border-border pb-6 cq-sm:flex-row cq-sm:items-start cq-sm:justify-between">
          <h1 dir="auto" className="min-w-0 break-words text-2xl font-bold text-fg">
            {title}
          </h1>
          <RouteLink
            to="/dashboard"
            className="shrink-0 rounded-flex text-sm font-semibold text-accent hover:text-accent-hover focus:outline-none focus-visible:ring-2 focus-visible:ring-focus"
          >
            <span aria-hidden="true">← </span>Back to Dashboard
          </RouteLink>
        </header>
        {children}
      </div>
    </div>
  )
}

/** One project: its information and API actions, with loading, not-found and error states. */
export function ProjectDetail({ id }: { id: string }) {
  const api = useManageApi()
  const load = useCallback((signal: AbortSignal) => api.getProject(id, signal), [api, id])
  const project = useAsync(id ? load : null)
  const opened = Boolean(project.data)
  // The project opened last is the one every <flex-snippet> on the page shows.
  useEffect(() => {
    if (opened) store.getState().pickSnippetProject(id)
  }, [id, opened])

  if (!id) return <NoProjectChosen />
  const notFound = isApiError(project.error) && project.error.status === 404
  if (notFound) {
    return (
      <Page title="Project not found">
        <div role="alert" className="rounded-flex border border-border bg-surface p-6 text-sm">
          <p className="font-semibold text-fg">Project not found.</p>
          <p className="mt-1 text-muted">It may have been deleted, or the link is wrong.</p>
        </div>
      </Page>
    )
  }

  const { data } = project
  if (!data) {
    return (
      <Page title="Project">
        {project.error !== undefined ? (
          <Alert onRetry={project.reload}>
            <p className="font-semibold">This project could not be loaded.</p>
            <p>{errorMessage(project.error)}</p>
          </Alert>
        ) : (
          <p role="status" className="flex items-center gap-3 text-sm text-muted">
            <Spinner />
            Loading project…
          </p>
        )}
      </Page>
    )
  }

  return (
    <Page title={data.name || 'Untitled project'}>
      {project.error !== undefined && (
        <Alert className="mb-6" onRetry={project.reload}>
          {errorMessage(project.error)}
        </Alert>
      )}
      <ProjectInformation project={data} />
      <ApiActions project={data} onChanged={project.reload} />
      <Usage project={data} />
    </Page>
  )
}
