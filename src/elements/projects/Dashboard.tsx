import { useCallback, useEffect, useRef, useState } from 'react'
import { errorMessage } from '../../api/errors'
import type { Project, ProjectSummary } from '../../api/types'
import { Alert } from '../../components/Alert'
import { Button, Spinner } from '../../components/Button'
import { MenuIcon } from '../../components/icons/MenuIcon'
import { emit } from '../../events'
import { useAsync } from '../../hooks/useAsync'
import { useManageApi } from '../../hooks/useManageApi'
import { store } from '../../store'
import { useElement } from '../context'
import { AddProjectDialog } from './AddProjectDialog'
import { ApiInformationDialog } from './ApiInformationDialog'
import { EmptyState } from './EmptyState'
import { ProjectsTable } from './ProjectsTable'
import { Sidebar } from './Sidebar'
import { UserMenu } from './UserMenu'

// Tailwind's `md`: from here up the sidebar is a column, below it a sheet.
const WIDE = '(min-width: 768px)'

function ProjectList({ state, onRetry, onAdd }: { state: ReturnType<typeof useAsync<ProjectSummary[]>>; onRetry: () => void; onAdd: () => void }) {
  if (state.data) {
    return (
      <>
        {state.error !== undefined && (
          <Alert className="mb-4" action={<RetryButton onClick={onRetry} />}>
            {errorMessage(state.error)}
          </Alert>
        )}
        {state.data.length === 0 ? <EmptyState onAdd={onAdd} /> : <ProjectsTable projects={state.data} />}
      </>
    )
  }
  if (state.error !== undefined) {
    return (
      <Alert action={<RetryButton onClick={onRetry} />}>
        <p className="font-semibold">Your projects could not be loaded.</p>
        <p>{errorMessage(state.error)}</p>
      </Alert>
    )
  }
  return (
    <p role="status" className="flex items-center gap-3 rounded-flex border border-border bg-surface px-6 py-12 text-sm text-muted">
      <Spinner />
      Loading projects…
    </p>
  )
}

function RetryButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" onClick={onClick} className="shrink-0 rounded-flex px-1 font-semibold underline focus:outline-none focus-visible:ring-2 focus-visible:ring-focus">
      Retry
    </button>
  )
}

/** The signed-in dashboard: sidebar, header with the user menu, the list, and the add flow. */
export function Dashboard() {
  const { host } = useElement()
  const api = useManageApi()
  const load = useCallback((signal: AbortSignal) => api.listProjects(signal), [api])
  const list = useAsync(load)
  const [sidebarOpen, setSidebarOpen] = useState(false)
  const [adding, setAdding] = useState(false)
  const [created, setCreated] = useState<Project | null>(null)
  const addButton = useRef<HTMLButtonElement>(null)

  // A sheet left open while the window grows past md would trap focus behind a hidden overlay.
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return
    const wide = window.matchMedia(WIDE)
    const onChange = () => wide.matches && setSidebarOpen(false)
    wide.addEventListener?.('change', onChange)
    return () => wide.removeEventListener?.('change', onChange)
  }, [])

  const onCreated = (project: Project) => {
    setAdding(false)
    setCreated(project)
    store.getState().rememberRevealedKeys(project.id, project.apiKey)
    list.reload()
    emit(host, 'flex-project-created', { id: project.id })
  }

  return (
    <div className="flex min-h-[100vh] bg-bg font-flex text-fg">
      <Sidebar open={sidebarOpen} onClose={() => setSidebarOpen(false)} />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-16 shrink-0 items-center gap-3 border-b border-border bg-surface px-4 sm:px-6">
          <button
            type="button"
            onClick={() => setSidebarOpen(true)}
            aria-expanded={sidebarOpen}
            className="-ml-2 rounded-flex p-2 text-muted hover:text-fg focus:outline-none focus-visible:ring-2 focus-visible:ring-focus md:hidden"
          >
            <MenuIcon className="h-6 w-6" />
            <span className="sr-only">Open sidebar</span>
          </button>
          <div className="flex-1" />
          <UserMenu />
        </header>
        <main className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <h1 className="text-2xl font-bold text-fg">Your Flex Projects</h1>
            <Button ref={addButton} onClick={() => setAdding(true)}>
              + Add New Project
            </Button>
          </div>
          <ProjectList state={list} onRetry={list.reload} onAdd={() => setAdding(true)} />
        </main>
      </div>
      <AddProjectDialog open={adding} onClose={() => setAdding(false)} onCreated={onCreated} createProject={api.createProject} returnFocus={addButton} />
      <ApiInformationDialog project={created} onClose={() => setCreated(null)} returnFocus={addButton} />
    </div>
  )
}
