import type { MutableRefObject } from 'react'
import type { Endpoint } from '../../api/webhooks'
import { KeyFormDialog } from '../project-detail/KeyFormDialog'

/** Delete, confirmed: the address is named, so the right one goes. */
export function DeleteEndpointDialog({
  endpoint,
  onClose,
  onDelete,
  returnFocus,
}: {
  endpoint: Endpoint
  onClose: () => void
  onDelete: () => Promise<void>
  /** Where focus goes once it is gone (its panel, and the Delete button in it, go with it). */
  returnFocus?: MutableRefObject<HTMLElement | null>
}) {
  return (
    <KeyFormDialog
      title="Delete endpoint"
      submitLabel="Delete endpoint"
      pendingLabel="Deleting…"
      danger
      onClose={onClose}
      onSubmit={onDelete}
      returnFocus={returnFocus}
    >
      <p>
        <span className="break-all font-mono text-xs">{endpoint.url}</span> stops receiving events at once, and its delivery log is deleted with it.
      </p>
    </KeyFormDialog>
  )
}
