import { errorTable } from '../../http/errors'
import { MAX_DAYS } from './operations'

/** This resource's refusals, each code beside its wording (thrown by its routes, listed by its operations). */
export const USAGE = errorTable({ DAYS_INVALID: `days must be a whole number from 1 to ${MAX_DAYS}.` })
