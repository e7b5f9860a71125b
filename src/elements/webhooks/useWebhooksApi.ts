import { useMemo } from 'react'
import { webhookCalls, type EndpointChange, type EndpointInput } from '../../api/webhooks'
import { useElement } from '../../context/element'
import { useManageApi } from '../../hooks/useManageApi'

/** One project's webhook calls, bound to this element's api-base and the shared session (a 401 signs out, as for keys). */
export function useWebhooksApi(projectId: string) {
  const { apiBase } = useElement()
  const { withToken } = useManageApi()
  return useMemo(() => {
    const calls = webhookCalls(apiBase)
    return {
      eventTypes: calls.eventTypes,
      list: (signal?: AbortSignal) => withToken((t) => calls.list(t, projectId, signal)),
      create: (body: EndpointInput) => withToken((t) => calls.create(t, projectId, body)),
      update: (endpointId: string, body: EndpointChange) => withToken((t) => calls.update(t, projectId, endpointId, body)),
      remove: (endpointId: string) => withToken((t) => calls.remove(t, projectId, endpointId)),
      test: (endpointId: string, eventType?: string) => withToken((t) => calls.test(t, projectId, endpointId, eventType)),
      attempts: (endpointId: string, page: { limit: number; before?: string }, signal?: AbortSignal) =>
        withToken((t) => calls.attempts(t, projectId, endpointId, page, signal)),
      resend: (endpointId: string, messageId: string) => withToken((t) => calls.resend(t, projectId, endpointId, messageId)),
      rollSecret: (graceSeconds: number) => withToken((t) => calls.rollSecret(t, projectId, graceSeconds)),
    }
  }, [apiBase, withToken, projectId])
}

export type WebhooksApi = ReturnType<typeof useWebhooksApi>
