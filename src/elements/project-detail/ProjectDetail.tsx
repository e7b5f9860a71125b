import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { isApiError } from '../../api/errors'
import { useErrorText } from '../../hooks/useErrorText'
import { Alert } from '../../components/Alert'
import { Button, Spinner } from '../../components/Button'
import { Heading } from '../../components/Heading'
import { SkeletonBar } from '../../components/table'
import { useElement } from '../../context/element'
import { emit } from '../../events'
import { useAsync } from '../../hooks/useAsync'
import { useCapability } from '../../hooks/useCapability'
import { useManageApi } from '../../hooks/useManageApi'
import { deleteProject, getProject, updateProject } from '../../api/projects'
import { sessionOf, store } from '../../store'
import { RouteLink } from '../../router/RouteLink'
import { useNavigation } from '../../router/navigation'
import { useT } from '../../i18n'
import { project as texts } from '../../i18n/en/project'
import { around, SLOT } from './around'
import { ApiActions } from './ApiActions'
import { DangerZone } from './DangerZone'
import { EditProjectDialog, type ProjectEdit } from './EditProjectDialog'
import { NoProjectChosen } from './NoProjectChosen'
import { ProjectInformation } from './ProjectInformation'
import { ProjectWebhooks } from '../../components/webhooks/ProjectWebhooks'
import { Usage } from './usage'
import { projectChanged } from './project-changed'
import { ProjectRequests } from '../../components/request-logs/ProjectRequests'
import { ProjectTeam } from './members/ProjectTeam'
import { RoleContext } from '../../components/teams/role'
import { useTeam } from '../../components/teams/useTeam'
import { useFlexStore } from '../../hooks/useFlexStore'
import { rememberSeen, wasSeen } from '../../store/seen-projects'
import { FOCUS_RING } from '../../components/focus-ring'

/** The page: a region named by its heading (the host page owns `<main>`), the header's actions beside it. */
function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const headingId = useId()
  const t = useT(texts)
  return (
    <section aria-labelledby={headingId} className="flex-1 bg-bg px-4 py-6 cq-sm:px-6">
      {/* The dashboard's width, up to a readable maximum: a wide screen shows every column of the keys table. */}
      <div className="mx-auto max-w-7xl">
        <header className="mb-6 flex flex-col-reverse gap-3 cq-sm:flex-row cq-sm:items-center cq-sm:justify-between">
          <Heading id={headingId} dir="auto" className="min-w-0 break-words text-2xl font-bold text-fg">
            {title}
          </Heading>
          <div className="flex flex-wrap items-center gap-4">
            {/* Padded: its 20 px line alone is too small a target to touch. */}
            <RouteLink to="/dashboard" className={`rounded-flex py-1 text-sm font-semibold text-accent hover:text-accent-hover ${FOCUS_RING}`}>
              {/* The arrow points back: to the start, which in right to left is the right. */}
              <span aria-hidden="true" className="inline-block rtl:[transform:scaleX(-1)]">
                ←
              </span>{' '}
              {t('project.back')}
            </RouteLink>
            {actions}
          </div>
        </header>
        {children}
      </div>
    </section>
  )
}

/** While the project loads: the keys card's frame and rows in grey, where the loaded card will be, so nothing jumps. */
function LoadingKeys({ text }: { text: string }) {
  return (
    <div className="rounded-flex border border-border bg-surface p-4 cq-sm:px-6">
      <p role="status" className="flex h-7 items-center gap-3 text-sm text-muted">
        <Spinner />
        {text}
      </p>
      <div aria-hidden="true" className="mt-4 divide-y divide-border border-t border-border">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex items-center gap-6 px-3 py-4">
            <SkeletonBar className="w-32" />
            <SkeletonBar className="w-24" />
            <SkeletonBar className="[margin-inline-start:auto] w-16" />
          </div>
        ))}
      </div>
    </div>
  )
}

/** One project, or the calm "choose a project" state (which calls nothing). */
export function ProjectDetail({ id }: { id: string }) {
  return id ? <ProjectPage id={id} /> : <NoProjectChosen />
}

/**
 * One project: its keys first, then its information, then (on servers with
 * project settings) the danger zone; loading, not-found and error states.
 */
