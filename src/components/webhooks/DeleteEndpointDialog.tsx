import type { MutableRefObject } from 'react'
import type { Endpoint } from '../../api/webhooks'
import { useT } from '../../i18n'
import { webhooks } from '../../i18n/en/webhooks'
import { FormDialog } from '../form-dialog/FormDialog'
import { withValue } from './with-value'

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
  const t = useT(webhooks)
  return (
    <FormDialog
      title={t('webhooks.delete.title')}
      submitLabel={t('webhooks.delete.title')}
      pendingLabel={t('webhooks.delete.pending')}
      danger
      onClose={onClose}
      onSubmit={onDelete}
      returnFocus={returnFocus}
    >
      <p>
        {withValue(t('webhooks.delete.body', { url: endpoint.url }), endpoint.url, (url) => (
          <span dir="ltr" className="break-all font-mono text-xs">
            {url}
          </span>
        ))}
      </p>
    </FormDialog>
  )
}
