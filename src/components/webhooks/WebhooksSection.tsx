import { useCallback, useId, useRef, useState } from 'react'
import { isApiError } from '../../api/errors'
import { useErrorText } from '../../hooks/useErrorText'
import { at } from '../../api/request'
import * as calls from '../../api/webhooks'
import { SECRET_ROLL_NEEDED, type Endpoint, type EndpointInput } from '../../api/webhooks'
import { Alert } from '../Alert'
import { Button, Spinner } from '../Button'
import { Toast } from '../toast/Toast'
import { useElement } from '../../context/element'
import { emit } from '../../events'
import { useAsync } from '../../hooks/useAsync'
import { useT } from '../../i18n'
import { webhooks } from '../../i18n/en/webhooks'
import { DeleteEndpointDialog } from './DeleteEndpointDialog'
import { EndpointDialog } from './EndpointDialog'
import { EndpointPanel, type EndpointAction } from './EndpointPanel'
import { EndpointsTable } from './EndpointsTable'
import { RollSecretDialog } from './RollSecretDialog'
import { useManageApi } from '../../hooks/useManageApi'
import { useCan } from '../teams/role'
import { Heading } from '../Heading'
import { useFocusKeeper } from '../focus/useFocusKeeper'

type Open = 'add' | 'roll' | { action: 'edit' | 'delete'; endpoint: Endpoint } | null

export interface WebhooksSectionProps {
  projectId: string
  className?: string
  /** Its heading's depth below the element's top one: 1 on the project page, 0 as an element of its own. */
  depth?: number
}

/**
 * A project's webhooks: its endpoints, one endpoint's actions and delivery log
 * at a time, "Add endpoint" and "Roll secret". Tells the host page of every
 * change by events carrying ids only. Two elements show it, the project page
 * (ProjectWebhooks) and <flex-webhooks>, so it lives here, below both.
 */
