import { useId, useRef, useState } from 'react'
import { ApiError } from '../../api/errors'
import type { Project } from '../../api/types'
import { Button } from '../../components/Button'
import { Heading } from '../../components/Heading'
import { FormTextField } from './FormTextField'
import { KeyFormDialog } from './KeyFormDialog'

const CONFIRM_LABEL = 'Project name'

/**
 * The danger zone at the foot of the page: "Delete project", confirmed by
 * typing the project's name, since its keys stop working at once and nothing
 * brings them back. `onDelete` rejects with the server's message.
 */
export function DangerZone({ project, onDelete }: { project: Project; onDelete: () => Promise<void> }) {
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const opener = useRef<HTMLButtonElement>(null)
  const headingId = useId()
  // A project without a name (a spec-only server allows one) is confirmed by its id.
  const expected = project.name || project.id
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-flex border border-danger p-4 cq-sm:px-6">
      <Heading id={headingId} depth={1} className="text-lg font-semibold text-fg">
        Danger zone
      </Heading>
      <div className="mt-3 flex flex-col gap-3 cq-sm:flex-row cq-sm:items-center cq-sm:justify-between">
        <p className="text-sm text-muted">Deleting this project deletes its API keys and webhooks. Anything using its keys stops working at once.</p>
        <Button ref={opener} variant="danger" className="shrink-0" onClick={() => setOpen(true)}>
          Delete project
        </Button>
      </div>
      {open && (
        <KeyFormDialog
          title="Delete project"
          submitLabel="Delete project"
          pendingLabel="Deleting…"
          danger
          returnFocus={opener}
          fields={[CONFIRM_LABEL]}
          onClose={() => {
            setOpen(false)
            setTyped('')
          }}
          onSubmit={async () => {
            // The button stays enabled (a disabled one cannot say why): a mismatch is answered here.
            if (typed.trim() !== expected.trim()) throw new ApiError('http', `${CONFIRM_LABEL} does not match: type ${expected} exactly.`, 400)
            await onDelete()
          }}
        >
          <p dir="auto">
            <strong className="font-semibold">{expected}</strong> and its {Object.keys(project.apiKey).length === 1 ? 'API key' : 'API keys'} will be deleted
            for good. Anything using them stops working at once.
          </p>
          <p>
            To confirm, type{' '}
            <strong dir="auto" className="font-semibold">
              {expected}
            </strong>{' '}
            below.
          </p>
          <FormTextField label={CONFIRM_LABEL} name="confirm" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" spellCheck={false} />
        </KeyFormDialog>
      )}
    </section>
  )
}
