import { useState } from 'react'
import { MAX_ALLOWED_IPS, type KeyMode } from '../../../contract/constants'
import type { KeyChanges, KeyCreate, ScopeEntry } from '../../api/api-keys'
import { isApiError } from '../../api/errors'
import type { KeyInfo } from '../../api/types'
import { ChoiceField } from '../../components/ChoiceField'
import { FieldError } from '../../components/form-dialog/field-error'
import { FormDialog } from '../../components/form-dialog/FormDialog'
import { FormTextField } from '../../components/form-dialog/FormTextField'
import { useCan } from '../../components/teams/role'
import { useLang, useT, type Translate } from '../../i18n'
import { keyAccess as texts } from '../../i18n/en/key-access'
import { keys } from '../../i18n/en/keys'
import { expiresAt, useExpiryOptions } from './expiry'
import { accessOf, groupsOf, readScopes, same, type Access } from './key-restrictions'
import { Choices } from './key-access/Choices'
import { IpField } from './key-access/IpField'
import { ipCheck, ipEntries } from './key-access/ip-list'
import { ScopeList } from './key-access/ScopeList'

export interface KeyDialogProps {
  /** The provider's scopes, on a server with key restrictions; null: an edit of the name and expiry only. */
  catalog: readonly ScopeEntry[] | null
  /** The key to edit; none: a new key (on a server with key restrictions). */
  info?: KeyInfo
  onClose: () => void
  onCreate: (body: KeyCreate) => Promise<void>
  onSave: (body: KeyChanges) => Promise<void>
}

/**
 * The server's refusals the dialog words itself, by their code; an address it
 * refused is named by the entry sent, which the server's message quotes.
 */
function refusal(e: unknown, t: Translate<typeof texts>, sent: readonly string[]) {
  const code = isApiError(e) && e.code
  const entry = code === 'ALLOWED_IP_INVALID' && sent.find((ip) => (e as Error).message.includes(JSON.stringify(ip)))
  return code === 'BROAD_KEY_ROLE_NEEDED' || code === 'SCOPE_UNKNOWN'
    ? new FieldError('access', t(code === 'SCOPE_UNKNOWN' ? 'keyAccess.error.scope' : 'keyAccess.error.role'))
    : code === 'ALLOWED_IPS_TOO_MANY'
      ? new FieldError('ips', t('keyAccess.ips.tooMany', { max: MAX_ALLOWED_IPS }))
      : entry
        ? new FieldError('ips', t('keyAccess.ips.invalid', { entry }))
        : e
}

/**
 * Create or edit a key. Edit: its name and expiry. On a server with key
 * restrictions, also its mode (fixed once made), access as full, read only or
 * the scopes chosen from the provider's catalog, and an address allowlist whose
 * form is checked as it is typed; above the buttons, one sentence says what
 * the key will be able to do. An edit sends the scopes and allowlist only when
 * they changed (without a catalog they never do). A developer is offered test
 * keys and read-only live keys, as the server allows (what a key already has
 * stays shown).
 */
