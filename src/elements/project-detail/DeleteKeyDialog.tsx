import type { MutableRefObject } from 'react'
import { useT } from '../../i18n'
import { keys as texts } from '../../i18n/en/keys'
import { ChoiceField } from '../../components/ChoiceField'
import { FormDialog } from '../../components/form-dialog/FormDialog'

export interface DeleteKeyDialogProps {
  open: boolean
  keyIds: string[]
  /** Key names by id, when the server sends them: the options then read "id (name)". */
  names?: Record<string, string>
  onClose: () => void
  /** Deletes the chosen key; a rejection is shown in the dialog, which stays open. */
  onConfirm: (keyId: string) => Promise<void>
  returnFocus?: MutableRefObject<HTMLElement | null>
}

/**
 * 'Pick Key To Delete': a dropdown of the project's API Project IDs, the first
 * chosen. Mounted only while open, so every opening starts on the first key.
 */
export function DeleteKeyDialog({ open, ...props }: DeleteKeyDialogProps) {
  return open ? <PickKeyDialog {...props} /> : null
}

function PickKeyDialog({ keyIds, names = {}, onConfirm, ...rest }: Omit<DeleteKeyDialogProps, 'open'>) {
  const t = useT(texts)
  return (
    <FormDialog
      title={t('keys.pick.title')}
      submitLabel={t('keys.pick.submit')}
      pendingLabel={t('keys.pick.pending')}
      danger
      {...rest}
      onSubmit={async (form) => {
        const keyId = String(new FormData(form).get('key') ?? '')
        if (keyId) await onConfirm(keyId)
      }}
    >
      {/* The id first, as the field's label says: it tells two keys of one name apart, and a phone's narrow field cuts the end. */}
      <ChoiceField label={t('keys.pick.field')} name="key" options={keyIds.map((id) => [names[id] ? `${id} (${names[id]})` : id, id])} />
      {/* As the row's Delete says it: the consequence before the Confirm. */}
      <p className="mt-3 text-sm text-fg">{t('keys.pick.warning')}</p>
    </FormDialog>
  )
}
