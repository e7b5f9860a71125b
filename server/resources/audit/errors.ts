import { errorTable } from '../../http/errors'

/** This resource's refusals, each code beside its wording (thrown by its routes, listed by its operations). */
export const AUDIT = errorTable({ AUDIT_BEFORE_INVALID: 'before must be the id of an entry of this project’s audit log.' })
