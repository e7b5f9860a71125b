import type { MutableRefObject } from 'react'
import type { Member } from '../../api/members'
import { FormDialog } from '../form-dialog/FormDialog'
import { FormTextField } from '../form-dialog/FormTextField'
import { useT } from '../../i18n'
import { teams } from '../../i18n/en/teams'

/**
 * "Make owner", confirmed with the owner's password: says who becomes the
 * owner and that the reader becomes an admin (POST …/owner makes the old
 * owner an admin); a wrong password is the server's message, in the dialog.
 */
export function TransferDialog({
  member,
  onClose,
  onTransfer,
  returnFocus,
}: {
  member: Member
  onClose: () => void
  onTransfer: (password: string) => Promise<void>
  returnFocus?: MutableRefObject<HTMLElement | null>
}) {
  const t = useT(teams)
  return (
    <FormDialog
      title={t('transfer.title')}
      submitLabel={t('transfer.submit')}
      danger
      onClose={onClose}
      returnFocus={returnFocus}
      onSubmit={(form) => onTransfer(String(new FormData(form).get('password') ?? ''))}
    >
      <p dir="auto">{t('transfer.text', { name: member.name || member.email })}</p>
      <FormTextField label={t('transfer.password')} name="password" type="password" autoComplete="current-password" required maxLength={1024} />
    </FormDialog>
  )
}
