import { isApiError } from '../../api/errors'

/**
 * The field of the sign-up form a server error is about, from its code (the
 * contract's field checks name the field first: NAME_REQUIRED, EMAIL_INVALID,
 * EMAIL_TAKEN, PASSWORD_TOO_COMMON), so it shows under that field; undefined
 * for what is no field's (no answer, another code or none), which the banner says.
 */
export function fieldOf(error: unknown): string | undefined {
  if (!isApiError(error) || error.reason !== undefined) return undefined
  return /^(NAME|EMAIL|PASSWORD)_/.exec(error.code ?? '')?.[1].toLowerCase()
}
