import { FolderIcon } from '../../components/icons/FolderIcon'
import { Button } from '../../components/Button'
import { Heading } from '../../components/Heading'

/** Shown instead of the table when there are no projects yet: invites the first one. */
export function EmptyState({ onAdd }: { onAdd: () => void }) {
  return (
    <div className="rounded-flex border border-dashed border-border bg-surface px-6 py-12 text-center">
      <FolderIcon className="mx-auto h-10 w-10 text-muted" />
      <Heading depth={1} className="mt-3 text-base font-semibold text-fg">
        No projects yet
      </Heading>
      <p className="mt-1 text-sm text-muted">Create your first project to get an API key and start building.</p>
      {/* Secondary: the header's "+ Add New Project" is the one primary action on the screen. */}
      <Button variant="secondary" className="mt-6" onClick={onAdd}>
        Create your first project
      </Button>
    </div>
  )
}
