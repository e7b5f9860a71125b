import { MAX_ALLOWED_IPS, type KeyMode } from '../../../../contract/constants'
import type { KeyChanges, KeyCreate, ScopeEntry } from '../../../api/api-keys'
import { isApiError } from '../../../api/errors'
import type { KeyInfo } from '../../../api/types'
import { ChoiceField } from '../../../components/ChoiceField'
import { FieldError } from '../../../components/form-dialog/field-error'
import { FormDialog } from '../../../components/form-dialog/FormDialog'
import { FormTextField } from '../../../components/form-dialog/FormTextField'
import { useGraceOptions } from '../../../hooks/useGraceOptions'
import { useT, type Translate } from '../../../i18n'
import { keyAccess as texts } from '../../../i18n/en/key-access'
import { keys } from '../../../i18n/en/keys'
import type { Access } from '../key-restrictions'
import { Choices } from './Choices'
import { IpField } from './IpField'
import { ScopeList } from './ScopeList'
import { useKeyAccess } from './useKeyAccess'

export interface KeyAccessDialogProps {
  catalog: readonly ScopeEntry[]
  /** The key to edit; none: a new key. */
  info?: KeyInfo
  onClose: () => void
  onCreate: (body: KeyCreate) => Promise<void>
  onSave: (body: KeyChanges) => Promise<void>
}

/**
 * The refusals the dialog words itself, by their code: the rest are the
 * server's own message. About the access chosen, they show in the banner
 * (no field of that name); about the allowlist, under it.
 */
function known(e: unknown, t: Translate<typeof texts>): unknown {
  if (!isApiError(e)) return e
  if (e.code === 'BROAD_KEY_ROLE_NEEDED') return new FieldError('access', t('keyAccess.error.role'))
  if (e.code === 'SCOPE_UNKNOWN') return new FieldError('access', t('keyAccess.error.scope'))
  if (e.code === 'ALLOWED_IPS_TOO_MANY') return new FieldError('ips', t('keyAccess.ips.tooMany', { max: MAX_ALLOWED_IPS }))
  // The server's own message names the entry it refused, which no code carries.
  if (e.code === 'ALLOWED_IP_INVALID') return new FieldError('ips', e.message)
  return e
}

/**
 * Create or edit a key on a server with key restrictions: its name (and, in
 * an edit, expiry), mode (fixed once made), access as full, read only or the
 * scopes chosen from the provider's catalog, and an address allowlist
 * checked as it is typed; above the buttons, one sentence says what the key
 * will be able to do.
 */
export function KeyAccessDialog({ catalog, info, onClose, onCreate, onSave }: KeyAccessDialogProps) {
  const t = useT(texts)
  const k = useT(keys)
  const grace = useGraceOptions()
  const state = useKeyAccess(catalog, info)
  const modes: [KeyMode, string, string][] = [
    ['live', t('keyAccess.mode.live'), t('keyAccess.mode.liveHint')],
    ['test', t('keyAccess.mode.test'), t('keyAccess.mode.testHint')],
  ]
  const accessChoices: Record<Access, [Access, string, string]> = {
    full: ['full', t('keyAccess.access.full'), t('keyAccess.access.fullHint')],
    read: ['read', t('keyAccess.access.read'), t('keyAccess.access.readHint')],
    custom: ['custom', t('keyAccess.access.custom'), t('keyAccess.access.customHint')],
  }
  const expiry: (readonly [string, string])[] = [
    [k('keys.expiry.unchanged'), ''],
    [k('keys.expiry.never'), 'never'],
    ...grace.slice(1),
    [k('keys.expiry.in30Days'), '2592000'],
    [k('keys.expiry.in90Days'), '7776000'],
  ]

  const submit = async (form: HTMLFormElement) => {
    if (state.ipProblem) throw new FieldError('ips', state.ipProblem)
    if (state.scopes?.length === 0) throw new FieldError('scopes', t('keyAccess.scopes.none'))
    const data = new FormData(form)
    const name = String(data.get('name')).trim()
    try {
      if (!info) return await onCreate({ ...(name && { name }), mode: state.mode, scopes: state.scopes, allowedIps: state.allowedIps })
      const after = String(data.get('expiry'))
      const expiresAt = after === 'never' ? null : after ? new Date(Date.now() + Number(after) * 1000).toISOString() : undefined
      await onSave({ name, ...(expiresAt !== undefined && { expiresAt }), ...state.changes(info) })
    } catch (e) {
      throw known(e, t)
    }
  }

  return (
    <FormDialog
      title={info ? k('keys.edit.title') : t('keyAccess.create.title')}
      submitLabel={info ? k('keys.edit.save') : t('keyAccess.create.submit')}
      pendingLabel={info ? undefined : k('keys.creating')}
      onClose={onClose}
      onSubmit={submit}
      fields={['name', 'scopes', 'ips']}
    >
      {info ? (
        <FormTextField label={k('keys.edit.name')} name="name" defaultValue={info.name} required maxLength={60} autoComplete="off" />
      ) : (
        <FormTextField label={t('keyAccess.name')} name="name" maxLength={60} autoComplete="off" />
      )}
      {info && <ChoiceField label={k('keys.edit.expires')} name="expiry" options={expiry} />}
      {info ? (
        <p className="text-sm text-fg">
          <span className="font-medium">{t('keyAccess.mode')}:</span> {info.mode === 'test' ? t('keyAccess.mode.test') : t('keyAccess.mode.live')}{' '}
          <span className="text-xs text-muted">{t('keyAccess.mode.fixed')}</span>
        </p>
      ) : (
        <Choices legend={t('keyAccess.mode')} name="mode" value={state.mode} options={modes} onChange={state.chooseMode} />
      )}
      <Choices
        legend={t('keyAccess.access')}
        name="access"
        value={state.access}
        options={state.accessOffered.map((a) => accessChoices[a])}
        onChange={state.setAccess}
      />
      {state.roleNote && <p className="text-xs text-muted">{t('keyAccess.roleNote')}</p>}
      {state.access === 'custom' && <ScopeList legend={t('keyAccess.scopes')} catalog={state.offered} chosen={state.chosen} onToggle={state.toggle} />}
      <IpField
        label={t('keyAccess.ips')}
        hint={t('keyAccess.ips.hint', { max: MAX_ALLOWED_IPS })}
        value={state.ipText}
        problem={state.ipProblem}
        onChange={state.setIpText}
      />
      <p role="status" className="rounded-flex bg-raised px-3 py-2 text-sm font-medium text-fg">
        {state.sentence}
      </p>
    </FormDialog>
  )
}
