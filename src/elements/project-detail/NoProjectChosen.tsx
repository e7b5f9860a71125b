import { FolderIcon } from '../../components/icons/FolderIcon'
import { useT } from '../../i18n'
import { project } from '../../i18n/en/project'

/** The normal state of a <flex-project-detail> before a project is picked: calm, never an error. */
export function NoProjectChosen() {
  const t = useT(project)
  return (
    <div className="flex-1 bg-bg p-4">
      <p className="flex flex-col items-center gap-3 rounded-flex border border-dashed border-border bg-surface px-6 py-12 text-center text-sm text-muted">
        <FolderIcon className="h-10 w-10" />
        {t('project.none')}
      </p>
    </div>
  )
}
