import { FolderIcon } from '../../components/icons/FolderIcon'
import { Button } from '../../components/Button'
import { Heading } from '../../components/Heading'
import { useT } from '../../i18n'
import { projects } from '../../i18n/en/projects'

/** Shown instead of the table when there are no projects yet: invites the first one. */
export function EmptyState({ onAdd }: { onAdd: () => void }) {
  const t = useT(projects)
  return (
    <div className="rounded-flex border border-dashed border-border bg-surface px-6 py-12 text-center">
      <FolderIcon className="mx-auto h-10 w-10 text-muted" />
      <Heading depth={1} className="mt-3 text-base font-semibold text-fg">
        {t('projects.empty.heading')}
      </Heading>
      <p className="mt-1 text-sm text-muted">{t('projects.empty.text')}</p>
      {/* Secondary: the header's "+ Add New Project" is the one primary action on the screen. */}
      <Button variant="secondary" className="mt-6" onClick={onAdd}>
        {t('projects.empty.action')}
      </Button>
    </div>
  )
}
