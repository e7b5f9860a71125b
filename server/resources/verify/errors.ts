import { errorTable } from '../../http/errors'

/** This resource's refusals, each code beside its wording (thrown by its routes, listed by its operations). */
export const VERIFY = errorTable({
  VERIFY_NOT_CONFIGURED: 'Key verification is not configured on this server: set SERVICE_TOKEN to enable POST /keys/verify.',
})