function ProjectPage({ id }: { id: string }) {
  const { call } = useManageApi()
  const { host } = useElement()
  const { navigate } = useNavigation()
  const settings = useCapability('project-settings')
  const load = useCallback((signal: AbortSignal) => getProject(call, id, signal), [call, id])
  const project = useAsync(load)
  const team = useTeam(project.data?.role)
  const [editing, setEditing] = useState(false)
  const [deleted, setDeleted] = useState<string | null>(null)
  const [zone, setZone] = useState<HTMLElement | null>(null)
  const editButton = useRef<HTMLButtonElement>(null)
  const t = useT(texts)
  const errorText = useErrorText()
  const opened = Boolean(project.data)
  const session = useFlexStore((s) => sessionOf(s.accessData))
  // The project opened last is the one every <flex-snippet> on the page shows.
  useEffect(() => {
    if (!opened) return
    store.getState().pickSnippetProject(id)
    rememberSeen(session, [id])
  }, [id, opened, session])

  if (deleted !== null) {
    const [before, after] = around(t('project.deleted.text', { name: SLOT }))
    return (
      <Page title={t('project.deleted.title')}>
        <p role="status" className="rounded-flex border border-border bg-surface p-6 text-sm text-fg">
          {before}
          <span dir="auto">{deleted}</span>
          {after}
        </p>
      </Page>
    )
  }
  const notFound = isApiError(project.error) && project.error.status === 404
  if (notFound) {
    // A project this page showed the reader a moment ago: their access ended (removed, or the project deleted).
    const gone = wasSeen(session, id)
    return (
      <Page title={t(gone ? 'project.noAccess.title' : 'project.notFound.title')}>
        <div role="alert" className="rounded-flex border border-border bg-surface p-6 text-sm">
          <p className="font-semibold text-fg">{t(gone ? 'project.noAccess.heading' : 'project.notFound.heading')}</p>
          <p className="mt-1 text-muted">{t(gone ? 'project.noAccess.text' : 'project.notFound.text')}</p>
        </div>
      </Page>
    )
  }

  const { data } = project
  if (!data) {
    return (
      <Page title={t('project.title')}>
        {project.error !== undefined ? (
          <Alert onRetry={project.reload}>
            <p className="font-semibold">{t('project.loadFailed')}</p>
            <p>{errorText(project.error)}</p>
          </Alert>
        ) : (
          <LoadingKeys text={t('project.loading')} />
        )}
      </Page>
    )
  }

  const save = async (edit: ProjectEdit) => {
    await updateProject(call, id, edit)
    setEditing(false)
    projectChanged(id)
    emit(host, 'flex-project-updated', { id })
    project.reload()
  }

  const remove = async () => {
    await deleteProject(call, id)
    projectChanged(id, true)
    emit(host, 'flex-project-deleted', { id })
    setDeleted(data.name || data.id)
    navigate('/dashboard')
  }

  return (
    <Page
      title={data.name || t('project.untitled')}
      actions={
        team.role === 'viewer' ? (
          // Once, where the controls would be: the sections below just show no controls.
          <p className="text-sm font-semibold text-muted">{t('project.viewOnly')}</p>
        ) : (
          settings &&
          team.may('edit') && (
            <Button ref={editButton} variant="secondary" onClick={() => setEditing(true)}>
              {t('project.edit')}
            </Button>
          )
        )
      }
    >
      {project.error !== undefined && (
        <Alert className="mb-6" onRetry={project.reload}>
          {errorText(project.error)}
        </Alert>
      )}
      <RoleContext.Provider value={team.role}>
        <ApiActions project={data} onChanged={project.reload} />
        <ProjectInformation project={data} />
        {/* The project's other sections follow here in the order a developer needs them, one line each. */}
        <ProjectWebhooks projectId={data.id} />
        <Usage project={data} />
        <ProjectRequests project={data} />
        <ProjectTeam projectId={data.id} team={team} onChanged={project.reload} zone={zone} />
        {settings && team.may('delete') && <DangerZone project={data} onDelete={remove} zone={setZone} />}
      </RoleContext.Provider>
      {editing && <EditProjectDialog project={data} onClose={() => setEditing(false)} onSave={save} />}
    </Page>
  )
}
