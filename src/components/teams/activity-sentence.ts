import type { AuditEntry } from '../../api/audit'
import { isRole } from '../../api/roles'
import { formatDate } from '../../format-date'
import type { Translate } from '../../i18n'
import type { roles } from '../../i18n/en/roles'
import type { teams } from '../../i18n/en/teams'
import { actionText } from './activity-kinds'
import { ROLE_NAME } from './role-names'

type T = Translate<typeof teams>

/** The sentence of each action the widget knows; each takes the words of the details below that it names. */
const SENTENCE: Record<string, keyof typeof teams> = {
  'project.created': 'activity.s.project.created',
  'project.renamed': 'activity.s.project.renamed',
  'project.changed': 'activity.s.project.changed',
  'key.created': 'activity.s.key.created',
  'key.renamed': 'activity.s.key.renamed',
  'key.changed': 'activity.s.key.changed',
  'key.rolled': 'activity.s.key.rolled',
  'key.restricted': 'activity.s.key.restricted',
  'key.deleted': 'activity.s.key.deleted',
  'key.revoked': 'activity.s.key.revoked',
  'key.kept': 'activity.s.key.kept',
  'endpoint.added': 'activity.s.endpoint.added',
  'endpoint.changed': 'activity.s.endpoint.changed',
  'endpoint.disabled': 'activity.s.endpoint.disabled',
  'endpoint.deleted': 'activity.s.endpoint.deleted',
  'endpoint.kept': 'activity.s.endpoint.kept',
  'secret.rolled': 'activity.s.secret.rolled',
  'test_event.sent': 'activity.s.testEvent.sent',
  'message.resent': 'activity.s.message.resent',
  'member.invited': 'activity.s.member.invited',
  'invitation.resent': 'activity.s.invitation.resent',
  'invitation.revoked': 'activity.s.invitation.revoked',
  'invitation.declined': 'activity.s.invitation.declined',
  'member.joined': 'activity.s.member.joined',
  'member.role_changed': 'activity.s.member.roleChanged',
  'member.removed': 'activity.s.member.removed',
  'member.left': 'activity.s.member.left',
  'ownership.transferred': 'activity.s.ownership.transferred',
}

/**
 * An audit entry as one sentence in the reader's language ("Ada changed the
 * role of linus@… from Viewer to Developer."): its details become words and
 * dates the reader's (never `graceUntil: …, replacedBy: apid_…`); ids, which
 * say nothing to a reader, are left out. An action the widget does not know
 * yet reads as its name after the actor's. One table of sentences and one set
 * of words for them all, not a branch per action: the bytes are the budget's.
 */
export function activitySentence(e: AuditEntry, t: T, r: Translate<typeof roles>, lang: string): string {
  const d = e.details
  const who = e.actor.name || e.actor.email || t('activity.someone')
  const str = (k: string) => (typeof d[k] === 'string' || typeof d[k] === 'number' ? String(d[k]) : '')
  // A role's name in the reader's language (a rename's from and to are names, left as they are).
  const role = (k: string) => {
    const v = d[k]
    return isRole(v) ? r(ROLE_NAME[v]) : str(k)
  }
  const id = Object.hasOwn(SENTENCE, e.action) ? SENTENCE[e.action] : undefined
  if (!id) return t('activity.s.other', { who, what: actionText(e.action) })
  const words = {
    who,
    name: str('name'),
    from: role('from'),
    to: role('to'),
    role: role('role'),
    email: str('email') || t('activity.someone'),
    url: str('url'),
    event: str('eventType'),
    date: formatDate(str(e.action === 'key.rolled' ? 'graceUntil' : 'expiresAt'), lang),
  }
  // An expiry changed to none reads as its own sentence.
  return (t as (id: string, words: object) => string)(id === 'activity.s.key.changed' && !str('expiresAt') ? 'activity.s.key.unlimited' : id, words)
}
