import { ApiError, ownError } from './api/errors'
import { refusesOrigin } from './api/unreachable'
import { unreachable as english } from './i18n/en/unreachable'

let warned = false

/**
 * The error of a call with no answer, once the API has been asked why (a
 * chunk the client fetches only then: the first screen has no room for it).
 * An API that refuses this page's origin is told apart from one that is down;
 * its English travels here, as the error's message (error-text.ts shows it),
 * and the host's developer is told once, in the console, what to change.
 */
export async function unreachable(base: string): Promise<ApiError> {
  if (!(await refusesOrigin(base))) return ownError('network', 'error.network')
  if (!warned) {
    warned = true
    // eslint-disable-next-line no-console -- the host's developer is told, once, why every call fails
    console.warn(`flex-portal: ${base} does not allow ${location.origin}: add it to CORS_ORIGINS, or check api-base.`)
  }
  return new ApiError('network', english['error.cors'], 0, undefined, 'error.cors')
}
