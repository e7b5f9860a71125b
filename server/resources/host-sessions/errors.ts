import { errorTable } from '../../http/errors'

/** This resource's refusals, each code beside its wording (thrown by its routes, listed by its operations). */
export const HOST = errorTable({
  HOST_SESSIONS_NOT_CONFIGURED: 'Host sign-in is not configured on this server: set SERVICE_TOKEN to enable POST /sessions.',
  /** One answer for a used, unknown or expired code: which of them it was helps only a guesser. */
  SIGN_IN_CODE_REFUSED: 'This sign-in link is no longer valid. Please try again.',
  /** DELETE /sessions/{externalId}: never signed in, or already deleted (a re-sent deletion gets it too). */
  HOST_ACCOUNT_NOT_FOUND: 'No account of host sign-in has this externalId.',
})
