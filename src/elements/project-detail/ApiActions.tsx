import { useId, useRef, useState } from 'react'
import { errorMessage } from '../../api/errors'
import type { KeyMap, Project } from '../../api/types'
import { Alert } from '../../components/Alert'
import { Button } from '../../components/Button'
import { Toast } from '../../components/toast/Toast'
import { emit } from '../../events'
import { useManageApi } from '../../hooks/useManageApi'
import { useSingleFlight } from '../../hooks/useSingleFlight'
import { useElement } from '../context'
import { DeleteKeyDialog } from './DeleteKeyDialog'
import { NewKeyDialog } from './NewKeyDialog'

const DELETED_NOTICE = 'Successfully deleted!'

/** 'API Actions' (spec §2): Create a key pair, Delete one. `onChanged` reloads the project. */
export function ApiActions({ project, onChanged }: { project: Project; onChanged: () => void }) {
  const { host } = useElement()
  const api = useManageApi()
  const keyIds = Object.keys(project.apiKey)
  const create = useSingleFlight()
  const [error, setError] = useState<string | null>(null)
  const [newKeys, setNewKeys] = useState<KeyMap | null>(null)
  const [picking, setPicking] = useState(false)
  const [toast, setToast] = useState<string | null>(null)
  const createButton = useRef<HTMLButtonElement>(null)
  const deleteButton = useRef<HTMLButtonElement>(null)
  const headingId = useId()

  const createKey = () =>
    void create.run(async () => {
      setError(null)
      let keys: KeyMap
      try {
        keys = await api.createKey(project.id)
      } catch (e) {
        setError(errorMessage(e))
        return
      }
      setNewKeys(keys)
      emit(host, 'flex-key-created', { projectId: project.id, keyIds: Object.keys(keys) })
      onChanged()
    })

  const deleteKey = async (keyId: string) => {
    await api.deleteKey(project.id, keyId)
    setPicking(false)
    setToast(DELETED_NOTICE)
    emit(host, 'flex-key-deleted', { projectId: project.id, keyId })
    onChanged()
  }

  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-flex border border-border bg-surface p-6">
      <h2 id={headingId} className="text-lg font-semibold text-fg">
        API Actions
      </h2>
      {error && (
        <Alert className="mt-4" onDismiss={() => setError(null)}>
          {error}
        </Alert>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button ref={createButton} onClick={createKey} pending={create.pending} pendingLabel="Creating…">
          Create
        </Button>
        <Button
          ref={deleteButton}
          variant="danger"
          onClick={() => {
            setToast(null)
            setPicking(true)
          }}
          disabled={keyIds.length === 0}
          title={keyIds.length === 0 ? 'This project has no API keys to delete.' : undefined}
        >
          Delete
        </Button>
      </div>
      <NewKeyDialog keys={newKeys} onClose={() => setNewKeys(null)} returnFocus={createButton} />
      <DeleteKeyDialog
        open={picking}
        keyIds={keyIds}
        onClose={() => setPicking(false)}
        onConfirm={deleteKey}
        // Deleting the last key disables Delete: focus goes to Create instead.
        returnFocus={keyIds.length > 1 ? deleteButton : createButton}
      />
      <Toast message={toast} onClose={() => setToast(null)} />
    </section>
  )
}
