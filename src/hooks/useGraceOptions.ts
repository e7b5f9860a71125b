import { useT } from '../i18n'
import { keys as texts } from '../i18n/en/keys'

const DAY = 86_400

/** A day, in seconds: the overlap a roll offers unless the reader picks another. */
export const GRACE_DEFAULT = `${DAY}`

/** When the old key or secret stops working after a roll, in the reader's language: [text, grace period in seconds], as ChoiceField takes it (keys and the webhooks' secret offer the same). */
export function useGraceOptions(): (readonly [string, string])[] {
  const t = useT(texts)
  return [
    [t('keys.grace.now'), '0'],
    [t('keys.grace.inHour'), '3600'],
    [t('keys.grace.inDay'), GRACE_DEFAULT],
    [t('keys.grace.inWeek'), `${7 * DAY}`],
  ]
}
