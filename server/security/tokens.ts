import { randomId, sha256 } from './random'

export type TokenKind = 'device' | 'access'

// The prefixes make a leaked token recognisable (secret scanners, logs).
const PREFIX: Record<TokenKind, string> = { device: 'fxd_', access: 'fxa_' }

export interface NewToken {
  /** Given to the client once; never stored. */
  token: string
  /** What the database keeps. */
  hash: string
}

/** A bearer token of 256 random bits. */
export function newToken(kind: TokenKind): NewToken {
  const token = randomId(PREFIX[kind], 32)
  return { token, hash: sha256(token) }
}

export const hashToken = sha256
