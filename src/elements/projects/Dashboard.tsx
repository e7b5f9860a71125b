import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { Heading } from '../../components/Heading'
import { useErrorText } from '../../hooks/useErrorText'
import type { Project, ProjectSummary } from '../../api/types'
import { Alert } from '../../components/Alert'
import { Button, Spinner } from '../../components/Button'
import { emit } from '../../events'
import { useAsync } from '../../hooks/useAsync'
import { useFlexStore } from '../../hooks/useFlexStore'
import { useManageApi } from '../../hooks/useManageApi'
import { createProject, listProjects } from '../../api/projects'
import { sessionOf, store } from '../../store'
import { useElement } from '../../context/element'
import { AppFrame } from '../../components/frame/AppFrame'
import { useT } from '../../i18n'
import { projects } from '../../i18n/en/projects'
import { AddProjectDialog } from './AddProjectDialog'
import { ApiInformationDialog } from './ApiInformationDialog'
import { EmptyState } from './EmptyState'
import { InvitationCodeLink, PendingInvitationsSlot } from './InvitationsSlot'
import { rememberSeen } from '../../store/seen-projects'
import { ProjectsTable } from './ProjectsTable'

function ProjectList({ state, onRetry, onAdd }: { state: ReturnType<typeof useAsync<ProjectSummary[]>>; onRetry: () => void; onAdd: () => void }) {
  const t = useT(projects)
  const errorText = useErrorText()
  if (state.data) {
    return (
      <>
        {state.error !== undefined && (
          <Alert className="mb-4" onRetry={onRetry}>
            {errorText(state.error)}
          </Alert>
        )}
        {state.data.length === 0 ? <EmptyState onAdd={onAdd} /> : <ProjectsTable projects={state.data} />}
      </>
    )
  }
  if (state.error !== undefined) {
    return (
      <Alert onRetry={onRetry}>
        <p className="font-semibold">{t('projects.loadFailed')}</p>
        <p>{errorText(state.error)}</p>
      </Alert>
    )
  }
  // Where the search and the table will be, of their height: nothing jumps when the projects arrive.
  return (
    <div>
      <p role="status" className="mb-3 flex h-10 items-center gap-3 text-sm text-muted">
        <Spinner />
        {t('projects.loading')}
      </p>
      <div aria-hidden="true" className="h-48 rounded-flex border border-border bg-surface" />
    </div>
  )
}

/** The signed-in dashboard: sidebar, header with the user menu, the list, and the add flow. */
export function Dashboard() {
  const { host } = useElement()
  const t = useT(projects)
  const { call } = useManageApi()
  // Who the list is for: the same user's renewed session does not load it again (useManageApi's caller is one a user).
  const session = useFlexStore((s) => sessionOf(s.accessData))
  const load = useCallback(
    (signal: AbortSignal) =>
      listProjects(call, signal).then((list) => {
        rememberSeen(
          session,
          list.map((p) => p.id),
        )
        return list
      }),
    [call, session],
  )
  const list = useAsync(load)
  // A project renamed or deleted on this page (maybe in another element) loads the list again, in place.
  const revision = useFlexStore((s) => s.projectsRevision)
  const first = useRef(revision)
  const { reload } = list
  useEffect(() => {
    if (revision !== first.current) reload()
  }, [revision, reload])
  const [adding, setAdding] = useState(false)
  const [created, setCreated] = useState<Project | null>(null)
  // Another user's session (the host's next user, signed in in this tab or another) sees neither the previous user's
  // new project and its key, shown once, nor 'Add new project' with the name they were typing, which would make that
  // project in the new account.
  useEffect(() => {
    setCreated(null)
    setAdding(false)
  }, [session])
  const addButton = useRef<HTMLButtonElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const headingId = useId()

  const onCreated = (project: Project) => {
    setAdding(false)
    setCreated(project)
    store.getState().rememberRevealedKeys(project.id, project.apiKey)
    list.reload()
    emit(host, 'flex-project-created', { id: project.id })
  }

  return (
    <AppFrame>
      <section aria-labelledby={headingId} className="px-4 py-6 cq-sm:px-6">
        <div className="mb-6 flex flex-col gap-4 cq-sm:flex-row cq-sm:items-center cq-sm:justify-between">
          <Heading id={headingId} ref={heading} tabIndex={-1} className="text-2xl font-bold text-fg">
            {t('projects.heading')}
          </Heading>
          <div className="flex flex-col gap-3 cq-sm:flex-row cq-sm:items-center">
            <InvitationCodeLink />
            <Button ref={addButton} onClick={() => setAdding(true)}>
              {t('projects.add')}
            </Button>
          </div>
        </div>
        <PendingInvitationsSlot onGone={() => heading.current?.focus()} />
        <ProjectList state={list} onRetry={list.reload} onAdd={() => setAdding(true)} />
      </section>
      <AddProjectDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={onCreated}
        createProject={(input) => createProject(call, input)}
        returnFocus={addButton}
      />
      <ApiInformationDialog project={created} onClose={() => setCreated(null)} returnFocus={addButton} />
    </AppFrame>
  )
}
