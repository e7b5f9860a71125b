import { useEffect, useRef, useState } from 'react'
import { changeRole as change, inviteMember, removeMember, resendInvitation, transferOwnership, type Member, type Role } from '../../api/members'
import type { ManageCall } from '../../api/request'
import { useErrorText } from '../../hooks/useErrorText'
import { Alert } from '../Alert'
import { Button, Spinner } from '../Button'
import { Heading } from '../Heading'
import { TeamSection } from './TeamSection'
import { Toast } from '../toast/Toast'
import { useElement } from '../../context/element'
import { useUnverifiedAccount } from '../account/useUnverifiedAccount'
import { useCapability } from '../../hooks/useCapability'
import { emit } from '../../events'
import { useT } from '../../i18n'
import { teams } from '../../i18n/en/teams'
import { isolate } from '../../i18n/isolate'
import { common } from '../../i18n/en/common'
import type { AsyncState } from '../../hooks/useAsync'
import { ConfirmDialog, InviteDialog, RoleDialog, type Confirm } from './TeamDialogs'
import { LazyRemovalDialog } from './removal/lazy'
import { InvitationsTable, MembersTable } from './MembersTable'
import { TransferDialog } from './TransferDialog'
import { HandOver } from './HandOver'

type Open = 'invite' | { action: 'role' | 'transfer'; member: Member } | { action: Confirm; member: Member } | null

interface MembersSectionProps {
  projectId: string
  call: ManageCall
  members: AsyncState<Member[]> & { reload: () => void }
  /** The reader's user id, and their own entry in the list. */
  me: string
  mine: Member | undefined
  /** Whether the reader's role lets them invite, change roles and remove (TeamSections decides, as it does for Activity). */
  manages: boolean
  /** Whether the reader owns the project (by the same role), and so may hand it to a member. */
  owns: boolean
  onLeft: () => void
  /** Ownership moved: the reader is an admin now. */
  onTransferred: () => void
  zone: HTMLElement | null
}

/**
 * A project's members and its pending invitations: "Invite", a member's role
 * change and removal (admins and owners), Resend and Revoke for an
 * invitation, and "Leave project" for a member who is not the owner. Each
 * change is confirmed, and told to the host page by an event with ids only.
 */
