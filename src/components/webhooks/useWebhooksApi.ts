import { useMemo } from 'react'
import { webhookCalls, type EndpointChange, type EndpointInput } from '../../api/webhooks'
import { useElement } from '../../context/element'
import { useManageApi } from '../../hooks/useManageApi'

/** One project's webhook calls, bound to this element's api-base and the shared session (a 401 signs out, as for keys). */
export function useWebhooksApi(projectId: string) {
  const { apiBase } = useElement()
  const { run } = useManageApi()
  return useMemo(() => {
    const calls = webhookCalls(apiBase)
    return {
      eventTypes: calls.eventTypes,
      list: (signal?: AbortSignal) => run((t) => calls.list(t, projectId, signal)),
      create: (body: EndpointInput) => run((t) => calls.create(t, projectId, body)),
      update: (endpointId: string, body: EndpointChange) => run((t) => calls.update(t, projectId, endpointId, body)),
      remove: (endpointId: string) => run((t) => calls.remove(t, projectId, endpointId)),
      test: (endpointId: string, eventType?: string) => run((t) => calls.test(t, projectId, endpointId, eventType)),
      attempts: (endpointId: string, page: { limit: number; before?: string }, signal?: AbortSignal) =>
        run((t) => calls.attempts(t, projectId, endpointId, page, signal)),
      resend: (endpointId: string, messageId: string) => run((t) => calls.resend(t, projectId, endpointId, messageId)),
      rollSecret: (graceSeconds: number) => run((t) => calls.rollSecret(t, projectId, graceSeconds)),
    }
  }, [apiBase, run, projectId])
}

export type WebhooksApi = ReturnType<typeof useWebhooksApi>
