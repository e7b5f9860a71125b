import { errorTable } from '../../http/errors'

/** This resource's refusals, each code beside its wording (thrown by its routes, listed by its operations). */
export const KEYS = errorTable({
  KEY_NOT_FOUND: 'API key not found.',
  KEY_EXPIRED: 'This API key has expired. It can be renamed or deleted, not brought back: create a new one.',
  KEY_ROLLED: 'This API key has already been rolled: roll its replacement instead.',
  KEY_ROLLED_EXPIRY: 'This API key has been rolled: its expiry can only be moved earlier.',
  KEY_LIMIT_FOR_ROLL: (limit: number) =>
    `This project already has ${limit} API keys, the most it can have, so the old key cannot keep working beside its replacement. Roll it with no grace period (it stops at once), or delete another key first.`,
  KEY_EXPIRY_PAST: 'Key expiry must be in the future.',
  KEY_LIMIT_REACHED: (limit: number) => `This project already has ${limit} API keys, the most it can have. Delete one to create another.`,
})
