import { useEffect, useId, useRef, useState } from 'react'
import { Heading } from '../../components/Heading'
import { useErrorText } from '../../hooks/useErrorText'
import type { KeyInfo, KeyMap, Project } from '../../api/types'
import { Alert } from '../../components/Alert'
import { Button } from '../../components/Button'
import { useCan } from '../../components/teams/role'
import { Toast } from '../../components/toast/Toast'
import { emit, type FlexEventMap } from '../../events'
import { useManageApi } from '../../hooks/useManageApi'
import * as apiKeys from '../../api/api-keys'
import { useSingleFlight } from '../../hooks/useSingleFlight'
import { store } from '../../store'
import { useElement } from '../../context/element'
import { useT } from '../../i18n'
import { keys as texts } from '../../i18n/en/keys'
import { DeleteKeyDialog } from './DeleteKeyDialog'
import type { KeyChanges } from '../../../contract/keys'
import { KeyDialog } from './KeyDialog'
import { isLive } from './key-status'
import { FormDialog } from '../../components/form-dialog/FormDialog'
import { KeysTable, type KeyActionKind } from './KeysTable'
import { NewKeyDialog } from './NewKeyDialog'
import { RollKeyDialog } from './RollKeyDialog'
import { useNewKeys } from './useNewKeys'
import { useScopeCatalog } from './useScopeCatalog'
import { isTest } from './key-restrictions'
import { requestsCell } from './usage/RequestsCell'
import { DangerButton } from '../../components/DangerButton'
import { isolate } from '../../i18n/isolate'
import { useFocusKeeper } from '../../components/focus/useFocusKeeper'

/**
 * The project's keys, first on its page: the spec's 'API Actions' (Create a key
 * pair, Delete one) with the counter, then the table. `onChanged` reloads the project.
 */
