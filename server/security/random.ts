import { createHash, randomBytes } from 'node:crypto'

/** `prefix` + base64url of `bytes` random bytes: URL-safe, no padding. */
export const randomId = (prefix: string, bytes = 16): string => prefix + randomBytes(bytes).toString('base64url')

/**
 * Hex SHA-256. Enough for tokens and keys, which carry 256 random bits:
 * nobody can guess their way back from the hash, so a slow hash (as for
 * passwords) would only cost time on every request.
 */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex')
