import { useGraceOptions } from '../../hooks/useGraceOptions'
import { useT } from '../../i18n'
import { keys as texts } from '../../i18n/en/keys'

/**
 * A key's expiry choices, in the reader's language, as ChoiceField takes them:
 * '' leaves it as it is (for a new key: never), 'never' clears it, a number is
 * seconds from now. Edit and the new key's dialog offer the same.
 */
export function useExpiryOptions(editing: boolean): (readonly [string, string])[] {
  const t = useT(texts)
  const grace = useGraceOptions()
  return [
    // A new key has no expiry yet: "Never" is what leaving it means.
    editing ? [t('keys.expiry.unchanged'), ''] : [t('keys.expiry.never'), ''],
    ...(editing ? [[t('keys.expiry.never'), 'never'] as const] : []),
    ...grace.slice(1),
    [t('keys.expiry.in30Days'), '2592000'],
    [t('keys.expiry.in90Days'), '7776000'],
  ]
}

/** The PATCH's `expiresAt` for a choice: undefined when nothing changes. */
export function expiresAt(choice: string, now = Date.now()): string | null | undefined {
  if (!choice) return undefined
  return choice === 'never' ? null : new Date(now + Number(choice) * 1000).toISOString()
}
