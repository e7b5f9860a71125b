import type { Translate } from '../../i18n'
import type { teams } from '../../i18n/en/teams'

export const KINDS = ['all', 'project', 'keys', 'webhooks', 'members'] as const
export type Kind = (typeof KINDS)[number]

export const KIND_NAME = {
  all: 'activity.kind.all',
  project: 'activity.kind.project',
  keys: 'activity.kind.keys',
  webhooks: 'activity.kind.webhooks',
  members: 'activity.kind.members',
} as const satisfies Record<Kind, string>

/** The server's actions (its audit log's names) the widget words in the reader's language, and the kind each is. */
const ACTIONS: Record<string, [keyof typeof teams, Exclude<Kind, 'all'>]> = {
  'project.created': ['activity.action.projectCreated', 'project'],
  'project.renamed': ['activity.action.projectRenamed', 'project'],
  'project.changed': ['activity.action.projectChanged', 'project'],
  'project.deleted': ['activity.action.projectDeleted', 'project'],
  'key.created': ['activity.action.keyCreated', 'keys'],
  'key.renamed': ['activity.action.keyRenamed', 'keys'],
  'key.changed': ['activity.action.keyChanged', 'keys'],
  'key.rolled': ['activity.action.keyRolled', 'keys'],
  'key.deleted': ['activity.action.keyDeleted', 'keys'],
  'endpoint.added': ['activity.action.endpointAdded', 'webhooks'],
  'endpoint.changed': ['activity.action.endpointChanged', 'webhooks'],
  'endpoint.disabled': ['activity.action.endpointDisabled', 'webhooks'],
  'endpoint.deleted': ['activity.action.endpointDeleted', 'webhooks'],
  'secret.rolled': ['activity.action.secretRolled', 'webhooks'],
  'test_event.sent': ['activity.action.testSent', 'webhooks'],
  'message.resent': ['activity.action.messageResent', 'webhooks'],
  'member.invited': ['activity.action.memberInvited', 'members'],
  'invitation.resent': ['activity.action.invitationResent', 'members'],
  'invitation.revoked': ['activity.action.invitationRevoked', 'members'],
  'member.joined': ['activity.action.memberJoined', 'members'],
  'member.role_changed': ['activity.action.roleChanged', 'members'],
  'member.removed': ['activity.action.memberRemoved', 'members'],
  'member.left': ['activity.action.memberLeft', 'members'],
  'ownership.transferred': ['activity.action.ownershipTransferred', 'members'],
}

/** Which kind an action is; one the widget does not know yet goes by the first word of its name. */
export function kindOf(action: string): Kind | null {
  const known = Object.hasOwn(ACTIONS, action) ? ACTIONS[action] : undefined
  if (known) return known[1]
  const head = action.split('.')[0]
  return head === 'project' ? 'project' : head === 'key' ? 'keys' : head === 'member' || head === 'invitation' ? 'members' : null
}

/** An action in words: the reader's language for the ones the widget knows, else the server's name made readable. */
export function actionText(action: string, t: Translate<typeof teams>): string {
  if (Object.hasOwn(ACTIONS, action)) return t(ACTIONS[action][0])
  const words = action.replace(/[._:-]+/g, ' ').trim()
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : '—'
}
