import { ApiError, isApiError } from '../../api/errors'
import { errorMessage } from '../../error-text'
import type { Translate } from '../../i18n'
import { profile } from '../../i18n/en/profile'

type Id = keyof typeof profile

/**
 * The server's messages these forms know (their validation and the password
 * rule), found by their English, which is the server's word for word. Any
 * other message stays the server's own English.
 */
const KNOWN: readonly Id[] = [
  'profile.server.name.required',
  'profile.server.name.control',
  'profile.server.name.blank',
  'profile.server.current.required',
  'profile.server.new.required',
  'profile.server.password.required',
  'profile.server.password.wrong',
  'profile.server.password.short',
  'profile.server.password.repeated',
  'profile.server.password.email',
  'profile.server.password.common',
  'profile.server.code.refused',
  'profile.email.code.format',
]

/** The failure as thrown, its message in the reader's language when the server's message is one the forms know. */
export function translated(e: unknown, t: Translate<typeof profile>): unknown {
  if (!isApiError(e)) return e
  const id = KNOWN.find((known) => profile[known] === e.message)
  return id ? new ApiError(e.kind, t(id), e.status, e.code) : e
}

/** What a failed call says, for the forms that show it themselves. */
export const accountError = (e: unknown, t: Translate<typeof profile>): string => errorMessage(translated(e, t))