export function KeyDialog({ catalog, info, onClose, onCreate, onSave }: KeyDialogProps) {
  const t = useT(texts)
  const k = useT(keys)
  const lang = useLang()
  const expiry = useExpiryOptions(true)
  const mayBroad = useCan('broad-keys')
  // A scope the key holds that the catalog no longer names is listed as a write scope of its own (as the server
  // counts it): left out, an edit of the name alone would have taken it from the key.
  const all = catalog
    ? [
        ...catalog,
        ...(info?.scopes ?? [])
          .filter((name) => !catalog.some((s) => s.name === name))
          .map((name) => ({ name, group: name, access: 'write', description: t('keyAccess.scopes.dropped') }) as ScopeEntry),
      ]
    : []
  const [mode, setMode] = useState<KeyMode>(info?.mode ?? (mayBroad ? 'live' : 'test'))
  const [picked, setAccess] = useState<Access>(info ? accessOf(info.scopes, all) : mayBroad ? 'full' : 'read')
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(info?.scopes))
  const [ipText, setIpText] = useState(info?.allowedIps?.join('\n') ?? '')

  const narrow = !mayBroad && mode === 'live'
  const fullOffered = !narrow || (info && info.scopes == null)
  const access = fullOffered || picked !== 'full' ? picked : 'read'
  const offered = narrow ? all.filter((s) => s.access === 'read' || info?.scopes?.includes(s.name)) : all
  // Without a catalog (none, not loaded yet, or failed) the access is not shown, so a key's scopes stay as they are:
  // read against an empty catalog, a list would have come out as none, and the edit refused or the scopes lost.
  const scopes =
    info && !catalog
      ? (info.scopes ?? null)
      : access === 'full'
        ? null
        : access === 'read'
          ? readScopes(all)
          : offered.filter((s) => chosen.has(s.name)).map((s) => s.name)
  const allowedIps = ipEntries(ipText)
  const ipProblem = ipCheck(allowedIps, t)
  const [reads, writes] = [true, false].map((read) => groupsOf(all, scopes, read, lang))

  const submit = async (form: HTMLFormElement) => {
    if (ipProblem) throw new FieldError('ips', ipProblem)
    // Not a field of its own: said in the banner. A key that has none (the API allows it) may still be renamed.
    if (scopes?.length === 0 && !(info && same(scopes, info.scopes))) throw new FieldError('access', t('keyAccess.scopes.none'))
    const data = new FormData(form)
    const name = String(data.get('name')).trim()
    await (
      info
        ? onSave({
            name,
            expiresAt: expiresAt(String(data.get('expiry'))),
            ...(!same(scopes, info.scopes) && { scopes }),
            ...(!same(allowedIps, info.allowedIps ?? []) && { allowedIps }),
          })
        : onCreate({ name: name || undefined, mode, scopes, allowedIps })
    ).catch((e) => {
      throw refusal(e, t, allowedIps)
    })
  }

  return (
    <FormDialog
      title={info ? k('keys.edit.title') : t('keyAccess.create.title')}
      submitLabel={info ? k('keys.edit.save') : t('keyAccess.create.submit')}
      pendingLabel={info ? undefined : k('keys.creating')}
      onClose={onClose}
      onSubmit={submit}
      fields={['name', 'ips']}
    >
      <FormTextField
        label={info ? k('keys.edit.name') : t('keyAccess.name')}
        name="name"
        defaultValue={info?.name}
        required={!!info}
        maxLength={60}
        autoComplete="off"
      />
      {info && <ChoiceField label={k('keys.edit.expires')} name="expiry" options={expiry} />}
      {catalog && (
        <>
          {info ? (
            <p>
              <span className="font-medium">{t('keyAccess.mode')}:</span> {t(info.mode === 'test' ? 'keyAccess.mode.test' : 'keyAccess.mode.live')}{' '}
              <span className="text-xs text-muted">{t('keyAccess.mode.fixed')}</span>
            </p>
          ) : (
            <Choices
              legend={t('keyAccess.mode')}
              value={mode}
              onChange={setMode}
              options={[
                ['live', t('keyAccess.mode.live'), t('keyAccess.mode.liveHint')],
                ['test', t('keyAccess.mode.test'), t('keyAccess.mode.testHint')],
              ]}
            />
          )}
          <Choices
            legend={t('keyAccess.access')}
            value={access}
            onChange={setAccess}
            options={[
              ...(fullOffered ? [['full', t('keyAccess.access.full'), t('keyAccess.access.fullHint')] as const] : []),
              ['read', t('keyAccess.access.read'), t('keyAccess.access.readHint')],
              ['custom', t('keyAccess.access.custom'), t('keyAccess.access.customHint')],
            ]}
          />
          {narrow && <p className="text-xs text-muted">{t('keyAccess.roleNote')}</p>}
          {access === 'custom' && <ScopeList legend={t('keyAccess.scopes')} catalog={offered} chosen={chosen} onChange={setChosen} />}
          <IpField value={ipText} problem={ipProblem} onChange={setIpText} />
          <p role="status" className="rounded-flex bg-raised px-3 py-2 font-medium">
            {t('keyAccess.sentence', { mode, access, reads, writes, ranges: allowedIps.length })}
          </p>
        </>
      )}
    </FormDialog>
  )
}
