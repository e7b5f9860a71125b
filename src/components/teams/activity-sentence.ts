import type { AuditEntry } from '../../api/audit'
import { isRole } from '../../api/roles'
import { formatDate } from '../../format-date'
import type { Translate } from '../../i18n'
import type { roles } from '../../i18n/en/roles'
import type { teams } from '../../i18n/en/teams'
import { actionText } from './activity-kinds'
import { ROLE_NAME } from './role-names'

type T = Translate<typeof teams>

/**
 * An audit entry as one sentence in the reader's language ("Ada changed the
 * role of linus@… from Viewer to Developer."): its details become words and
 * dates the reader's (never `graceUntil: …, replacedBy: apid_…`); ids, which
 * say nothing to a reader, are left out. An action the widget does not know
 * yet reads as its name after the actor's.
 */
export function activitySentence(e: AuditEntry, t: T, r: Translate<typeof roles>, lang: string): string {
  const d = e.details
  const who = e.actor.name || e.actor.email || t('activity.someone')
  const str = (k: string) => (typeof d[k] === 'string' || typeof d[k] === 'number' ? String(d[k]) : '')
  const role = (k: string) => {
    const v = d[k]
    return isRole(v) ? r(ROLE_NAME[v]) : str(k)
  }
  const date = (k: string) => formatDate(str(k), lang)
  const name = str('name')
  const email = str('email') || t('activity.someone')
  switch (e.action) {
    case 'project.created':
      return t('activity.s.project.created', { who, name })
    case 'project.renamed':
      return t('activity.s.project.renamed', { who, from: str('from'), to: str('to') })
    case 'project.changed':
      return t('activity.s.project.changed', { who })
    case 'project.deleted':
      return t('activity.s.project.deleted', { who, name })
    case 'key.created':
      return t('activity.s.key.created', { who, name })
    case 'key.renamed':
      return t('activity.s.key.renamed', { who, from: str('from'), to: str('to') })
    case 'key.changed':
      return str('expiresAt') ? t('activity.s.key.changed', { who, date: date('expiresAt') }) : t('activity.s.key.unlimited', { who })
    case 'key.rolled':
      return t('activity.s.key.rolled', { who, name, date: date('graceUntil') })
    case 'key.deleted':
      return t('activity.s.key.deleted', { who, name })
    case 'key.revoked':
      return t('activity.s.key.revoked', { who, name })
    case 'key.kept':
      return t('activity.s.key.kept', { who, name })
    case 'endpoint.added':
      return t('activity.s.endpoint.added', { who, url: str('url') })
    case 'endpoint.changed':
      return t('activity.s.endpoint.changed', { who })
    case 'endpoint.disabled':
      return t('activity.s.endpoint.disabled', { who })
    case 'endpoint.deleted':
      return t('activity.s.endpoint.deleted', { who })
    case 'endpoint.kept':
      return t('activity.s.endpoint.kept', { who })
    case 'secret.rolled':
      return t('activity.s.secret.rolled', { who })
    case 'test_event.sent':
      return t('activity.s.testEvent.sent', { who, event: str('eventType') })
    case 'message.resent':
      return t('activity.s.message.resent', { who })
    case 'member.invited':
      return t('activity.s.member.invited', { who, email, role: role('role') })
    case 'invitation.resent':
      return t('activity.s.invitation.resent', { who, email })
    case 'invitation.revoked':
      return t('activity.s.invitation.revoked', { who, email })
    case 'invitation.declined':
      return t('activity.s.invitation.declined', { who, role: role('role') })
    case 'member.joined':
      return t('activity.s.member.joined', { who, role: role('role') })
    case 'member.role_changed':
      return t('activity.s.member.roleChanged', { who, email, from: role('from'), to: role('to') })
    case 'member.removed':
      return t('activity.s.member.removed', { who, email })
    case 'member.left':
      return t('activity.s.member.left', { who })
    case 'ownership.transferred':
      return t('activity.s.ownership.transferred', { who, email })
    default:
      return t('activity.s.other', { who, what: actionText(e.action, t) })
  }
}
