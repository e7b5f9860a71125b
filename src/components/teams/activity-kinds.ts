import type { Translate } from '../../i18n'
import { teams } from '../../i18n/en/teams'

export const KINDS = ['all', 'project', 'keys', 'webhooks', 'members'] as const
export type Kind = (typeof KINDS)[number]

/** Which kind an action is, from the first word of its name ("key.rolled" is about keys). */
export function kindOf(action: string): Kind | null {
  const head = action.split(/[._:\s-]/)[0]?.toLowerCase() ?? ''
  if (head === 'project') return 'project'
  if (head === 'key' || head === 'keys' || head === 'api') return 'keys'
  if (head === 'webhook' || head === 'webhooks' || head === 'endpoint' || head === 'secret' || head === 'test') return 'webhooks'
  if (head === 'member' || head === 'members' || head === 'invitation' || head === 'ownership' || head === 'owner') return 'members'
  return null
}

/** An action's name in words: the reader's language for the ones the widget knows, else the server's name made readable. */
export function actionText(action: string, t: Translate<typeof teams>): string {
  const id = `activity.action.${action}`
  if (id in teams) return t(id as keyof typeof teams)
  const words = action.replace(/[._:-]+/g, ' ').trim()
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : '—'
}