export function WebhooksSection({ projectId, className = '', depth = 1 }: WebhooksSectionProps) {
  const t = useT(webhooks)
  const errorText = useErrorText()
  const { host, apiBase } = useElement()
  const { call } = useManageApi()
  const list = useAsync(useCallback((signal: AbortSignal) => calls.listEndpoints(call, projectId, signal), [call, projectId]))
  const catalog = useAsync(useCallback((signal: AbortSignal) => calls.getEventTypes(at(apiBase), signal), [apiBase]))
  const [open, setOpen] = useState<Open>(null)
  const [openId, setOpenId] = useState<string | null>(null)
  const [toggling, setToggling] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [toast, setToast] = useState<string | null>(null)
  const headingId = useId()
  const addButton = useRef<HTMLButtonElement>(null)
  const mayChange = useCan('webhooks')
  const mayRoll = useCan('secret')
  const rollButton = useRef<HTMLButtonElement>(null)

  const endpoints = list.data?.endpoints ?? []
  const needsRoll = list.data?.needsSecretRoll === true
  const current = endpoints.find((e) => e.id === openId) ?? null
  const close = () => setOpen(null)
  const emitFor = (name: 'flex-webhook-endpoint-created' | 'flex-webhook-endpoint-updated' | 'flex-webhook-endpoint-deleted', endpointId: string) =>
    emit(host, name, { projectId, endpointId })

  const create = async (input: EndpointInput) => {
    try {
      const made = await calls.createEndpoint(call, projectId, input)
      setOpenId(made.id)
      emitFor('flex-webhook-endpoint-created', made.id)
    } catch (e) {
      // The list was loaded before the secret became too old to use: show the roll prompt.
      if (isApiError(e) && e.code === SECRET_ROLL_NEEDED) list.reload()
      throw e
    }
    close()
    setToast(t('webhooks.toast.added'))
    list.reload()
  }

  const save = async (endpoint: Endpoint, input: EndpointInput) => {
    await calls.updateEndpoint(call, projectId, endpoint.id, input)
    emitFor('flex-webhook-endpoint-updated', endpoint.id)
    close()
    setToast(t('webhooks.toast.saved'))
    list.reload()
  }

  const toggle = (endpoint: Endpoint) => {
    if (toggling) return
    setToggling(true)
    setError(null)
    calls.updateEndpoint(call, projectId, endpoint.id, { disabled: !endpoint.disabled }).then(
      () => {
        setToggling(false)
        emitFor('flex-webhook-endpoint-updated', endpoint.id)
        setToast(endpoint.disabled ? t('webhooks.toast.enabled') : t('webhooks.toast.disabled'))
        list.reload()
      },
      (e: unknown) => {
        setToggling(false)
        setError(errorText(e))
      },
    )
  }

  const remove = async (endpoint: Endpoint) => {
    await calls.deleteEndpoint(call, projectId, endpoint.id)
    emitFor('flex-webhook-endpoint-deleted', endpoint.id)
    close()
    setOpenId(null)
    setToast(t('webhooks.toast.deleted'))
    list.reload()
  }

  const roll = async (graceSeconds: number) => {
    const secret = await calls.rollWebhookSecret(call, projectId, graceSeconds)
    emit(host, 'flex-webhook-secret-rolled', { projectId })
    list.reload()
    return secret
  }

  // Closing the endpoint's panel takes its Close button away with it: the section keeps focus, not the page's start.
  const keeper = useFocusKeeper<HTMLElement>()

  const act = (action: EndpointAction) => {
    if (!current) return
    setToast(null)
    if (action === 'toggle') toggle(current)
    else setOpen({ action, endpoint: current })
  }

  return (
    <section aria-labelledby={headingId} className={`rounded-flex border border-border bg-surface p-4 cq-sm:p-6 ${className}`} {...keeper}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Heading id={headingId} depth={depth} className="text-lg font-semibold text-fg">
            {t('webhooks.heading')}
          </Heading>
          <p className="mt-1 text-sm text-muted">{t('webhooks.intro')}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          {mayRoll && (
            <Button variant="secondary" ref={rollButton} onClick={() => setOpen('roll')} disabled={!list.data}>
              {t('webhooks.rollSecret')}
            </Button>
          )}
          {mayChange && (
            <Button ref={addButton} onClick={() => setOpen('add')} disabled={!list.data || needsRoll}>
              {t('webhooks.addEndpoint')}
            </Button>
          )}
        </div>
      </div>
      {needsRoll && (
        <Alert tone="warning" className="mt-4">
          {t('webhooks.rollFirst')}
        </Alert>
      )}
      {error && (
        <Alert className="mt-4" onDismiss={() => setError(null)}>
          {error}
        </Alert>
      )}
      {list.error !== undefined && (
        <Alert className="mt-4" onRetry={list.reload}>
          <p className="font-semibold">{t('webhooks.loadFailed')}</p>
          <p>{errorText(list.error)}</p>
        </Alert>
      )}
      {!list.data ? (
        list.error === undefined && (
          <p role="status" className="mt-4 flex items-center gap-3 text-sm text-muted">
            <Spinner />
            {t('webhooks.loading')}
          </p>
        )
      ) : endpoints.length === 0 ? (
        <p className="mt-4 rounded-flex border border-dashed border-border px-4 py-8 text-center text-sm text-muted">{t('webhooks.empty')}</p>
      ) : (
        <EndpointsTable endpoints={endpoints} openId={openId} onOpen={(e) => setOpenId((id) => (id === e.id ? null : e.id))} />
      )}
      {current && (
        <EndpointPanel
          depth={depth + 1}
          // key: another endpoint starts with its own log, from its newest page.
          key={current.id}
          call={call}
          projectId={projectId}
          endpoint={current}
          eventTypes={catalog.data}
          toggling={toggling}
          onAction={act}
          onDelivered={list.reload}
          onClose={() => setOpenId(null)}
        />
      )}
      <Toast message={toast} onClose={() => setToast(null)} />
      {open === 'add' && (
        <EndpointDialog
          eventTypes={catalog.data}
          catalogError={catalog.error === undefined ? undefined : errorText(catalog.error)}
          onRetryCatalog={catalog.reload}
          onClose={close}
          onSave={create}
        />
      )}
      {open === 'roll' && <RollSecretDialog firstSecret={needsRoll} onClose={close} onRoll={roll} />}
      {typeof open === 'object' && open?.action === 'edit' && (
        <EndpointDialog
          endpoint={open.endpoint}
          eventTypes={catalog.data}
          catalogError={catalog.error === undefined ? undefined : errorText(catalog.error)}
          onRetryCatalog={catalog.reload}
          onClose={close}
          onSave={(input) => save(open.endpoint, input)}
        />
      )}
      {typeof open === 'object' && open?.action === 'delete' && (
        <DeleteEndpointDialog endpoint={open.endpoint} onClose={close} onDelete={() => remove(open.endpoint)} returnFocus={addButton} />
      )}
    </section>
  )
}
