import type { ErrorCode } from '../../../contract/error-codes'
import { ApiError, isApiError } from '../../api/errors'
import type { Translate } from '../../i18n'
import { profile } from '../../i18n/en/profile'

type Id = keyof typeof profile

/**
 * The server's errors these forms know (their validation and the password
 * rule), found by their code. Any other error stays the server's own English.
 */
const KNOWN: Partial<Record<ErrorCode, Id>> = {
  NAME_REQUIRED: 'profile.server.name.required',
  NAME_CONTROL_CHARACTERS: 'profile.server.name.control',
  NAME_BLANK: 'profile.server.name.blank',
  CURRENT_PASSWORD_REQUIRED: 'profile.server.current.required',
  NEW_PASSWORD_REQUIRED: 'profile.server.new.required',
  PASSWORD_REQUIRED: 'profile.server.password.required',
  WRONG_PASSWORD: 'profile.server.password.wrong',
  PASSWORD_TOO_SHORT: 'profile.server.password.short',
  PASSWORD_REPEATED: 'profile.server.password.repeated',
  PASSWORD_IS_EMAIL: 'profile.server.password.email',
  PASSWORD_TOO_COMMON: 'profile.server.password.common',
  CODE_REFUSED: 'profile.server.code.refused',
  CODE_INVALID: 'profile.email.code.format',
}

/** The failure as thrown, its message in the reader's language when its code is one the forms know. */
export function translated(e: unknown, t: Translate<typeof profile>): unknown {
  if (!isApiError(e) || !e.code) return e
  const id = KNOWN[e.code as ErrorCode]
  return id ? new ApiError(e.kind, t(id), e.status, e.code) : e
}

/** What a failed call says, for the forms that show it themselves (errorText: useErrorText's). */
export const accountError = (e: unknown, t: Translate<typeof profile>, errorText: (error: unknown) => string): string => errorText(translated(e, t))
