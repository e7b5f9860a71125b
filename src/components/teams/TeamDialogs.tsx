import type { MutableRefObject } from 'react'
import { MEMBER_ROLES, type Member, type Role } from '../../api/members'
import { FormDialog } from '../form-dialog/FormDialog'
import { FormTextField } from '../form-dialog/FormTextField'
import { useT } from '../../i18n'
import { teams } from '../../i18n/en/teams'
import { isolate } from '../../i18n/isolate'
import { RolePicker } from './RolePicker'

const chosenRole = (form: HTMLFormElement): Role => {
  const role = new FormData(form).get('role')
  return MEMBER_ROLES.find((r) => r === role) ?? 'developer'
}

/** Invite: an address and a role; the server mails the code. */
export function InviteDialog({ onClose, onInvite }: { onClose: () => void; onInvite: (email: string, role: Role) => Promise<void> }) {
  const t = useT(teams)
  return (
    <FormDialog
      title={t('invite.title')}
      submitLabel={t('invite.submit')}
      onClose={onClose}
      fields={['email']}
      onSubmit={(form) => onInvite(String(new FormData(form).get('email')).trim(), chosenRole(form))}
    >
      <p className="text-muted">{t('invite.text')}</p>
      <FormTextField label={t('invite.email')} name="email" type="email" autoComplete="off" required maxLength={254} />
      <RolePicker />
    </FormDialog>
  )
}

/** Change role: the member is named, their present role chosen to start with. */
export function RoleDialog({ member, onClose, onChange }: { member: Member; onClose: () => void; onChange: (role: Role) => Promise<void> }) {
  const t = useT(teams)
  return (
    <FormDialog title={t('members.changeRole')} submitLabel={t('members.changeRole')} onClose={onClose} onSubmit={(form) => onChange(chosenRole(form))}>
      <p>{t('role.text', { name: isolate(member.name || member.email) })}</p>
      <RolePicker defaultRole={member.role} />
    </FormDialog>
  )
}

export type Confirm = 'remove' | 'revoke' | 'leave'

/** Revoking an invitation, confirmed: the address is named, so the right one goes (removing and leaving: RemovalDialog). */
export function ConfirmDialog({
  member,
  onClose,
  onConfirm,
  returnFocus,
}: {
  kind: 'revoke'
  member: Member
  onClose: () => void
  onConfirm: () => Promise<void>
  returnFocus?: MutableRefObject<HTMLElement | null>
}) {
  const t = useT(teams)
  return (
    <FormDialog title={t('revoke.title')} submitLabel={t('members.revoke')} danger onClose={onClose} onSubmit={onConfirm} returnFocus={returnFocus}>
      <p>{t('revoke.text', { email: isolate(member.email) })}</p>
    </FormDialog>
  )
}
