import { errorTable } from '../../http/errors'

/** This resource's refusals, each code beside its wording (thrown by its routes, listed by its operations). */
export const SESSION = errorTable({
  WRONG_CREDENTIALS: 'Incorrect e-mail or password.',
  EMAIL_TAKEN: 'An account with this e-mail already exists.',
})
