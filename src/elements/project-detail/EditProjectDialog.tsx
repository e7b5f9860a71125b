import type { Project } from '../../api/types'
import { KeyFormDialog } from './KeyFormDialog'
import { FormTextField } from './FormTextField'

export type ProjectEdit = { name: string; description: string }

/** "Edit project": its name and description, as the dashboard's Add dialog asks them. */
export function EditProjectDialog({ project, onClose, onSave }: { project: Project; onClose: () => void; onSave: (edit: ProjectEdit) => Promise<void> }) {
  return (
    <KeyFormDialog
      title="Edit project"
      submitLabel="Save"
      pendingLabel="Saving…"
      onClose={onClose}
      fields={['Project name', 'Project description']}
      onSubmit={(form) => {
        const data = new FormData(form)
        return onSave({ name: String(data.get('name') ?? '').trim(), description: String(data.get('description') ?? '').trim() })
      }}
    >
      <FormTextField label="Project name" name="name" defaultValue={project.name} required maxLength={120} autoComplete="off" />
      <FormTextField label="Project description" name="description" defaultValue={project.description} maxLength={2000} autoComplete="off" />
    </KeyFormDialog>
  )
}
