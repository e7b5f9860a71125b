import { useState } from 'react'
import { MAX_ALLOWED_IPS, type KeyMode } from '../../../../contract/constants'
import type { ScopeEntry } from '../../../api/api-keys'
import type { KeyInfo } from '../../../api/types'
import { useCan } from '../../../components/teams/role'
import { useLang, useT } from '../../../i18n'
import { keyAccess as texts } from '../../../i18n/en/key-access'
import { accessOf, readScopes, type Access } from '../key-restrictions'
import { firstInvalid, ipEntries } from './ip-list'

const same = (a: readonly string[] | null, b: readonly string[] | null) =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((x) => b.includes(x)))

/**
 * The key dialog's choices (mode, access, scopes, allowlist), held while it is
 * open, with what follows from them: the scopes to send, the allowlist's first
 * problem, the sentence, and what the reader's role leaves them to choose
 * (a developer makes test keys and read-only live keys, as the server allows).
 */
export function useKeyAccess(catalog: readonly ScopeEntry[], key?: KeyInfo) {
  const t = useT(texts)
  const lang = useLang()
  const mayBroad = useCan('broad-keys')
  const [mode, setMode] = useState<KeyMode>(key?.mode ?? (mayBroad ? 'live' : 'test'))
  const [access, setAccess] = useState<Access>(key ? accessOf(key.scopes, catalog) : mayBroad ? 'full' : 'read')
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(key?.scopes ?? []))
  const [ipText, setIpText] = useState((key?.allowedIps ?? []).join('\n'))

  const scopes = access === 'full' ? null : access === 'read' ? readScopes(catalog) : catalog.filter((s) => chosen.has(s.name)).map((s) => s.name)
  const allowedIps = ipEntries(ipText)
  const invalid = firstInvalid(allowedIps)
  const ipProblem =
    invalid !== undefined
      ? t('keyAccess.ips.invalid', { entry: invalid })
      : allowedIps.length > MAX_ALLOWED_IPS
        ? t('keyAccess.ips.tooMany', { max: MAX_ALLOWED_IPS })
        : undefined
  // What the role may not choose is not offered; what the key already has stays shown.
  const writes = (s: ScopeEntry) => s.access !== 'read'
  const broadHidden = !mayBroad && mode === 'live'
  const offered = catalog.filter((s) => !broadHidden || !writes(s) || key?.scopes?.includes(s.name))
  const accessOffered = (['full', 'read', 'custom'] as const).filter((a) => a !== 'full' || !broadHidden || (key !== undefined && key.scopes == null))

  const list = (names: string[]) => new Intl.ListFormat(lang, { type: 'conjunction' }).format([...new Set(names)])
  const groupsOf = (level: 'read' | 'write') =>
    list(catalog.filter((s) => chosen.has(s.name) && (s.access === 'read') === (level === 'read')).map((s) => s.group))
  const sentence = t('keyAccess.sentence', {
    mode,
    access,
    reads: access === 'custom' ? groupsOf('read') : '',
    writes: access === 'custom' ? groupsOf('write') : '',
    ranges: allowedIps.length,
  })

  const chooseMode = (next: KeyMode) => {
    setMode(next)
    // Back to live, a developer's choice narrows to what a developer may make.
    if (next === 'live' && !mayBroad) {
      if (access === 'full') setAccess('read')
      setChosen((c) => new Set([...c].filter((n) => catalog.some((s) => s.name === n && !writes(s)))))
    }
  }
  const toggle = (name: string) =>
    setChosen((c) => {
      const next = new Set(c)
      if (!next.delete(name)) next.add(name)
      return next
    })

  return {
    mode,
    chooseMode,
    access,
    setAccess,
    chosen,
    toggle,
    ipText,
    setIpText,
    scopes,
    allowedIps,
    ipProblem,
    sentence,
    offered,
    accessOffered,
    /** The developer's note: shown where broad choices are hidden. */
    roleNote: broadHidden,
    /** What an edit changes: scopes and allowlist only when they differ from the key's. */
    changes: (k: KeyInfo) => ({
      ...(!same(scopes, k.scopes ?? null) && { scopes }),
      ...(!same(allowedIps, k.allowedIps ?? []) && { allowedIps }),
    }),
  }
}

export type KeyAccessState = ReturnType<typeof useKeyAccess>
