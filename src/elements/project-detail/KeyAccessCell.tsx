import type { ScopeEntry } from '../../api/api-keys'
import type { KeyInfo } from '../../api/types'
import { useT, type Translate } from '../../i18n'
import { keys as texts } from '../../i18n/en/keys'
import { accessOf } from './key-restrictions'

/** The badge a test key carries beside its name, wherever the key is listed. */
export function TestBadge() {
  const t = useT(texts)
  return (
    <span className="ms-2 inline-block whitespace-nowrap rounded-full bg-warning-bg px-2 py-0.5 align-middle text-xs font-medium text-warning">
      {t('keys.mode.test')}
    </span>
  )
}

/** A key's restrictions in a few words: "Full access", "Read only" or "3 scopes", then "2 IP ranges" when it has an allowlist. */
export function keyAccessText(key: KeyInfo, catalog: readonly ScopeEntry[], t: Translate<typeof texts>): string {
  const access = accessOf(key.scopes, catalog)
  const what =
    access === 'full' ? t('keys.access.full') : access === 'read' ? t('keys.access.readOnly') : t('keys.access.scopes', { count: key.scopes?.length ?? 0 })
  const ips = key.allowedIps?.length ?? 0
  return ips > 0 ? `${what} · ${t('keys.access.ips', { count: ips })}` : what
}
