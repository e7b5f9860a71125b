export const KINDS = ['all', 'project', 'keys', 'webhooks', 'members'] as const
export type Kind = (typeof KINDS)[number]

/** The filter's names; the members' kind is named as the Members section is. */
export const KIND_NAME = {
  all: 'activity.kind.all',
  project: 'activity.kind.project',
  keys: 'activity.kind.keys',
  webhooks: 'activity.kind.webhooks',
  members: 'members.heading',
} as const satisfies Record<Kind, string>

/** The kind of each first word of the server's action names (`key.rolled`), so an action the widget does not know yet still files under one. */
const HEADS: Record<string, Exclude<Kind, 'all'>> = {
  project: 'project',
  key: 'keys',
  endpoint: 'webhooks',
  secret: 'webhooks',
  test_event: 'webhooks',
  message: 'webhooks',
  member: 'members',
  invitation: 'members',
  ownership: 'members',
}

export function kindOf(action: string): Kind | null {
  const head = action.split('.')[0]
  return Object.hasOwn(HEADS, head) ? HEADS[head] : null
}

/** An action the widget has no sentence for (a newer server's), in words: its name made readable. */
export function actionText(action: string): string {
  const words = action.replace(/[._:-]+/g, ' ').trim()
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : '—'
}
