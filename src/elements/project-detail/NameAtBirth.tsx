import { ChoiceField } from '../../components/ChoiceField'
import { TextField } from '../../components/TextField'
import { useT } from '../../i18n'
import { keys as texts } from '../../i18n/en/keys'
import type { KeyFields } from '../../../contract/requests'
import { expiresAt, useExpiryOptions } from './expiry'

/**
 * A new key's name and expiry, asked for in the dialog that shows it once, so
 * it is not left as "Key 2": the name the server gave is the placeholder, and a
 * field left as it is changes nothing. Form fields are suffixed by the key's id.
 */
export function NameAtBirth({ keyId, name }: { keyId: string; name?: string }) {
  const t = useT(texts)
  const expiry = useExpiryOptions(false)
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField label={t('keys.edit.name')} name={`name-${keyId}`} placeholder={name} maxLength={60} autoComplete="off" dir="auto" />
      <ChoiceField label={t('keys.edit.expires')} name={`expiry-${keyId}`} options={expiry} />
    </div>
  )
}

/** What the reader changed for one key in the dialog's form, or null when nothing. */
export function editOf(form: HTMLFormElement, keyId: string): KeyFields | null {
  const data = new FormData(form)
  const edit: KeyFields = {}
  const name = String(data.get(`name-${keyId}`) ?? '').trim()
  if (name) edit.name = name
  const expires = expiresAt(String(data.get(`expiry-${keyId}`) ?? ''))
  if (expires !== undefined) edit.expiresAt = expires
  return Object.keys(edit).length > 0 ? edit : null
}
