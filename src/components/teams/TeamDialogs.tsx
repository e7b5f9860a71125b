import type { MutableRefObject } from 'react'
import { isRole, type Member, type Role } from '../../api/members'
import { FieldError } from '../form-dialog/field-error'
import { FormDialog } from '../form-dialog/FormDialog'
import { FormTextField } from '../form-dialog/FormTextField'
import { useT } from '../../i18n'
import { teams } from '../../i18n/en/teams'
import { RolePicker } from './RolePicker'

const chosenRole = (form: HTMLFormElement): Role => {
  const role = new FormData(form).get('role')
  return isRole(role) ? role : 'developer'
}

/** Invite: an address and a role; the server mails the code. */
export function InviteDialog({ onClose, onInvite }: { onClose: () => void; onInvite: (email: string, role: Role) => Promise<void> }) {
  const t = useT(teams)
  return (
    <FormDialog
      title={t('invite.title')}
      submitLabel={t('invite.submit')}
      pendingLabel={t('invite.pending')}
      onClose={onClose}
      fields={['email']}
      onSubmit={(form) => {
        const email = String(new FormData(form).get('email') ?? '').trim()
        if (!email) throw new FieldError('email', t('invite.emailRequired'))
        return onInvite(email, chosenRole(form))
      }}
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
    <FormDialog
      title={t('role.title')}
      submitLabel={t('role.submit')}
      pendingLabel={t('role.pending')}
      onClose={onClose}
      onSubmit={(form) => onChange(chosenRole(form))}
    >
      <p dir="auto">{t('role.text', { name: member.name || member.email })}</p>
      <RolePicker defaultRole={member.role} />
    </FormDialog>
  )
}

export type Confirm = 'remove' | 'revoke' | 'leave'

const CONFIRM = {
  remove: ['remove.title', 'remove.submit', 'remove.pending'],
  revoke: ['revoke.title', 'revoke.submit', 'revoke.pending'],
  leave: ['leave.title', 'leave.submit', 'leave.pending'],
} as const

/** Remove, revoke or leave, confirmed: who or which address is named, so the right one goes. */
export function ConfirmDialog({
  kind,
  member,
  onClose,
  onConfirm,
  returnFocus,
}: {
  kind: Confirm
  member: Member
  onClose: () => void
  onConfirm: () => Promise<void>
  returnFocus?: MutableRefObject<HTMLElement | null>
}) {
  const t = useT(teams)
  const text =
    kind === 'remove'
      ? t('remove.text', { name: member.name || member.email })
      : kind === 'revoke'
        ? t('revoke.text', { email: member.email })
        : t('leave.text')
  const [title, submit, pending] = CONFIRM[kind]
  return (
    <FormDialog title={t(title)} submitLabel={t(submit)} pendingLabel={t(pending)} danger onClose={onClose} onSubmit={onConfirm} returnFocus={returnFocus}>
      <p dir="auto">{text}</p>
    </FormDialog>
  )
}
