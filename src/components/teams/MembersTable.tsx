import type { ReactNode } from 'react'
import type { Member } from '../../api/members'
import { formatDate } from '../../format-date'
import { useLang, useT } from '../../i18n'
import { teams } from '../../i18n/en/teams'
import { roles } from '../../i18n/en/roles'
import { StackTable } from '../webhooks/StackTable'
import type { Confirm } from './TeamDialogs'
import { ROLE_NAME } from './role-names'
import { Badge } from '../Badge'

const linkButton =
  'rounded-flex px-2 py-1 font-semibold text-accent hover:text-accent-hover focus:outline-none focus-visible:ring-2 focus-visible:ring-focus disabled:cursor-not-allowed disabled:opacity-60'
const dangerButton = linkButton.replace('text-accent hover:text-accent-hover', 'text-danger hover:opacity-90')

function Action({
  label,
  children,
  danger,
  onClick,
  disabled,
}: {
  label: string
  children: ReactNode
  danger?: boolean
  onClick: () => void
  disabled?: boolean
}) {
  return (
    <button type="button" aria-label={label} onClick={onClick} disabled={disabled} className={danger ? dangerButton : linkButton}>
      {children}
    </button>
  )
}

/** A role as a quiet badge: the owner's stands out a little. */
export function RoleBadge({ role }: { role: Member['role'] }) {
  const r = useT(roles)
  return <Badge tone={role === 'owner' ? 'success' : 'neutral'}>{r(ROLE_NAME[role])}</Badge>
}

/**
 * Long text in a cell: on one line cut at its end in a table (whose cells
 * never wrap), wrapped whole in a card; the whole in its title either way.
 */
const CUT = 'block overflow-hidden text-ellipsis'

/** An address: a 40-character one must not push a laptop's table into cards, so it is capped but as an invitation's name, which takes the room left. */
function Email({ email, name }: { email: string; name?: boolean }) {
  return (
    <span dir="ltr" title={email} {...(name ? { 'data-name': '' } : {})} className={`${CUT} break-all rtl:text-right ${name ? '' : 'max-w-[14rem]'}`}>
      {email}
    </span>
  )
}

/** The members, the owner first (as the server sends them): name, e-mail, role, joined, and what an admin may do to each. */
export function MembersTable({
  members,
  me,
  manages,
  onAction,
}: {
  members: Member[]
  me: string
  manages: boolean
  onAction: (action: 'role' | Confirm, member: Member) => void
}) {
  const t = useT(teams)
  const r = useT(roles)
  const lang = useLang()
  const columns = [t('members.column.name'), t('members.column.email'), r('projects.column.role'), t('members.column.joined')]
  return (
    <StackTable
      caption={t('members.caption')}
      columns={manages ? [...columns, t('members.column.actions')] : columns}
      // The name takes the room left and gives way last; Joined goes first as the box narrows.
      name={0}
      priorities={[0, 0, 0, 1, 0]}
      rows={members.map((m) => {
        const name = m.name || m.email
        // Nobody changes or removes the owner (ownership moves by transfer), nor themselves here ("Leave project" is for that).
        const editable = manages && m.role !== 'owner' && m.userId !== me
        const cells: ReactNode[] = [
          <span title={m.name || undefined} className={CUT}>
            <span dir="auto" data-name="" className="font-medium">
              {m.name || '—'}
            </span>
            {m.userId === me && <span className="text-muted"> {t('members.you')}</span>}
          </span>,
          <Email email={m.email} />,
          <RoleBadge role={m.role} />,
          <time dateTime={m.joinedAt ?? undefined} className="text-muted">
            {formatDate(m.joinedAt ?? '', lang)}
          </time>,
        ]
        if (manages)
          cells.push(
            editable ? (
              // Inline, not flex: one line in a table's cell (which never wraps), wrapped between them in a card.
              <span className="-mx-2">
                <Action label={t('members.changeRoleLabel', { name })} onClick={() => onAction('role', m)}>
                  {t('members.changeRole')}
                </Action>{' '}
                <Action danger label={t('members.removeLabel', { name })} onClick={() => onAction('remove', m)}>
                  {t('members.remove')}
                </Action>
              </span>
            ) : (
              <span className="text-muted">—</span>
            ),
          )
        return { key: m.id, cells }
      })}
    />
  )
}

const expired = (at: string | null | undefined) => !!at && new Date(at).getTime() <= Date.now()

/** Invitations not yet accepted: the address, the role it gives, when it was sent and when it stops working. */
export function InvitationsTable({
  invitations,
  manages,
  resending,
  onResend,
  onRevoke,
}: {
  invitations: Member[]
  manages: boolean
  resending: string | null
  onResend: (m: Member) => void
  onRevoke: (m: Member) => void
}) {
  const t = useT(teams)
  const r = useT(roles)
  const lang = useLang()
  const columns = [t('members.column.email'), r('projects.column.role'), t('members.column.invited'), t('members.column.expires')]
  return (
    <StackTable
      caption={t('members.pending.caption')}
      columns={manages ? [...columns, t('members.column.actions')] : columns}
      // An invitation is named by its address; Invited goes first, then Expires.
      name={0}
      priorities={[0, 0, 2, 1, 0]}
      rows={invitations.map((m) => {
        const cells: ReactNode[] = [
          <Email email={m.email} name />,
          <RoleBadge role={m.role} />,
          <time dateTime={m.invitedAt} className="text-muted">
            {formatDate(m.invitedAt, lang)}
          </time>,
          expired(m.expiresAt) ? (
            <span className="text-danger">{t('members.expired')}</span>
          ) : (
            <time dateTime={m.expiresAt ?? undefined} className="text-muted">
              {formatDate(m.expiresAt ?? '', lang)}
            </time>
          ),
        ]
        if (manages)
          cells.push(
            <span className="-mx-2">
              <Action label={t('members.resendLabel', { email: m.email })} onClick={() => onResend(m)} disabled={resending !== null}>
                {t('members.resend')}
              </Action>{' '}
              <Action danger label={t('members.revokeLabel', { email: m.email })} onClick={() => onRevoke(m)}>
                {t('members.revoke')}
              </Action>
            </span>,
          )
        return { key: m.id, cells }
      })}
    />
  )
}
