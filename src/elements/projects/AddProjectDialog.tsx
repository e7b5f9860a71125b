import { useState, type FormEvent, type MutableRefObject } from 'react'
import type { NewProjectInput, Project } from '../../api/types'
import { Alert } from '../../components/Alert'
import { Button } from '../../components/Button'
import { Dialog } from '../../components/dialog/Dialog'
import { DialogActions } from '../../components/dialog/DialogActions'
import { TextField } from '../../components/TextField'
import { useSingleFlight } from '../../hooks/useSingleFlight'
import { useT } from '../../i18n'
import { formDialog } from '../../i18n/en/form-dialog'
import { projects } from '../../i18n/en/projects'
import { knownMessage } from '../../components/form-dialog/known-errors'
import { useErrorText } from '../../hooks/useErrorText'

export interface AddProjectDialogProps {
  open: boolean
  onClose: () => void
  /** Called once the server has made the project (the response carries its one-time secrets). */
  onCreated: (project: Project) => void
  createProject: (input: NewProjectInput) => Promise<Project>
  returnFocus?: MutableRefObject<HTMLElement | null>
}

/**
 * 'Add new project'. A failed create keeps the dialog open with the
 * error and what was typed; nothing else opens. Fields are not checked here:
 * the server's message says what is wrong.
 */
export function AddProjectDialog({ open, onClose, onCreated, createProject, returnFocus }: AddProjectDialogProps) {
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [error, setError] = useState<string | null>(null)
  const { pending, run } = useSingleFlight()
  const t = useT(projects)
  const tForm = useT(formDialog)
  const errorText = useErrorText()

  const close = () => {
    setName('')
    setDescription('')
    setError(null)
    onClose()
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    void run(async () => {
      setError(null)
      let project: Project
      try {
        project = await createProject({ name, description })
      } catch (err) {
        setError(knownMessage(err, tForm, errorText).text)
        return
      }
      setName('')
      setDescription('')
      onCreated(project)
    })
  }

  return (
    <Dialog open={open} onClose={close} title={t('projects.add.title')} returnFocus={returnFocus}>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        {error && <Alert onDismiss={() => setError(null)}>{error}</Alert>}
        <TextField label={t('projects.add.name')} name="name" autoComplete="off" maxLength={120} value={name} onChange={(e) => setName(e.target.value)} />
        <TextField
          label={t('projects.add.description')}
          name="description"
          autoComplete="off"
          maxLength={2000}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <DialogActions>
          <Button variant="secondary" onClick={close}>
            {t('projects.add.cancel')}
          </Button>
          <Button type="submit" pending={pending} pendingLabel={t('projects.add.pending')}>
            {t('projects.add.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