export function ApiActions({ project, onChanged }: { project: Project; onChanged: () => void }) {
  const { host } = useElement()
  const t = useT(texts)
  const errorText = useErrorText()
  const { call } = useManageApi()
  const keyIds = Object.keys(project.apiKey)
  const create = useSingleFlight()
  const [error, setError] = useState<string | null>(null)
  const { newKeys, reveal, dismiss } = useNewKeys(project.id)
  const [picking, setPicking] = useState(false)
  // One key's Edit, Roll or Delete, from its row of the table.
  const [action, setAction] = useState<{ kind: KeyActionKind; key: KeyInfo } | null>(null)
  // With the provider's scope catalog, Create opens the key dialog, and it and Edit offer mode, access and allowlist.
  const catalog = useScopeCatalog(project)
  const [creating, setCreating] = useState(false)
  const reasonId = useId()
  // keys and keyLimit come only from servers that list key metadata; without
  // them the table, counter and per-key actions stay hidden.
  const { keys, keyLimit } = project
  const active = keys ? keys.filter((k) => isLive(k)).length : keyIds.length
  const atLimit = keyLimit !== undefined && active >= keyLimit
  const [toast, setToast] = useState<string | null>(null)
  const createButton = useRef<HTMLButtonElement>(null)
  // A key deleted or rolled from its row's menu takes the menu's button with it: the section takes focus.
  const keeper = useFocusKeeper<HTMLElement>()
  const mayChange = useCan('keys')
  const deleteButton = useRef<HTMLButtonElement>(null)
  const headingId = useId()
  const toastRef = useRef<HTMLDivElement>(null)
  // On a phone the notice could land below the fold: bring it into view.
  useEffect(() => {
    if (toast) toastRef.current?.scrollIntoView?.({ block: 'nearest' })
  }, [toast])

  // A new pair: shown once in 'New API Information', and the page told.
  const made = (keys: KeyMap) => {
    reveal(keys)
    emit(host, 'flex-key-created', { projectId: project.id, keyIds: Object.keys(keys) })
    onChanged()
  }

  const createKey = () =>
    catalog
      ? setCreating(true)
      : void create.run(async () => {
          setError(null)
          try {
            made(await apiKeys.createKey(call, project.id))
          } catch (e) {
            setError(errorText(e))
          }
        })

  // After any change to a key: close its dialogs, tell the host page, reload.
  const changed = <K extends 'flex-key-deleted' | 'flex-key-updated' | 'flex-key-rolled'>(name: K, detail: Omit<FlexEventMap[K], 'projectId'>) => {
    setPicking(false)
    setAction(null)
    emit(host, name, { projectId: project.id, ...detail } as FlexEventMap[K])
    onChanged()
  }

  const deleteKey = async (keyId: string) => {
    await apiKeys.deleteKey(call, project.id, keyId)
    setToast(t('keys.deleted'))
    store.getState().forgetKey(project.id, keyId)
    changed('flex-key-deleted', { keyId })
  }

  const saveKey = async (keyId: string, edit: KeyChanges) => {
    await apiKeys.updateKey(call, project.id, keyId, edit)
    changed('flex-key-updated', { keyId })
  }

  const rollKey = async (keyId: string, graceSeconds: number) => {
    const keys = await apiKeys.rollKey(call, project.id, keyId, graceSeconds)
    // The same path as Create's answer: 'New API Information' shows the pair.
    reveal(keys)
    changed('flex-key-rolled', { keyId, newKeyId: Object.keys(keys)[0] ?? '' })
  }

  const close = () => {
    setAction(null)
    setCreating(false)
  }

  return (
    <section aria-labelledby={headingId} className="rounded-flex border border-border bg-surface p-4 cq-sm:px-6" {...keeper}>
      <div className="flex flex-wrap items-center gap-3">
        <Heading id={headingId} depth={1} className="flex-auto text-lg font-semibold text-fg">
          {t('keys.heading')}
        </Heading>
        {keyLimit !== undefined && <p className="text-sm text-muted">{t('keys.count', { active, limit: keyLimit })}</p>}
        {mayChange && (
          <div role="group" aria-label={t('keys.actions')} className="flex flex-wrap gap-3">
            <Button
              ref={createButton}
              onClick={createKey}
              pending={create.pending}
              pendingLabel={t('keys.creating')}
              disabled={atLimit}
              aria-describedby={atLimit ? reasonId : undefined}
            >
              {t('keys.create')}
            </Button>
            {/* The spec's Delete, outlined: it only opens the dialog that asks which key, and says what deleting does. */}
            <DangerButton
              ref={deleteButton}
              onClick={() => {
                setToast(null)
                setPicking(true)
              }}
              disabled={keyIds.length === 0}
              title={keyIds.length === 0 ? t('keys.delete.none') : undefined}
            >
              {t('keys.delete')}
            </DangerButton>
          </div>
        )}
      </div>
      {atLimit && (
        <p id={reasonId} className="mt-2 text-sm text-fg">
          {t('keys.limitReached')}
        </p>
      )}
      {error && (
        <Alert className="mt-4" onDismiss={() => setError(null)}>
          {error}
        </Alert>
      )}
      <div ref={toastRef}>
        <Toast message={toast} onClose={() => setToast(null)} />
      </div>
      {keys && keys.length > 0 && (
        <KeysTable keys={keys} catalog={catalog} onAction={(kind, key) => setAction({ kind, key })} requests={requestsCell(project)} />
      )}
      <NewKeyDialog
        projectId={project.id}
        keys={newKeys}
        onClose={dismiss}
        returnFocus={createButton}
        // Naming at birth is a PATCH of the key's metadata: only where the server lists it.
        names={keys && Object.fromEntries(keys.map((k) => [k.id, k.name]))}
        onName={keys ? (keyId, edit) => saveKey(keyId, edit) : undefined}
      />
      {(creating || action?.kind === 'edit') && (
        <KeyDialog
          catalog={catalog}
          info={action?.key}
          onClose={close}
          onCreate={async (body) => {
            made(await apiKeys.createKey(call, project.id, body))
            setCreating(false)
          }}
          onSave={(body) => saveKey(action!.key.id, body)}
        />
      )}
      {action?.kind === 'roll' && <RollKeyDialog info={action.key} onClose={close} onRoll={(grace) => rollKey(action.key.id, grace)} />}
      {action?.kind === 'delete' && (
        <FormDialog title={t('keys.deleteOne.title')} submitLabel={t('keys.deleteOne.submit')} danger onClose={close} onSubmit={() => deleteKey(action.key.id)}>
          <p>{t('keys.deleteOne.text', { name: isolate(action.key.name), id: action.key.id })}</p>
        </FormDialog>
      )}
      <DeleteKeyDialog
        open={picking}
        keyIds={keyIds}
        // A test key is said to be one here too.
        names={keys && Object.fromEntries(keys.map((k) => [k.id, isTest(k) ? `${k.name} · ${t('keys.mode.test')}` : k.name]))}
        onClose={() => setPicking(false)}
        onConfirm={deleteKey}
        // Deleting the last key disables Delete: focus goes to Create instead.
        returnFocus={keyIds.length > 1 ? deleteButton : createButton}
      />
    </section>
  )
}
