import { useState, type MutableRefObject } from 'react'
import type { Member } from '../../api/members'
import { ChoiceField } from '../ChoiceField'
import { FormDialog } from '../form-dialog/FormDialog'
import { FormTextField } from '../form-dialog/FormTextField'
import { useT } from '../../i18n'
import { teams } from '../../i18n/en/teams'
import { isolate } from '../../i18n/isolate'

// By address too: a name is the member's to choose, and may be made to look like another's.
const named = (m: Member) => (m.name ? `${m.name} (${m.email})` : m.email)

/**
 * Ownership transfer, confirmed with the owner's password: says who becomes
 * the owner and that the reader becomes an admin (POST …/owner makes the old
 * owner an admin); a wrong password is the server's message, in the dialog.
 * From a member's row, `members` is that one member; from the danger zone,
 * every joined member but the owner, with a choice whose name the text follows.
 */
export function TransferDialog({
  members,
  onClose,
  onTransfer,
  returnFocus,
}: {
  members: Member[]
  onClose: () => void
  onTransfer: (member: Member, password: string) => Promise<void>
  returnFocus?: MutableRefObject<HTMLElement | null>
}) {
  const t = useT(teams)
  const [chosen, choose] = useState(members[0])
  return (
    <FormDialog
      title={t('transfer.title')}
      submitLabel={t('transfer.submit')}
      danger
      onClose={onClose}
      returnFocus={returnFocus}
      onSubmit={(form) => onTransfer(chosen, String(new FormData(form).get('password') ?? ''))}
    >
      {members.length > 1 && (
        <ChoiceField
          label={t('transfer.member')}
          name="member"
          options={members.map((m) => [named(m), m.id])}
          onChange={(id) => choose(members.find((m) => m.id === id) ?? chosen)}
        />
      )}
      <p>{t('transfer.text', { name: isolate(named(chosen)) })}</p>
      <FormTextField label={t('transfer.password')} name="password" type="password" autoComplete="current-password" required maxLength={1024} />
    </FormDialog>
  )
}
