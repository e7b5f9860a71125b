import type { MutableRefObject } from 'react'
import type { Project } from '../../api/types'
import { Alert } from '../../components/Alert'
import { Button } from '../../components/Button'
import { CopyField } from '../../components/copy-field/CopyField'
import { Dialog } from '../../components/dialog/Dialog'
import { DialogActions } from '../../components/dialog/DialogActions'
import { RevealSnippets } from '../../components/snippets/RevealSnippets'
import { ONE_TIME_WARNING } from '../../components/one-time-warning'

export { ONE_TIME_WARNING }

/**
 * 'API Information' after a project is created: its key pair(s),
 * Project ID and Webhook Secret, each click-to-copy. The secrets are shown
 * this once, so only Exit closes it.
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
  return (
    <Dialog open={project !== null} onClose={onClose} title="API Information" dismissible={false} returnFocus={returnFocus}>
      {project && (
        <div className="mt-4 space-y-3">
          <Alert tone="warning">{ONE_TIME_WARNING}</Alert>
          {Object.entries(project.apiKey).map(([apiProjectId, key]) => (
            <div key={apiProjectId} className="space-y-3">
              <CopyField label="API Key" value={key} />
              <CopyField label="API Project ID" value={apiProjectId} />
            </div>
          ))}
          <CopyField label="Project ID" value={project.id} />
          {project.webhookSecret && <CopyField label="Webhook Secret" value={project.webhookSecret} />}
          <RevealSnippets projectId={project.id} keys={project.apiKey} webhookSecret={project.webhookSecret} />
        </div>
      )}
      <DialogActions>
        <Button onClick={onClose}>Exit</Button>
      </DialogActions>
    </Dialog>
  )
}
