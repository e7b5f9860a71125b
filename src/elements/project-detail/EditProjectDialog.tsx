import type { Project } from '../../api/types'
import { useT } from '../../i18n'
import { project as texts } from '../../i18n/en/project'
import { FormDialog } from '../../components/form-dialog/FormDialog'
import { FormTextField } from '../../components/form-dialog/FormTextField'

export type ProjectEdit = { name: string; description: string }

/** "Edit project": its name and description, as the dashboard's Add dialog asks them. */
export function EditProjectDialog({ project, onClose, onSave }: { project: Project; onClose: () => void; onSave: (edit: ProjectEdit) => Promise<void> }) {
  const t = useT(texts)
  return (
    <FormDialog
      title={t('project.edit.title')}
      submitLabel={t('project.edit.save')}
      pendingLabel={t('project.edit.pending')}
      onClose={onClose}
      fields={['name', 'description']}
      onSubmit={(form) => {
        const data = new FormData(form)
        return onSave({ name: String(data.get('name') ?? '').trim(), description: String(data.get('description') ?? '').trim() })
      }}
    >
      <FormTextField label={t('project.edit.name')} name="name" defaultValue={project.name} required maxLength={120} autoComplete="off" />
      <FormTextField label={t('project.edit.description')} name="description" defaultValue={project.description} maxLength={2000} autoComplete="off" />
    </FormDialog>
  )
}
