/** The events a host page can listen to. Details carry ids only, never a secret. */
export interface FlexEventMap {
  'flex-signed-in': Record<string, never>
  'flex-signed-out': { reason: 'user' | 'expired' }
  'flex-project-created': { id: string }
  'flex-project-updated': { id: string }
  'flex-project-deleted': { id: string }
  'flex-key-created': { projectId: string; keyIds: string[] }
  'flex-key-deleted': { projectId: string; keyId: string }
  'flex-key-rolled': { projectId: string; keyId: string; newKeyId: string }
  'flex-key-updated': { projectId: string; keyId: string }
  'flex-webhook-endpoint-created': { projectId: string; endpointId: string }
  'flex-webhook-endpoint-updated': { projectId: string; endpointId: string }
  'flex-webhook-endpoint-deleted': { projectId: string; endpointId: string }
  'flex-webhook-secret-rolled': { projectId: string }
  'flex-navigate': { to: string }
  'flex-password-reset': { userId: string }
  'flex-email-verified': { userId: string }
  'flex-account-deleted': { userId: string }
  'flex-member-invited': { projectId: string; memberId: string }
  'flex-member-removed': { projectId: string; memberId: string }
  'flex-invitation-accepted': { projectId: string }
}

/**
 * Dispatches a bubbling, composed CustomEvent on the host element. Returns
 * false when a listener called preventDefault() on a cancelable event, and
 * when the element is no longer in the page (removed while a call was under
 * way): no listener of the page would hear it, so nothing is dispatched, and
 * what would follow a navigation's event (the page's hash changed) does not.
 */
export function emit<K extends keyof FlexEventMap>(host: Element, name: K, detail: FlexEventMap[K], cancelable = false): boolean {
  return host.isConnected && host.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable }))
}
