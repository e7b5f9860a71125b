import type { MutableRefObject } from 'react'
import type { Project } from '../../api/types'
import { Alert } from '../../components/Alert'
import { Button } from '../../components/Button'
import { CopyField } from '../../components/copy-field/CopyField'
import { Dialog } from '../../components/dialog/Dialog'
import { DialogActions } from '../../components/dialog/DialogActions'
import { RevealSnippets } from '../../components/snippets/RevealSnippets'
import { useOneTimeWarning } from '../../components/one-time-warning'
import { useT } from '../../i18n'
import { projects } from '../../i18n/en/projects'

/**
 * 'API Information' after a project is created: its key pair(s),
 * Project ID and Webhook Secret, each click-to-copy. The key and the secret
 * are shown this once, so the warning names both and only Exit closes it.
 */
export function ApiInformationDialog({
  project,
  onClose,
  returnFocus,
}: {
  project: Project | null
  onClose: () => void
  returnFocus?: MutableRefObject<HTMLElement | null>
}) {
  const t = useT(projects)
  const warning = useOneTimeWarning({ webhookSecret: Boolean(project?.webhookSecret) })
  return (
    <Dialog open={project !== null} onClose={onClose} title={t('projects.created.title')} dismissible={false} returnFocus={returnFocus}>
      {project && (
        <div className="mt-4 space-y-3">
          <Alert tone="warning">{warning}</Alert>
          {Object.entries(project.apiKey).map(([apiProjectId, key]) => (
            <div key={apiProjectId} className="space-y-3">
              <CopyField label={t('projects.created.apiKey')} value={key} />
              <CopyField label={t('projects.created.apiProjectId')} value={apiProjectId} />
            </div>
          ))}
          <CopyField label={t('projects.created.projectId')} value={project.id} />
          {project.webhookSecret && <CopyField label={t('projects.created.webhookSecret')} value={project.webhookSecret} />}
          <RevealSnippets projectId={project.id} keys={project.apiKey} webhookSecret={project.webhookSecret} />
        </div>
      )}
      <DialogActions>
        <Button onClick={onClose}>{t('projects.created.exit')}</Button>
      </DialogActions>
    </Dialog>
  )
}