export function MembersSection({ projectId, call, members, me, mine, manages, owns, onLeft, onTransferred, zone }: MembersSectionProps) {
  const t = useT(teams)
  const errorText = useErrorText()
  const c = useT(common)
  const { host } = useElement()
  const [open, setOpen] = useState<Open>(null)
  const [toast, setToast] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [resending, setResending] = useState<string | null>(null)
  const inviteButton = useRef<HTMLButtonElement>(null)
  const leaveButton = useRef<HTMLButtonElement>(null)

  const all = members.data ?? []
  const active = all.filter((m) => m.status === 'active')
  const invited = all.filter((m) => m.status === 'invited')
  // Who the owner may hand the project to: a member who has joined (the owner found by role: a stored log-in may not name its user).
  const heirs = active.filter((m) => m.role !== 'owner')
  // Only a verified address may invite (the server answers 403): an unverified reader is told so where Invite would be, not after a form;
  // a host sign-in's reader in words of its own, with no code to ask for.
  const unverified = useUnverifiedAccount()?.signIn
  // Invitations are mailed: a server run without mail offers none.
  const mail = useCapability('mail')
  // Remove and Leave open a dialog of its own chunk: fetched ahead, so it opens at once.
  const removes = manages || (mine !== undefined && mine.role !== 'owner')
  useEffect(() => {
    if (removes) LazyRemovalDialog.chunk.prefetch()
  }, [removes])
  const close = () => setOpen(null)
  const done = (message: string) => {
    close()
    setToast(message)
    members.reload()
  }

  const invite = async (email: string, role: Role) => {
    const id = await inviteMember(call, projectId, email, role)
    emit(host, 'flex-member-invited', { projectId, memberId: id })
    done(t('members.toast.invited', { email: isolate(email) }))
  }
  const changeRole = async (member: Member, role: Role) => {
    if (role !== member.role) await change(call, projectId, member.id, role)
    done(t('members.toast.changed'))
  }
  const remove = async (member: Member, kind: Confirm, keep: string[] = []) => {
    await removeMember(call, projectId, member.id, keep)
    emit(host, 'flex-member-removed', { projectId, memberId: member.id })
    if (kind === 'leave') return onLeft()
    done(kind === 'revoke' ? t('members.toast.revoked') : t('members.toast.removed'))
  }
  const resend = (member: Member) => {
    if (resending) return
    setResending(member.id)
    setError(null)
    setToast(null)
    resendInvitation(call, projectId, member.id).then(
      () => {
        setResending(null)
        setToast(t('members.toast.resent', { email: isolate(member.email) }))
        members.reload()
      },
      (e: unknown) => {
        setResending(null)
        setError(errorText(e))
      },
    )
  }
  const transfer = async (member: Member, password: string) => {
    await transferOwnership(call, projectId, member.id, password)
    // The page's role (and so every control) changes with it: the project is read again.
    onTransferred()
    done(t('transfer.done', { name: isolate(member.name || member.email) }))
  }
  const act = (action: 'role' | 'transfer' | Confirm, member: Member) => {
    setToast(null)
    setOpen({ action, member })
  }

  return (
    <TeamSection
      heading={t('members.heading')}
      actions={
        <div className="flex flex-wrap gap-3">
          {mine && mine.role !== 'owner' && (
            <Button variant="secondary" ref={leaveButton} onClick={() => act('leave', mine)}>
              {t('members.leave')}
            </Button>
          )}
          {manages &&
            mail &&
            (unverified ? (
              <p className="text-sm text-muted">{t(unverified == 'host' ? 'members.hostUnverified' : 'members.verifyFirst')}</p>
            ) : (
              <Button ref={inviteButton} onClick={() => setOpen('invite')}>
                {t('members.invite')}
              </Button>
            ))}
        </div>
      }
    >
      {error && (
        <Alert className="mt-4" onDismiss={() => setError(null)}>
          {error}
        </Alert>
      )}
      {members.error !== undefined && (
        <Alert className="mt-4" onRetry={members.reload}>
          {errorText(members.error)}
        </Alert>
      )}
      {!members.data
        ? members.error === undefined && (
            <p role="status" className="mt-4 flex items-center gap-3 text-sm text-muted">
              <Spinner />
              {c('common.loading')}
            </p>
          )
        : active.length > 0 && <MembersTable members={active} me={me} manages={manages} owns={owns} onAction={act} />}
      {invited.length > 0 && (
        <>
          <Heading depth={2} className="mt-6 text-sm font-semibold text-fg">
            {t('members.pending.heading')}
          </Heading>
          <InvitationsTable invitations={invited} manages={manages} onResend={resend} onRevoke={(m) => act('revoke', m)} />
        </>
      )}
      {zone && owns && heirs.length > 0 && <HandOver zone={zone} members={heirs} onTransfer={transfer} />}
      <Toast message={toast} onClose={() => setToast(null)} />
      {open === 'invite' && <InviteDialog onClose={close} onInvite={invite} />}
      {open !== null && open !== 'invite' && open.action === 'role' && (
        <RoleDialog member={open.member} onClose={close} onChange={(role) => changeRole(open.member, role)} />
      )}
      {open !== null && open !== 'invite' && (open.action === 'remove' || open.action === 'leave') && (
        <LazyRemovalDialog
          kind={open.action}
          member={open.member}
          call={call}
          projectId={projectId}
          manages={manages}
          onClose={close}
          onConfirm={(keep) => remove(open.member, open.action as Confirm, keep)}
          returnFocus={open.action === 'leave' ? leaveButton : inviteButton}
        />
      )}
      {open !== null && open !== 'invite' && open.action === 'transfer' && (
        <TransferDialog members={[open.member]} onClose={close} onTransfer={transfer} returnFocus={inviteButton} />
      )}
      {open !== null && open !== 'invite' && open.action === 'revoke' && (
        <ConfirmDialog kind="revoke" member={open.member} onClose={close} onConfirm={() => remove(open.member, 'revoke')} returnFocus={inviteButton} />
      )}
    </TeamSection>
  )
}
