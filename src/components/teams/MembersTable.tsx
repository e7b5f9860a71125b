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
import { RowMenu, type RowMenuItem } from '../table'

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
  owns = false,
  onAction,
}: {
  members: Member[]
  me: string
  manages: boolean
  /** The reader is the owner: each joined member may be made the owner. */
  owns?: boolean
  onAction: (action: 'role' | 'transfer' | Confirm, member: Member) => void
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
        if (manages) {
          const items: RowMenuItem[] = [
            { id: 'role', text: t('members.changeRole'), onSelect: () => onAction('role', m) },
            ...(owns ? [{ id: 'transfer', text: t('members.makeOwner'), onSelect: () => onAction('transfer', m) }] : []),
            { id: 'remove', text: t('members.remove'), danger: true, onSelect: () => onAction('remove', m) },
          ]
          cells.push(editable ? <RowMenu label={t('members.menu', { name })} items={items} /> : <span className="text-muted">—</span>)
        }
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
  onResend,
  onRevoke,
}: {
  invitations: Member[]
  manages: boolean
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
            <RowMenu
              label={t('members.menu', { name: m.email })}
              items={[
                { id: 'resend', text: t('members.resend'), onSelect: () => onResend(m) },
                { id: 'revoke', text: t('members.revoke'), danger: true, onSelect: () => onRevoke(m) },
              ]}
            />,
          )
        return { key: m.id, cells }
      })}
    />
  )
}
