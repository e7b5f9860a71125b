import { errorTable } from '../../http/errors'

/** This resource's refusals, each code beside its wording (thrown by its routes, listed by its operations). */
export const PROJECT_ERRORS = errorTable({
  PROJECT_LIMIT_REACHED: (limit: number) => `You already have ${limit} projects, the most an account can have.`,
})
